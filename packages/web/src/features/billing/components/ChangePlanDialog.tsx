import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PlanInfo } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { planLimit, planPrice } from '../../../components/billing/PlanCard';

/**
 * Confirms a plan change with its price and limit. With a checkout the next step is the payment
 * page; otherwise the change applies when confirmed. A refusal (e.g. too many active units) shows
 * the server's message and keeps the dialog open.
 */
export function ChangePlanDialog({
  plan,
  viaCheckout,
  onConfirm,
  onClose,
}: {
  plan: PlanInfo | null;
  viaCheckout: boolean;
  onConfirm: (p: PlanInfo) => Promise<unknown>;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<PlanInfo | null>(plan);
  if (plan && plan !== shown) setShown(plan);

  const confirm = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      await onConfirm(plan);
      onClose();
    } catch (err) {
      snackbar.error(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={!!plan}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-plan-title"
      aria-describedby="change-plan-text"
    >
      <DialogTitle id="change-plan-title">Change to {shown?.Name}</DialogTitle>
      <DialogContent>
        <DialogContentText id="change-plan-text">
          {shown &&
            `${shown.Name} costs ${planPrice(shown)} (${planLimit(shown).toLowerCase()}). ${
              viaCheckout ? 'You will be taken to the payment page to subscribe.' : 'The change applies at once.'
            }`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} loading={busy}>
          {viaCheckout ? 'Continue to payment' : 'Change plan'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
