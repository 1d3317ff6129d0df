import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCALEPAD_NAME, type LoginResponse, type TokenPair } from '@vigil/contract';
import { AuthCard } from '../../../components/AuthCard';
import { LoadingBackdrop } from '../../../components/LoadingBackdrop';
import { resolveErrorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/queries';
import { scalePadSignIn } from '../../../lib/scalepad';
import { authStore } from '../../../lib/session';
import { isMfaChallenge, isMfaSetupChallenge } from '../api/auth';
import { goToDuo, isDuoChallenge } from '../duo';

const MfaStep = lazy(() => import('../components/MfaStep').then((m) => ({ default: m.MfaStep })));
const MfaSetupStep = lazy(() => import('../components/MfaSetupStep').then((m) => ({ default: m.MfaSetupStep })));

/**
 * Platform §2 `scalePad/login`: ScalePad sends the browser back here with a code; the server
 * exchanges it and answers with the session, or the second factor still to give.
 */
export default function ScalePadLoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [result, setResult] = useState<LoginResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    scalePadSignIn(location.search).then(
      (r) => live && setResult(r),
      (err: unknown) => live && setError(resolveErrorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [location.search]);

  const finish = (pair: TokenPair) => {
    queryClient.clear();
    authStore.setTokens(pair);
    navigate('/app', { replace: true });
  };
  const back = () => navigate('/page/login', { replace: true });

  useEffect(() => {
    if (!result || isMfaChallenge(result) || isMfaSetupChallenge(result)) return;
    if (isDuoChallenge(result)) goToDuo(result);
    else finish(result);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [result]);

  if (result && isMfaSetupChallenge(result))
    return (
      <Suspense fallback={<LoadingBackdrop />}>
        <MfaSetupStep setup={result} onBack={back} onTokens={finish} />
      </Suspense>
    );
  if (result && isMfaChallenge(result))
    return (
      <Suspense fallback={<LoadingBackdrop />}>
        <MfaStep challenge={result} onBack={back} onTokens={finish} />
      </Suspense>
    );
  return (
    <AuthCard title={`Sign in with ${SCALEPAD_NAME}`}>
      {error ? (
        <Stack spacing={2.25}>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Button component={RouterLink} to="/page/login" variant="contained" size="large" fullWidth>
            Back to sign in
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>Signing you in with {SCALEPAD_NAME}…</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
