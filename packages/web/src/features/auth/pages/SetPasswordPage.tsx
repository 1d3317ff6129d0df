import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Messages, ServerMessages, passwordProblem } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { useSetPassword, useValidateResetToken } from '../api/auth';
import { AuthCard } from '../../../components/AuthCard';

/** Features §5.4: the password rule and the confirmation. */
export const NewPasswordSchema = z.object({ password: z.string(), confirm: z.string() }).superRefine((v, ctx) => {
  const problem = passwordProblem(v.password);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  if (v.password !== v.confirm)
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: Messages.passwordsMustMatch });
});
type Values = z.infer<typeof NewPasswordSchema>;

function invalidLinkMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 400
    ? ServerMessages.resetLinkInvalid
    : resolveErrorMessage(error);
}

/** Platform §2 setPassword/{token}: the link from the reset e-mail. */
export default function SetPasswordPage() {
  const { token = '' } = useParams();
  const tokenLooksValid = token.length >= 10 && token.length <= 512;
  const validation = useValidateResetToken(token);
  const setPassword = useSetPassword();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await setPassword.mutateAsync({ Token: token, Password: v.password, ConfirmPassword: v.confirm });
      setDone(true);
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  });

  if (tokenLooksValid && validation.isPending) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }} role="status">
        <CircularProgress size={22} />
        <Typography sx={{ color: 'text.secondary' }}>Checking your link…</Typography>
      </Box>
    );
  }

  if (!tokenLooksValid || validation.isError) {
    return (
      <AuthCard title="This link cannot be used">
        <Alert severity="error" sx={{ mb: 3 }}>
          {tokenLooksValid ? invalidLinkMessage(validation.error) : ServerMessages.resetLinkInvalid}
        </Alert>
        <Button component={RouterLink} to="/page/recover" variant="contained" size="large" fullWidth>
          Request a new link
        </Button>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Password set">
        <Alert severity="success" sx={{ mb: 3 }}>
          Your new password is ready. Sign in with it now.
        </Alert>
        <Button component={RouterLink} to="/page/login" variant="contained" size="large" fullWidth>
          Sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 8 characters with upper- and lowercase letters, a number and a symbol."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.25}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <PasswordField
            {...muiField(register('password'))}
            id="set-password-new"
            label="New password"
            autoComplete="new-password"
            autoFocus
            error={!!formState.errors.password}
            helperText={formState.errors.password?.message}
          />
          <PasswordField
            {...muiField(register('confirm'))}
            id="set-password-confirm"
            label="Confirm password"
            autoComplete="new-password"
            error={!!formState.errors.confirm}
            helperText={formState.errors.confirm?.message}
          />
          <Button type="submit" variant="contained" size="large" loading={setPassword.isPending} fullWidth>
            Set password
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
