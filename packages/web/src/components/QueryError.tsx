import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { resolveErrorMessage } from '../lib/errors';

/** A failed load, with a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {resolveErrorMessage(error)}
    </Alert>
  );
}
