import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GppGoodOutlinedIcon from '@mui/icons-material/GppGoodOutlined';
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import { Messages } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { MfaSetupForm } from '../../../components/mfa/MfaSetupForm';
import { RecoveryCodesPanel } from '../../../components/mfa/RecoveryCodesPanel';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { useDisableMfa, useEnableMfa, useMfaState, useRegenerateMfa } from '../api/profile';
import { RecoveryCodesSection } from './RecoveryCodesSection';

const PasswordSchema = z.object({ password: z.string().min(1, Messages.requiredField) });
type PasswordValues = z.infer<typeof PasswordSchema>;

function SetupPanel({ onCancel, onDone }: { onCancel: () => void; onDone: (codes: string[]) => void }) {
  const state = useMfaState(true);
  const enable = useEnableMfa();
  const regenerate = useRegenerateMfa();
  const snackbar = useSnackbar();

  if (state.isError) return <QueryError error={state.error} onRetry={() => void state.refetch()} />;
  return (
    <MfaSetupForm
      state={state.data}
      onRegenerate={() => regenerate.mutate(undefined, { onError: (e) => snackbar.error(e) })}
      regenerating={regenerate.isPending}
      confirming={enable.isPending}
      onConfirm={async (code) => {
        const res = await enable.mutateAsync(code);
        if (res.Enabled) {
          snackbar.success(Messages.successfullyUpdated);
          onDone(res.RecoveryCodes ?? []);
        }
      }}
      secondary={
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
      }
    />
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableMfa();
  const snackbar = useSnackbar();
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
      await disable.mutateAsync(v.password);
      snackbar.success(Messages.successfullyUpdated);
      close();
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.Password ?? err.message) : resolveErrorMessage(err);
      setError('password', { message });
    }
  });
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="mfa-disable-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="mfa-disable-title">Turn off multi-factor authentication?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Signing in will need only your password. Enter it to confirm.
          </DialogContentText>
          <PasswordField
            {...muiField(register('password'))}
            id="mfa-disable-password"
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
          <Button type="submit" variant="contained" color="error" loading={disable.isPending}>
            Turn off
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Multi-factor authentication: set up with a QR code (then the recovery codes, shown once), the
 * recovery codes left and a new set, or turn off with the password.
 */
export function MfaCard({ enabled, account }: { enabled: boolean; account?: string }) {
  const [setup, setSetup] = useState(false);
  const [disabling, setDisabling] = useState(false);
  // New recovery codes (after set-up or on request), shown once until the user says they are saved.
  const [codes, setCodes] = useState<string[]>([]);
  return (
    <Card>
      <CardHeader
        title="Multi-factor authentication"
        subheader="A code from your phone on top of your password."
        action={
          enabled ? (
            <Chip label="Enabled" color="success" size="small" sx={{ mt: 0.5, mr: 1 }} />
          ) : (
            <Chip label="Off" size="small" variant="outlined" sx={{ mt: 0.5, mr: 1 }} />
          )
        }
      />
      <CardContent>
        {codes.length > 0 ? (
          <RecoveryCodesPanel codes={codes} account={account} onDone={() => setCodes([])} />
        ) : enabled ? (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <GppGoodOutlinedIcon sx={{ color: 'status.success', mt: 0.25 }} />
              <Typography sx={{ color: 'text.secondary', fontSize: 14.5 }}>
                Each sign-in asks for a code from your authenticator app after your password.
              </Typography>
            </Box>
            <RecoveryCodesSection onCodes={setCodes} />
            <Box>
              <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                Turn off multi-factor authentication
              </Button>
            </Box>
          </Stack>
        ) : setup ? (
          <SetupPanel
            onCancel={() => setSetup(false)}
            onDone={(issued) => {
              setSetup(false);
              setCodes(issued);
            }}
          />
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <GppMaybeOutlinedIcon sx={{ color: 'status.warning', mt: 0.25 }} />
              <Typography sx={{ color: 'text.secondary', fontSize: 14.5 }}>
                Your account is protected by your password only. Add an authenticator app so that a stolen password is
                not enough to get in.
              </Typography>
            </Box>
            <Box>
              <Button variant="contained" onClick={() => setSetup(true)}>
                Enable multi-factor authentication
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
      <DisableDialog open={disabling} onClose={() => setDisabling(false)} />
    </Card>
  );
}
