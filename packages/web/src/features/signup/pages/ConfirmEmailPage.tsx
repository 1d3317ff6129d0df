import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isEmail, Messages } from '@vigil/contract';
import { resolveErrorMessage } from '../../../lib/errors';
import { AuthCard } from '../../../components/AuthCard';
import { useConfirmEmail, useResendConfirmation } from '../api/signup';

/** `/page/confirm-email/{token}`: the link of the confirmation mail; confirms and leads to sign-in. */
export default function ConfirmEmailPage() {
  const { token } = useParams();
  return token ? <Confirm token={token} /> : <ResendForm />;
}

/** `/page/confirm-email`: asks for a new confirmation link. */
function ResendForm() {
  const resend = useResendConfirmation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isEmail(email)) return setProblem(Messages.invalidEmail);
    setProblem(null);
    resend.mutate(email.trim());
  };
  return (
    <AuthCard
      title="Confirm your e-mail address"
      subtitle="We will send a new confirmation link to the address you signed up with."
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2.25}>
        {resend.isSuccess && <Alert severity="success">{resend.data.Message}</Alert>}
        {resend.isError && (
          <Alert severity="error" role="alert">
            {resolveErrorMessage(resend.error)}
          </Alert>
        )}
        <TextField
          id="resend-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!problem}
          helperText={problem}
        />
        <Button type="submit" variant="contained" size="large" loading={resend.isPending}>
          Send a new link
        </Button>
        <Button component={RouterLink} to="/page/login" color="inherit">
          Back to sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}

function Confirm({ token }: { token: string }) {
  const confirm = useConfirmEmail(token);
  if (confirm.isPending)
    return (
      <AuthCard title="Confirming your e-mail address">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <CircularProgress size={22} />
          <Typography sx={{ color: 'text.secondary' }}>One moment…</Typography>
        </Stack>
      </AuthCard>
    );
  if (confirm.isError)
    return (
      <AuthCard title="This link did not work">
        <Stack spacing={2.5}>
          <Alert severity="error" role="alert">
            {resolveErrorMessage(confirm.error)}
          </Alert>
          <Typography sx={{ color: 'text.secondary' }}>
            If you already confirmed your address, just sign in. Otherwise ask for a new link.
          </Typography>
          <Button component={RouterLink} to="/page/login" variant="contained">
            Go to sign in
          </Button>
          <Button component={RouterLink} to="/page/confirm-email" variant="outlined">
            Send a new link
          </Button>
        </Stack>
      </AuthCard>
    );
  return (
    <AuthCard title="E-mail address confirmed">
      <Stack spacing={2.5}>
        <Alert severity="success">{confirm.data.Message}</Alert>
        <Button
          component={RouterLink}
          to="/page/login"
          state={{ email: confirm.data.Email }}
          variant="contained"
          size="large"
        >
          Sign in
        </Button>
      </Stack>
    </AuthCard>
  );
}
