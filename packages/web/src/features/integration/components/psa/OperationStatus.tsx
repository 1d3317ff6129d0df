import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { OPERATION_FAILED, type CrmOperation } from '@vigil/contract';

/** The runtime status of a sync or preload: pending with a bar (and Cancel), then its outcome. */
export function OperationStatusLine({
  op,
  error,
  doneText,
  onCancel,
  testId,
}: {
  op: CrmOperation<unknown> | null;
  error: string | null;
  doneText?: string;
  onCancel?: () => void;
  testId?: string;
}) {
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 1.5 }} data-testid={testId}>
        {error}
      </Alert>
    );
  if (!op) return null;
  if (op.Status === 'pending')
    return (
      <Box sx={{ mt: 1.5 }} data-testid={testId} role="status" aria-live="polite">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: 1, fontSize: 14, color: 'text.secondary' }}>{op.Message ?? 'Pending…'}</Box>
          {onCancel && (
            <Button size="small" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Box>
        <LinearProgress sx={{ mt: 0.75, borderRadius: 2 }} aria-label="Running" />
      </Box>
    );
  const severity = op.Status === 'completed' ? 'success' : op.Status === 'cancelled' ? 'info' : 'error';
  const text =
    op.Status === 'completed'
      ? (doneText ?? op.Message ?? 'Completed')
      : op.Status === 'cancelled'
        ? 'Cancelled'
        : (op.Message ?? OPERATION_FAILED);
  return (
    <Alert severity={severity} sx={{ mt: 1.5 }} role="status" data-testid={testId}>
      {text}
    </Alert>
  );
}
