import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { MfaState } from '@vigil/contract';
import { ApiError, resolveErrorMessage } from '../../lib/errors';
import { muiField } from '../../lib/forms';
import { QrCode } from './QrCode';

const CodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
type CodeValues = z.infer<typeof CodeSchema>;

/**
 * Adding an authenticator app: the QR code of the pending secret, the secret for typing in by hand,
 * "new key", and the first code to confirm. Used by the profile and by the set-up step of sign-in,
 * which differ only in where the calls go and what happens afterwards.
 */
export function MfaSetupForm({
  state,
  onRegenerate,
  regenerating,
  onConfirm,
  confirming,
  confirmLabel = 'Confirm',
  secondary,
  autoFocus,
}: {
  state: MfaState | undefined;
  onRegenerate: () => void;
  regenerating: boolean;
  /** Rejects with the API's error; a message on `Code` lands under the field. */
  onConfirm: (code: string) => Promise<unknown>;
  confirming: boolean;
  confirmLabel?: string;
  /** A Cancel or Back button beside Confirm. */
  secondary?: ReactNode;
  autoFocus?: boolean;
}) {
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
      await onConfirm(v.code.trim());
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.Code : undefined;
      if (field) setFieldError('code', { message: field });
      else setError(resolveErrorMessage(err));
    }
  });

  const secret = state?.Secret;
  const url = state?.OtpAuthUrl;

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
            <Button size="small" sx={{ mt: 1, px: 0.5 }} onClick={onRegenerate} loading={regenerating}>
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
            <Alert severity="error" role="alert" sx={{ mb: 1.5 }}>
              {error}
            </Alert>
          )}
          <TextField
            {...muiField(register('code'))}
            id="mfa-setup-code"
            label="Verification code"
            autoComplete="one-time-code"
            autoFocus={autoFocus}
            error={!!formState.errors.code}
            helperText={formState.errors.code?.message}
            sx={{ maxWidth: 260 }}
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, style: { letterSpacing: '0.25em' } },
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          {secondary}
          <Button type="submit" variant="contained" loading={confirming} disabled={!secret}>
            {confirmLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
