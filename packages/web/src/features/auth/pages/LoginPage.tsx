import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link as RouterLink, useLocation, useNavigate, type Location } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import {
  Messages,
  SignupMessages,
  isEmail,
  type MfaChallenge,
  type MfaSetupChallenge,
  type TokenPair,
} from '@vigil/contract';
import { PasswordField } from '../../../components/PasswordField';
import { resolveErrorMessage } from '../../../lib/errors';
import { muiField } from '../../../lib/forms';
import { queryClient } from '../../../lib/queries';
import { authStore } from '../../../lib/session';
import { isMfaChallenge, isMfaSetupChallenge, useCredentialsLogin, useMfaLogin } from '../api/auth';
import { AuthCard } from '../../../components/AuthCard';
import { MfaSetupStep } from '../components/MfaSetupStep';
import { SsoButtons } from '../components/SsoButtons';

interface LoginState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  message?: string;
}

const CredentialsSchema = z.object({
  email: z.string().trim().min(1, Messages.requiredField).refine(isEmail, Messages.invalidEmail),
  password: z.string().min(1, Messages.requiredField),
});
type Credentials = z.infer<typeof CredentialsSchema>;

const CodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
type Code = z.infer<typeof CodeSchema>;

function CredentialsStep({
  onChallenge,
  onSetup,
  onTokens,
}: {
  onChallenge: (c: MfaChallenge) => void;
  onSetup: (s: MfaSetupChallenge) => void;
  onTokens: (p: TokenPair) => void;
}) {
  const location = useLocation();
  const notice = (location.state as LoginState | null)?.message;
  const login = useCredentialsLogin();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Credentials>({
    resolver: zodResolver(CredentialsSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await login.mutateAsync({ UserName: v.email.trim(), Password: v.password });
      if (isMfaSetupChallenge(res)) onSetup(res);
      else if (isMfaChallenge(res)) onChallenge(res);
      else onTokens(res);
    } catch (err) {
      // Platform §4: a failed credential login clears stored tokens.
      authStore.clear();
      setError(resolveErrorMessage(err));
    }
  });

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to see how your clients' backups are doing.">
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.25}>
          {notice && !error && <Alert severity="warning">{notice}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
              {error === SignupMessages.emailNotConfirmed && (
                <Link
                  component={RouterLink}
                  to="/page/confirm-email"
                  sx={{ display: 'block', mt: 0.5, fontWeight: 600 }}
                >
                  Send a new confirmation link
                </Link>
              )}
            </Alert>
          )}
          <TextField
            {...muiField(register('email'))}
            id="login-email"
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            error={!!formState.errors.email}
            helperText={formState.errors.email?.message}
          />
          <Box>
            <PasswordField
              {...muiField(register('password'))}
              id="login-password"
              label="Password"
              autoComplete="current-password"
              error={!!formState.errors.password}
              helperText={formState.errors.password?.message}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
              <Link component={RouterLink} to="/page/recover" sx={{ fontSize: 14, fontWeight: 600 }}>
                Forgot password?
              </Link>
            </Box>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={login.isPending} fullWidth>
            Sign in
          </Button>
          <SsoButtons onTokens={onTokens} onChallenge={onChallenge} onSetup={onSetup} onError={setError} />
          <Typography sx={{ textAlign: 'center', fontSize: 14, color: 'text.secondary' }}>
            New to Vigil?{' '}
            <Link component={RouterLink} to="/page/signup" sx={{ fontWeight: 600 }}>
              Sign up
            </Link>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}

function MfaStep({
  challenge,
  onBack,
  onTokens,
}: {
  challenge: MfaChallenge;
  onBack: () => void;
  onTokens: (p: TokenPair) => void;
}) {
  const mfa = useMfaLogin();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Code>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      onTokens(await mfa.mutateAsync({ mfaToken: v.code.trim(), challengeToken: challenge.challengeToken }));
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  });
  return (
    <AuthCard title="Two-step verification" subtitle={challenge.Message}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.25}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            {...muiField(register('code'))}
            id="login-mfa-code"
            label="Verification code"
            autoComplete="one-time-code"
            autoFocus
            error={!!formState.errors.code}
            helperText={formState.errors.code?.message ?? 'The 6-digit code shown in your authenticator app'}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                pattern: '[0-9]*',
                maxLength: 6,
                style: { letterSpacing: '0.3em', fontSize: 20, fontWeight: 600 },
              },
            }}
          />
          <Button type="submit" variant="contained" size="large" loading={mfa.isPending} fullWidth>
            Verify
          </Button>
          <Button onClick={onBack} startIcon={<ArrowBackRoundedIcon />} color="inherit" fullWidth>
            Back
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}

/**
 * Platform §2 login: credentials, then the authenticator code when MFA is on, or the set-up of an
 * authenticator when an administrator requires two-factor sign-in and the user has none yet.
 */
export default function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [setup, setSetup] = useState<MfaSetupChallenge | null>(null);

  const finish = (pair: TokenPair) => {
    const from = (location.state as LoginState | null)?.from;
    queryClient.clear();
    authStore.setTokens(pair);
    const target = from && !from.pathname.startsWith('/page/') ? `${from.pathname}${from.search}${from.hash}` : '/app';
    navigate(target, { replace: true });
  };

  if (setup) return <MfaSetupStep setup={setup} onBack={() => setSetup(null)} onTokens={finish} />;
  return challenge ? (
    <MfaStep challenge={challenge} onBack={() => setChallenge(null)} onTokens={finish} />
  ) : (
    <CredentialsStep onChallenge={setChallenge} onSetup={setSetup} onTokens={finish} />
  );
}
