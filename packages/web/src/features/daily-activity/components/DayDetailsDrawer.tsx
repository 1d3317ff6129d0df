import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import type { AuditResult, DailyActivityRow } from '@vigil/contract';
import { DRAWER_WIDTH } from '../../../components/results/constants';
import { useSnackbar } from '../../../components/snackbar';
import type { IsoDay } from '../../../lib/days';
import { useGroupDetails, useStatusLog } from '../api/dailyActivity';
import { DayDrawerHeader } from './day/DayDrawerHeader';
import { DayGroupSection } from './day/DayGroupSection';
import { DayLogSection } from './day/DayLogSection';

/**
 * One backup's day, from a Daily Activity row: its group details (schedule, the day's status
 * and counts, audit marks) and its status log (every result in time order). A failed load
 * closes the drawer.
 */
export function DayDetailsDrawer({
  row,
  date,
  onClose,
  onOpenResult,
}: {
  row: DailyActivityRow | null;
  date: IsoDay;
  onClose: () => void;
  onOpenResult: (row: DailyActivityRow, result: AuditResult, all: AuditResult[]) => void;
}) {
  const snackbar = useSnackbar();
  const id = row?.PolicyId ?? null;
  const group = useGroupDetails(id, date);
  const log = useStatusLog(id, date);
  const failed = group.isError ? group.error : log.isError ? log.error : null;

  useEffect(() => {
    if (row && failed) {
      snackbar.error(failed);
      onClose();
    }
  }, [row, failed, snackbar, onClose]);

  return (
    <Drawer
      anchor="right"
      open={!!row}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: DRAWER_WIDTH }, maxWidth: '100%' },
          'aria-labelledby': 'day-drawer-title',
        } as object,
      }}
    >
      {row && (
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }} data-testid="day-drawer">
          <DayDrawerHeader row={row} date={date} onClose={onClose} />
          <Divider />
          <Box sx={{ px: 2.5, py: 2, display: 'grid', gap: 2.5, overflowY: 'auto' }}>
            <DayGroupSection g={group.data} />
            <DayLogSection log={log} onOpen={(r, all) => onOpenResult(row, r, all)} />
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
