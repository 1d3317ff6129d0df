// Says why an SMTP server cannot be deleted (ticket profiles still use it).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Blocked } from './smtpServers';

export function SmtpBlockedDialog({ blocked, onClose }: { blocked: Blocked | null; onClose: () => void }) {
  return (
    <Dialog open={!!blocked} onClose={() => onClose()} fullWidth maxWidth="xs" aria-labelledby="smtp-blocked-title">
      <DialogTitle id="smtp-blocked-title">{blocked?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{blocked?.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={() => onClose()}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
