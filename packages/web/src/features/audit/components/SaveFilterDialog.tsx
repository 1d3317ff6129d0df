import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/** Asks for a name under which the current Audit filters are saved (the user's own). */
export function SaveFilterDialog({
  open,
  onClose,
  onSave,
  busy,
  error,
}: {
  open: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
  busy: boolean;
  error: string | null;
}) {
  const [name, setName] = useState('');
  const problem = name.trim() ? null : 'Name is required';
  const [touched, setTouched] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="save-filter-title"
      slotProps={{
        transition: {
          onExited: () => {
            setName('');
            setTouched(false);
          },
        },
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem) onSave(name.trim());
        }}
      >
        <DialogTitle id="save-filter-title">Save filters as</DialogTitle>
        <DialogContent>
          <TextField
            id="save-filter-name"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value.replace(/^\s+/, ''))}
            autoFocus
            error={(touched && !!problem) || !!error}
            helperText={(touched && problem) || error || 'Saved filters are yours; others do not see them.'}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
