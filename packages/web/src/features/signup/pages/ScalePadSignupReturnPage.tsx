import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCALEPAD_NAME } from '@vigil/contract';
import { AuthCard } from '../../../components/AuthCard';
import { resolveErrorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/queries';
import { forgetSignupForm, scalePadSignUp, takeSignupForm } from '../../../lib/scalepad';
import { authStore } from '../../../lib/session';

/**
 * Platform §2 `scalePad/signup`: back from ScalePad, the account is opened with the form kept
 * before leaving, and its administrator is signed in.
 */
export default function ScalePadSignupReturnPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const back = Object.fromEntries(new URLSearchParams(location.search));
    scalePadSignUp(location.search, { ...back, ...takeSignupForm() }).then(
      (pair) => {
        forgetSignupForm();
        if (!live) return;
        queryClient.clear();
        authStore.setTokens(pair);
        navigate('/app', { replace: true });
      },
      (err: unknown) => live && setError(resolveErrorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [location.search, navigate]);

  return (
    <AuthCard title={`Sign up with ${SCALEPAD_NAME}`}>
      {error ? (
        <Stack spacing={2.25}>
          <Alert severity="error" role="alert">
            {error}
          </Alert>
          <Button component={RouterLink} to="/page/login" variant="contained" size="large" fullWidth>
            Go to sign in
          </Button>
          <Button component={RouterLink} to="/page/signup/scalePad" size="large" fullWidth>
            Start the sign-up again
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>Opening your Vigil account…</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
