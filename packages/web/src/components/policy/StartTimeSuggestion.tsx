import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMoveStart, useUnpopularTime } from '../../lib/popularityApi';
import { useSnackbar } from '../snackbar';

/** "no other job", "1 other job", "3 other jobs". */
const others = (n: number) => (n === 0 ? 'no other job' : `${n} other job${n === 1 ? '' : 's'}`);

/**
 * Backup time popularity (flag brTimePopularity): how crowded the backup's start is on its
 * storage or site, and a quieter start time near it with an "Apply" button.
 */
export function StartTimeSuggestion({ backupId }: { backupId: number }) {
  const snackbar = useSnackbar();
  const q = useUnpopularTime(backupId);
  const move = useMoveStart(backupId);
  if (!q.data || q.data.Neighbours === 0) return null;
  const d = q.data;
  const at = (time: string | null) => d.Slots.find((s) => s.Time === time)?.Count ?? 0;
  const quiet = d.CurrentTime === d.SuggestedTime;
  return (
    <Alert
      id="start-time-suggestion"
      severity={quiet ? 'success' : 'info'}
      sx={{ gridColumn: { sm: '1 / -1' } }}
      action={
        quiet ? undefined : (
          <Button
            color="inherit"
            size="small"
            loading={move.isPending}
            onClick={() =>
              move.mutate(d.SuggestedTime, {
                onSuccess: (r) => snackbar.success(`Start time moved to ${r.StartTime}`),
                onError: (err) => snackbar.error(err),
              })
            }
          >
            Apply
          </Button>
        )
      }
    >
      {quiet
        ? `Starts at ${d.CurrentTime}, the quietest time near it on this storage (${others(at(d.CurrentTime))} then).`
        : `${d.CurrentTime ? `Starts at ${d.CurrentTime} with ${others(at(d.CurrentTime))} on this storage. ` : ''}Quieter start: ${d.SuggestedTime}, with ${others(at(d.SuggestedTime))}.`}
    </Alert>
  );
}
