import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ApiKeyCreated } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useCreateApiKey } from '../api/apiKeys';
import { ApiKeyCreatedStep } from './apiKeys/ApiKeyCreatedStep';
import { ApiKeyNameStep } from './apiKeys/ApiKeyNameStep';

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

  // Forget the key once the dialog has gone (it is not kept anywhere in the page). Not before:
  // the closing dialog would flash the name step; not on a timer: with reduced motion the dialog
  // can be open again, and typed into, before the timer fires.
  const forget = () => {
    setCreated(null);
    setName('');
    setError(null);
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
      onClose={created || create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="api-key-dialog-title"
      slotProps={{ transition: { onExited: forget } }}
    >
      {created ? (
        <ApiKeyCreatedStep created={created} onDone={onClose} />
      ) : (
        <ApiKeyNameStep
          name={name}
          onName={(v) => {
            setName(v);
            setError(null);
          }}
          error={error}
          creating={create.isPending}
          onSubmit={submit}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
