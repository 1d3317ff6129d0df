import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import KeyRoundedIcon from '@mui/icons-material/KeyRounded';
import { Messages } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { useRecoveryCodesStatus, useRegenerateRecoveryCodes } from '../api/profile';

const PasswordSchema = z.object({ password: z.string().min(1, Messages.requiredField) });
type PasswordValues = z.infer<typeof PasswordSchema>;

/** New recovery codes behind the current password; the codes go up to the card, which shows them once. */
function RegenerateDialog({
  open,
  onClose,
  onCodes,
}: {
  open: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const { register, handleSubmit, formState, reset, setError } = useForm<PasswordValues>({
    resolver: zodResolver(PasswordSchema),
    defaultValues: { password: '' },
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit(async (v) => {
    try {
      const issued = await regenerate.mutateAsync(v.password);
      close();
      onCodes(issued.RecoveryCodes);
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.Password ?? err.message) : resolveErrorMessage(err);
      setError('password', { message });
    }
  });
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="recovery-regenerate-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recovery-regenerate-title">Create new recovery codes?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your current recovery codes stop working at once. Enter your password to confirm.
          </DialogContentText>
          <PasswordField
            {...muiField(register('password'))}
            id="recovery-regenerate-password"
            label="Password"
            autoComplete="current-password"
            autoFocus
            error={!!formState.errors.password}
            helperText={formState.errors.password?.message}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={regenerate.isPending}>
            Create new codes
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** "n of 10 recovery codes left" and the way to a new set, on the card of an enrolled user. */
export function RecoveryCodesSection({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const status = useRecoveryCodesStatus(true);
  const [open, setOpen] = useState(false);
  const left = status.data?.Left ?? 0;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <KeyRoundedIcon sx={{ color: left > 2 ? 'text.secondary' : 'status.warning', mt: 0.25 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>Recovery codes</Typography>
        {status.data ? (
          <Typography data-testid="recovery-codes-left" sx={{ color: 'text.secondary', fontSize: 14 }}>
            {left} of {status.data.Total} left. Each one signs you in once if you lose your phone.
          </Typography>
        ) : (
          <Skeleton width={260} />
        )}
        <Button size="small" sx={{ mt: 0.5, px: 0.5 }} onClick={() => setOpen(true)}>
          Create new recovery codes
        </Button>
      </Box>
      <RegenerateDialog open={open} onClose={() => setOpen(false)} onCodes={onCodes} />
    </Box>
  );
}
