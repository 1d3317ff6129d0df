import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Messages, isEmail } from '@vigil/contract';
import { resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { useRequestReset } from '../api/auth';
import { AuthCard } from '../../../components/AuthCard';

const Schema = z.object({
  email: z.string().trim().min(1, Messages.requiredField).refine(isEmail, Messages.invalidEmail),
});
type Values = z.infer<typeof Schema>;

/** Platform §2 recover: asks for a reset link by e-mail. */
export default function RecoverPage() {
  const reset = useRequestReset();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(Schema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await reset.mutateAsync(v.email.trim());
      setSentTo({ email: v.email.trim(), message: res.Message });
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 3 }}>
          <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 40, mt: 0.5 }} />
          <Box>
            <Typography role="status" sx={{ mb: 1 }}>
              {sentTo.message}
            </Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: 14.5 }}>
              We sent it to <strong>{sentTo.email}</strong>. The link is valid for a limited time; open it on this
              device to choose a new password.
            </Typography>
          </Box>
        </Box>
        <Button component={RouterLink} to="/page/login" variant="contained" fullWidth size="large">
          Back to sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.25}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            {...muiField(register('email'))}
            id="recover-email"
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            error={!!formState.errors.email}
            helperText={formState.errors.email?.message}
          />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending} fullWidth>
            Send reset link
          </Button>
          <Box sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to="/page/login" sx={{ fontSize: 14, fontWeight: 600 }}>
              Back to sign in
            </Link>
          </Box>
        </Stack>
      </Box>
    </AuthCard>
  );
}
