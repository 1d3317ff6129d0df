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
import Stack from '@mui/material/Stack';
import { Messages, passwordProblem } from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { useChangePassword } from '../api/profile';

/** Features §5.4: the password rule, the confirmation, and new differs from old. */
export const ChangePasswordSchema = z
  .object({ current: z.string(), next: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    if (!v.current) ctx.addIssue({ code: 'custom', path: ['current'], message: Messages.requiredField });
    const problem = passwordProblem(v.next);
    if (problem) ctx.addIssue({ code: 'custom', path: ['next'], message: problem });
    else if (v.current && v.next === v.current)
      ctx.addIssue({ code: 'custom', path: ['next'], message: Messages.passwordSameAsOld });
    if (v.next !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: Messages.passwordsMustMatch });
  });
type Values = z.infer<typeof ChangePasswordSchema>;

const serverFields: Record<string, keyof Values> = {
  OldPassword: 'current',
  NewPassword: 'next',
  ConfirmPassword: 'confirm',
};

export function ChangePasswordCard() {
  const snackbar = useSnackbar();
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    reset,
    setError: setFieldError,
  } = useForm<Values>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { current: '', next: '', confirm: '' },
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await change.mutateAsync({ OldPassword: v.current, NewPassword: v.next, ConfirmPassword: v.confirm });
      reset();
      snackbar.success(Messages.successfullyUpdated);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      let mapped = false;
      for (const [api, field] of Object.entries(serverFields)) {
        if (fields[api]) {
          setFieldError(field, { message: fields[api] });
          mapped = true;
        }
      }
      if (!mapped) setError(resolveErrorMessage(err));
    }
  });

  return (
    <Card>
      <CardHeader
        title="Change password"
        subheader="At least 8 characters, with upper- and lowercase letters, a number and a symbol."
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <PasswordField
              {...muiField(register('current'))}
              id="profile-current-password"
              label="Current password"
              autoComplete="current-password"
              error={!!formState.errors.current}
              helperText={formState.errors.current?.message}
            />
            <PasswordField
              {...muiField(register('next'))}
              id="profile-new-password"
              label="New password"
              autoComplete="new-password"
              error={!!formState.errors.next}
              helperText={formState.errors.next?.message}
            />
            <PasswordField
              {...muiField(register('confirm'))}
              id="profile-confirm-password"
              label="Confirm new password"
              autoComplete="new-password"
              error={!!formState.errors.confirm}
              helperText={formState.errors.confirm?.message}
            />
          </Stack>
          <Box sx={{ mt: 2.5, display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" loading={change.isPending}>
              Change password
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
