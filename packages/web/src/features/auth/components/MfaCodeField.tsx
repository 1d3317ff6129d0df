// The code asked for at sign-in: the authenticator's six digits, or a recovery code.
import type { UseFormRegisterReturn } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { muiField } from '../../../lib/forms';

export function MfaCodeField({
  recovery,
  register,
  error,
}: {
  recovery: boolean;
  register: UseFormRegisterReturn<'code'>;
  error?: string;
}) {
  return recovery ? (
    <TextField
      {...muiField(register)}
      key="recovery"
      id="login-recovery-code"
      label="Recovery code"
      autoComplete="off"
      autoFocus
      error={!!error}
      helperText={error ?? 'One of the codes you saved when you set up two-factor sign-in'}
      slotProps={{
        htmlInput: {
          autoCapitalize: 'none',
          spellCheck: false,
          maxLength: 16,
          style: { letterSpacing: '0.12em', fontSize: 20, fontWeight: 600 },
        },
      }}
    />
  ) : (
    <TextField
      {...muiField(register)}
      key="totp"
      id="login-mfa-code"
      label="Verification code"
      autoComplete="one-time-code"
      autoFocus
      error={!!error}
      helperText={error ?? 'The 6-digit code shown in your authenticator app'}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: 6,
          style: { letterSpacing: '0.3em', fontSize: 20, fontWeight: 600 },
        },
      }}
    />
  );
}
