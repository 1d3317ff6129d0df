import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { AuditResult, DailyActivityRow } from '@vigil/contract';
import { DRAWER_WIDTH } from '../../../components/results/constants';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ResultsList } from '../../../components/results/ResultsList';
import { DayStatusChip } from '../../../components/results/StatusChip';
import { useSnackbar } from '../../../components/snackbar';
import { MARK_LABELS } from '../../../lib/auditWindows';
import type { IsoDay } from '../../../lib/days';
import { useGroupDetails, useStatusLog } from '../api/dailyActivity';

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      <Typography component="dt" sx={{ color: 'text.secondary', fontSize: 13, py: 0.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: 14, py: 0.5, minWidth: 0, overflowWrap: 'anywhere' }}>
        {empty ? '-' : children}
      </Typography>
    </>
  );
}

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
  const f = useTenantFormats();
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

  const g = group.data;
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
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 2.5, pt: 2, pb: 1.5 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="overline" sx={{ color: 'primary.main', lineHeight: 1.6, display: 'block' }}>
                {f.day(date)}
              </Typography>
              <Typography id="day-drawer-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {row.JobName || '-'}
              </Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: 13.5, overflowWrap: 'anywhere' }}>
                {row.DeviceName} · {row.CompanyName}
              </Typography>
            </Box>
            <IconButton aria-label="Close details" onClick={onClose} sx={{ mt: 0.5, mr: -1 }}>
              <CloseRoundedIcon />
            </IconButton>
          </Box>
          <Divider />
          <Box sx={{ px: 2.5, py: 2, display: 'grid', gap: 2.5, overflowY: 'auto' }}>
            <Box component="section" aria-labelledby="day-drawer-group">
              <Typography id="day-drawer-group" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                The day
              </Typography>
              {!g ? (
                <Skeleton variant="rounded" height={160} />
              ) : (
                <Box
                  component="dl"
                  sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2 }}
                >
                  <Field label="Status">
                    <DayStatusChip status={g.DayStatus} />
                  </Field>
                  <Field label="Results">
                    {g.CountSuccess + g.CountWarning + g.CountFailure === 0
                      ? 'None'
                      : [
                          g.CountSuccess && `${g.CountSuccess} Success`,
                          g.CountWarning && `${g.CountWarning} Warning`,
                          g.CountFailure && `${g.CountFailure} Failure`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                  </Field>
                  <Field label="Schedule">{g.ScheduleName}</Field>
                  <Field label="Scheduled">{g.IsScheduled ? 'Yes, due on this day' : 'No'}</Field>
                  <Field label="Vendor">{g.VendorName}</Field>
                  <Field label="Company">{g.CompanyName}</Field>
                  <Field label="Audit">
                    {g.Actions.length
                      ? g.Actions.map((a) => (
                          <Box key={a.Id} component="span" sx={{ display: 'block' }}>
                            {MARK_LABELS[a.Kind].done} by {a.UserName ?? 'a former user'}, {f.dateTime(a.CreatedAt)}
                            {a.Notes ? ` — ${a.Notes}` : ''}
                          </Box>
                        ))
                      : ''}
                  </Field>
                </Box>
              )}
            </Box>
            <Box component="section" aria-labelledby="day-drawer-log">
              <Typography id="day-drawer-log" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                Status log
              </Typography>
              {!log.data ? (
                <Box sx={{ display: 'grid', gap: 1 }}>
                  <Skeleton variant="rounded" height={64} />
                  <Skeleton variant="rounded" height={64} />
                </Box>
              ) : (
                <ResultsList
                  results={log.data.Results}
                  onOpen={(r) => onOpenResult(row, r, log.data.Results)}
                  emptyText="No results on this day."
                />
              )}
            </Box>
          </Box>
        </Box>
      )}
    </Drawer>
  );
}
