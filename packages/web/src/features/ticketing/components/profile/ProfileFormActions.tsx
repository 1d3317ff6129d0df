// The foot of the ticket profile form: its error, Cancel and Save, and the veil while it saves.
import Alert from '@mui/material/Alert';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export function ProfileFormActions({
  id,
  error,
  saving,
  onCancel,
}: {
  id: number | null;
  error?: string;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {id ? 'Save' : 'Create'}
        </Button>
      </Box>
      <Backdrop
        open={saving}
        sx={{ position: 'absolute', zIndex: 2, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.25)' }}
        aria-label="Saving"
      >
        <CircularProgress />
      </Backdrop>
    </>
  );
}
