// What the report window shows instead of a report: filters it cannot find, or a failed or stopped run.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Phase } from './useReportJob';

export function ReportRunLost() {
  return (
    <Alert severity="warning" sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
      This report&apos;s filters are not available here. Generate it again from Reporting → On Demand.
    </Alert>
  );
}

export function ReportRunEnded({
  phase,
  onRetry: retry,
}: {
  phase: Phase & { kind: 'failed' | 'stopped' };
  onRetry: () => void;
}) {
  return (
    <Alert
      severity={phase.kind === 'failed' ? 'error' : 'info'}
      sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Generate again
        </Button>
      }
    >
      {phase.kind === 'failed' ? phase.message : 'Report generation was stopped.'}
    </Alert>
  );
}
