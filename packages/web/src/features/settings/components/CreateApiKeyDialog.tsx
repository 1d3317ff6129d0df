import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { API_KEY_HEADER, type ApiKeyCreated } from '@vigil/contract';
import { CopyButton } from '../../../components/CopyButton';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useCreateApiKey } from '../api/apiKeys';

const MAX_NAME = 100;

/**
 * Names a new key, then shows it once. The second step closes only by its button, so a stray
 * click beside the dialog cannot lose a key that is never shown again.
 */
export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const snackbar = useSnackbar();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);

  const close = () => {
    onClose();
    // Forget the key as the dialog goes: it is not kept anywhere in the page.
    window.setTimeout(() => {
      setCreated(null);
      setName('');
      setError(null);
    }, 200);
  };

  const submit = async () => {
    const v = name.trim();
    if (!v) return setError('Name is a required field');
    try {
      const key = await create.mutateAsync(v);
      setCreated(key);
      snackbar.success('Successfully added');
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.Name) || resolveErrorMessage(err));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={created || create.isPending ? undefined : close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="api-key-dialog-title"
    >
      {created ? (
        <>
          <DialogTitle id="api-key-dialog-title">API key created</DialogTitle>
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              Copy this key now. <strong>You will not see it again</strong>: Vigil keeps only a fingerprint of it. If it
              is lost, delete the key and create a new one.
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
              Send it in the <code>{API_KEY_HEADER}</code> header of each request to the public API. Anyone holding it
              can read this tenant's backups, results and companies.
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
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
              onChange={(e) => {
                setName(e.target.value.replace(/^\s+/, ''));
                setError(null);
              }}
              error={!!error}
              helperText={error ?? ' '}
              slotProps={{ htmlInput: { maxLength: MAX_NAME } }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create key
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
