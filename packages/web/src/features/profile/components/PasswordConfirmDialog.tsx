// A step taken only after the user enters their current password again (turn off MFA, new recovery codes).
import type { ReactNode } from 'react';
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
import { Messages } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';

const PasswordSchema = z.object({ password: z.string().min(1, Messages.requiredField) });
type PasswordValues = z.infer<typeof PasswordSchema>;

/**
 * Asks for the password and runs `onConfirm` with it; a refusal (wrong password, or any other error)
 * is shown under the field and the dialog stays open.
 */
export function PasswordConfirmDialog(props: {
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: (password: string) => Promise<void>;
}) {
  const { register, handleSubmit, formState, reset, setError } = useForm<PasswordValues>({
    resolver: zodResolver(PasswordSchema),
    defaultValues: { password: '' },
  });
  const close = () => {
    reset();
    props.onClose();
  };
  const submit = handleSubmit(async (v) => {
    try {
      await props.onConfirm(v.password);
      close();
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.Password ?? err.message) : resolveErrorMessage(err);
      setError('password', { message });
    }
  });
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={`${props.id}-title`}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={`${props.id}-title`}>{props.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{props.text}</DialogContentText>
          <PasswordField
            {...muiField(register('password'))}
            id={`${props.id}-password`}
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
          <Button type="submit" variant="contained" color={props.danger ? 'error' : 'primary'} loading={props.pending}>
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
