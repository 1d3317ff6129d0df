import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ScheduleRoundedIcon from '@mui/icons-material/ScheduleRounded';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import { analyzeButtonText, runtimeIcon, runtimeStatusText } from '../../lib/alertReparse';
import type { ReparseRun } from './useReparseRun';

function StatusIcon({ icon }: { icon: 'clock' | 'spinner' | 'check' }) {
  if (icon === 'spinner') return <CircularProgress size={16} aria-hidden />;
  if (icon === 'check') return <CheckCircleRoundedIcon fontSize="small" color="success" aria-hidden />;
  return <ScheduleRoundedIcon fontSize="small" color="action" aria-hidden />;
}

/**
 * Analyze / Reanalyze (features §4.2): disabled while a run is pending; the run's status shows
 * beside it with a clock, a spinner or a check, and "with errors." when it failed.
 */
export function AnalyzeButton({
  run,
  versionsCount,
  disabled,
}: {
  run: ReparseRun;
  versionsCount: number;
  disabled?: boolean;
}) {
  const status = run.status;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={run.pending ? undefined : <AutoAwesomeRoundedIcon />}
        disabled={run.pending || disabled}
        onClick={() => void run.start()}
      >
        {analyzeButtonText(versionsCount, run.pending)}
      </Button>
      {(run.pending || status) && (
        <Box
          role="status"
          aria-live="polite"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
          data-testid="reparse-status"
        >
          <StatusIcon icon={runtimeIcon(status?.runtimeStatus)} />
          <Typography sx={{ fontSize: 13.5, color: 'text.secondary' }}>{runtimeStatusText(status)}</Typography>
        </Box>
      )}
    </Box>
  );
}
