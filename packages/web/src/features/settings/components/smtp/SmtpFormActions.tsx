// The foot of the SMTP server form: the connection test's progress or failure, Delete, Cancel, Test and save.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { EmailSettings } from '@vigil/contract';

export function SmtpFormActions({
  current,
  testing,
  failure,
  busy,
  onCancel,
  onDelete,
}: {
  current: EmailSettings | null;
  /** Test and save is running (the server tests the connection first). */
  testing: boolean;
  failure: string | null;
  busy: boolean;
  onCancel?: () => void;
  onDelete: (s: EmailSettings) => void;
}) {
  return (
    <>
      {testing && (
        <Alert severity="info" icon={<CircularProgress size={18} />} role="status">
          Testing connection…
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert" data-testid="smtp-error">
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button color="error" disabled={!current || busy} onClick={() => current && onDelete(current)}>
          {!current || current.IsDefault ? 'Use system mail' : 'Delete'}
        </Button>
        <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
          {!current && onCancel && (
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" variant="contained" loading={testing} disabled={busy && !testing}>
            Test and save
          </Button>
        </Box>
      </Box>
    </>
  );
}
