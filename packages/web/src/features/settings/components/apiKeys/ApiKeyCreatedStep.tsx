// The second step of creating an API key: the key, shown once, to copy.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { API_KEY_HEADER, type ApiKeyCreated } from '@vigil/contract';
import { CopyButton } from '../../../../components/CopyButton';

export function ApiKeyCreatedStep({ created, onDone: close }: { created: ApiKeyCreated; onDone: () => void }) {
  return (
    <>
      <DialogTitle id="api-key-dialog-title">API key created</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy this key now. <strong>You will not see it again</strong>: Vigil keeps only a fingerprint of it. If it is
          lost, delete the key and create a new one.
        </Alert>
        <TextField
          fullWidth
          id="api-key-value"
          label={`Key “${created.Name}”`}
          value={created.Key}
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 14 } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <CopyButton text={created.Key} label="Copy API key" successMessage="API key copied" />
                </InputAdornment>
              ),
            },
          }}
        />
        <DialogContentText sx={{ mt: 2, fontSize: 14 }}>
          Send it in the <code>{API_KEY_HEADER}</code> header of each request to the public API. Anyone holding it can
          read this tenant's backups, results and companies.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={close}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
