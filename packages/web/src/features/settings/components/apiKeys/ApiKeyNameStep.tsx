// The first step of creating an API key: its name.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

const MAX_NAME = 100;

export function ApiKeyNameStep({
  name,
  onName,
  error,
  creating,
  onSubmit: submit,
  onCancel: close,
}: {
  name: string;
  onName: (name: string) => void;
  error: string | null;
  creating: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <DialogTitle id="api-key-dialog-title">Create API key</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, fontSize: 14 }}>
          Name the key after the tool that will use it, so you know which one to delete when the tool goes.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          id="api-key-name"
          label="Name"
          placeholder="e.g. PSA sync, Power BI"
          value={name}
          onChange={(e) => onName(e.target.value.replace(/^\s+/, ''))}
          error={!!error}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { maxLength: MAX_NAME } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={creating}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={creating}>
          Create key
        </Button>
      </DialogActions>
    </Box>
  );
}
