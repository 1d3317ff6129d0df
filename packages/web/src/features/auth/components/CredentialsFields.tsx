// The e-mail and password of the sign-in form, with the link to recover a forgotten password.
import { Link as RouterLink } from 'react-router';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { PasswordField } from '../../../components/PasswordField';
import { muiField } from '../../../lib/forms';
import type { Credentials } from '../credentials';

export function CredentialsFields({
  register,
  errors,
}: {
  register: UseFormRegister<Credentials>;
  errors: FieldErrors<Credentials>;
}) {
  return (
    <>
      <TextField
        {...muiField(register('email'))}
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        error={!!errors.email}
        helperText={errors.email?.message}
      />
      <Box>
        <PasswordField
          {...muiField(register('password'))}
          id="login-password"
          label="Password"
          autoComplete="current-password"
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Link component={RouterLink} to="/page/recover" sx={{ fontSize: 14, fontWeight: 600 }}>
            Forgot password?
          </Link>
        </Box>
      </Box>
    </>
  );
}
