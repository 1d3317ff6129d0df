import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
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
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import GppGoodOutlinedIcon from '@mui/icons-material/GppGoodOutlined';
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import { Messages } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { useDisableMfa, useEnableMfa, useMfaState, useRegenerateMfa } from '../api/profile';
import { QrCode } from './QrCode';

const CodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
type CodeValues = z.infer<typeof CodeSchema>;

const PasswordSchema = z.object({ password: z.string().min(1, Messages.requiredField) });
type PasswordValues = z.infer<typeof PasswordSchema>;

function SetupPanel({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const state = useMfaState(true);
  const enable = useEnableMfa();
  const regenerate = useRegenerateMfa();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<CodeValues>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await enable.mutateAsync(v.code.trim());
      if (res.Enabled) {
        snackbar.success(Messages.successfullyUpdated);
        onDone();
      }
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.Code : undefined;
      if (field) setFieldError('code', { message: field });
      else setError(resolveErrorMessage(err));
    }
  });

  if (state.isError) return <QueryError error={state.error} onRetry={() => void state.refetch()} />;
  const secret = state.data?.Secret;
  const url = state.data?.OtpAuthUrl;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Box>
          <Typography sx={{ fontWeight: 650, mb: 0.5 }}>1. Scan the code</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>
            Open an authenticator app (Microsoft Authenticator, Google Authenticator, 1Password…) and scan this QR code.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2.5, alignItems: 'center', flexWrap: 'wrap' }}>
          {url ? (
            <QrCode value={url} label="QR code for your authenticator app" />
          ) : (
            <Skeleton variant="rounded" width={204} height={204} />
          )}
          <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
            <Typography sx={{ color: 'text.secondary', fontSize: 13.5, mb: 0.75 }}>
              Can’t scan? Enter this key instead:
            </Typography>
            {secret ? (
              <Box
                sx={(t) => ({
                  px: 1.5,
                  py: 1,
                  borderRadius: '8px',
                  bgcolor: alpha(t.palette.text.primary, 0.05),
                  border: 1,
                  borderColor: 'divider',
                })}
              >
                <Typography
                  data-testid="mfa-secret"
                  component="code"
                  sx={{
                    fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
                    fontSize: 14,
                    fontWeight: 600,
                    letterSpacing: '0.06em',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {secret}
                </Typography>
              </Box>
            ) : (
              <Skeleton width="100%" height={40} />
            )}
            <Button
              size="small"
              sx={{ mt: 1, px: 0.5 }}
              onClick={() => regenerate.mutate(undefined, { onError: (e) => snackbar.error(e) })}
              loading={regenerate.isPending}
            >
              Use a new key
            </Button>
          </Box>
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 650, mb: 0.5 }}>2. Enter the code it shows</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, mb: 1.5 }}>
            The app shows a 6-digit code that changes every 30 seconds.
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {error}
            </Alert>
          )}
          <TextField
            {...muiField(register('code'))}
            id="mfa-setup-code"
            label="Verification code"
            autoComplete="one-time-code"
            error={!!formState.errors.code}
            helperText={formState.errors.code?.message}
            sx={{ maxWidth: 260 }}
            slotProps={{
              htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, style: { letterSpacing: '0.25em' } },
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={enable.isPending} disabled={!secret}>
            Confirm
          </Button>
        </Box>
      </Stack>
    </Box>
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

/** Multi-factor authentication: set up with a QR code, or turn off with the password. */
export function MfaCard({ enabled }: { enabled: boolean }) {
  const [setup, setSetup] = useState(false);
  const [disabling, setDisabling] = useState(false);
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
        {enabled ? (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <GppGoodOutlinedIcon sx={{ color: 'status.success', mt: 0.25 }} />
              <Typography sx={{ color: 'text.secondary', fontSize: 14.5 }}>
                Each sign-in asks for a code from your authenticator app after your password.
              </Typography>
            </Box>
            <Box>
              <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                Turn off multi-factor authentication
              </Button>
            </Box>
          </Stack>
        ) : setup ? (
          <SetupPanel onCancel={() => setSetup(false)} onDone={() => setSetup(false)} />
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
