import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '../../../components/snackbar';

/** A one-field dialog: a new name, required; closes once `onSave` resolved. */
export function RenameDialog({
  title,
  initial,
  fieldLabel = 'Label',
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  fieldLabel?: string;
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);
  const empty = !value.trim();
  const submit = async () => {
    if (empty) return;
    setBusy(true);
    try {
      await onSave(value.trim());
      onClose();
    } catch (err) {
      snackbar.error(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={fieldLabel}
          value={value}
          required
          error={empty}
          helperText={empty ? `${fieldLabel} is required` : ' '}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void submit();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={empty || busy || value.trim() === initial} onClick={() => void submit()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
