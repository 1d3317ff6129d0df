// The status log of one backup's day: every result in time order, each one opening its popup.
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AuditResult } from '@vigil/contract';
import { ResultsList } from '../../../../components/results/ResultsList';
import type { useStatusLog } from '../../api/dailyActivity';

export function DayLogSection({
  log,
  onOpen,
}: {
  log: ReturnType<typeof useStatusLog>;
  onOpen: (result: AuditResult, all: AuditResult[]) => void;
}) {
  return (
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
          onOpen={(r) => onOpen(r, log.data.Results)}
          emptyText="No results on this day."
        />
      )}
    </Box>
  );
}
