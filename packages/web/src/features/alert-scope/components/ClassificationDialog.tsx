import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { AlertClassificationInput } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';

/** Adds or edits a classification: its label and the type it is grouped under. */
export function ClassificationDialog({
  title,
  initial,
  types,
  onSave,
  onClose,
}: {
  title: string;
  initial: AlertClassificationInput;
  types: readonly string[];
  onSave: (input: AlertClassificationInput) => Promise<void>;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const [label, setLabel] = useState(initial.label);
  const [type, setType] = useState(initial.type);
  const [busy, setBusy] = useState(false);
  const ok = !!label.trim() && !!type.trim();
  const submit = async () => {
    if (!ok) return;
    setBusy(true);
    try {
      await onSave({ label: label.trim(), type: type.trim() });
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
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          autoFocus
          label="Label"
          value={label}
          required
          error={!label.trim()}
          onChange={(e) => setLabel(e.target.value)}
        />
        <Autocomplete
          freeSolo
          options={types as string[]}
          inputValue={type}
          onInputChange={(_e, v) => setType(v)}
          renderInput={(params) => <TextField {...params} label="Type" required error={!type.trim()} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!ok || busy} onClick={() => void submit()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
