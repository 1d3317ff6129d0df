import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Messages } from '@vigil/contract';
import { useSnackbar } from './snackbar';

export interface ConfirmRequest {
  title: string;
  /** Shown after the spec's "Are you sure you want to delete:" (or `message`). */
  subject?: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  /** `safe` for a confirmation of something that destroys nothing (a plan change, a move): a primary button, not a red one. */
  tone?: 'danger' | 'safe';
  /** Runs on confirm; the dialog stays open with a spinner until it settles and shows a failure. */
  action: () => Promise<unknown>;
}

/** A confirmation, by default of a destructive action. Open it with a request; it closes itself when done. */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<ConfirmRequest | null>(request);
  // Keep the last request on screen while the dialog fades out.
  if (request && request !== shown) setShown(request);

  const confirm = async () => {
    if (!request) return;
    setBusy(true);
    try {
      await request.action();
      onClose();
    } catch (err) {
      snackbar.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!request}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <DialogTitle id="confirm-title">{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {shown?.message ?? Messages.confirmDelete}
          {shown?.subject && (
            <>
              {' '}
              <strong>{shown.subject}</strong>
            </>
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={shown?.tone === 'safe' ? 'primary' : 'error'}
          onClick={() => void confirm()}
          loading={busy}
        >
          {shown?.confirmLabel ?? 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
