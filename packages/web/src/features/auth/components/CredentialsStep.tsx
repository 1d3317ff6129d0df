// The first sign-in step: e-mail and password (or single sign-on), with the notice that sent the user here.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type MfaChallenge, type MfaSetupChallenge, type TokenPair } from '@vigil/contract';
import { AuthCard } from '../../../components/AuthCard';
import { resolveErrorMessage } from '../../../lib/errors';
import { authStore } from '../../../lib/session';
import { isMfaChallenge, isMfaSetupChallenge, useCredentialsLogin, useHomeRegion } from '../api/auth';
import { regionSignInUrl } from '../region';
import { goToDuo, isDuoChallenge } from '../duo';
import { useRegion } from '../../../lib/region';
import { credentialsResolver, type Credentials, type LoginState } from '../credentials';
import { CredentialsFields } from './CredentialsFields';
import { LoginErrorAlert } from './LoginErrorAlert';
import { SsoButtons } from './SsoButtons';

export function CredentialsStep({
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
  const home = useHomeRegion();
  const here = useRegion().data;
  const [error, setError] = useState<string | null>(null);
  const [away, setAway] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Credentials>({
    resolver: credentialsResolver,
    defaultValues: { email: new URLSearchParams(location.search).get('email') ?? '', password: '' },
  });

  const submit = handleSubmit(async (v) => {
    setError(null);
    // The regional router first: an account that lives in another region signs in there, and its
    // password is never sent here.
    const route = await home.mutateAsync(v.email.trim()).catch(() => null);
    const target = route?.Redirect ? regionSignInUrl(route.Url, v.email.trim()) : null;
    if (route && target) {
      setAway(route.Region.toUpperCase());
      window.location.assign(target);
      return;
    }
    try {
      const res = await login.mutateAsync({ UserName: v.email.trim(), Password: v.password });
      if (isDuoChallenge(res)) goToDuo(res);
      else if (isMfaSetupChallenge(res)) onSetup(res);
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
          {here && here.Regions.length > 1 && !away && (
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }} data-testid="sign-in-region">
              Region: {here.Region.toUpperCase()} · {new URL(here.Url).host}
            </Typography>
          )}
          {away && (
            <Alert severity="info">Your account is served from the {away} region. Taking you there to sign in…</Alert>
          )}
          {error && <LoginErrorAlert error={error} />}
          <CredentialsFields register={register} errors={formState.errors} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={login.isPending || home.isPending || !!away}
            fullWidth
          >
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
