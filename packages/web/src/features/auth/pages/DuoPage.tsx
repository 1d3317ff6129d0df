import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ServerMessages, type TokenPair } from '@vigil/contract';
import { AuthCard } from '../../../components/AuthCard';
import { resolveErrorMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/queries';
import { api, authStore } from '../../../lib/session';
import { takeDuoChallenge } from '../duo';

// Duo's code works once: one exchange per return, however often the page renders.
const exchanges = new Map<string, Promise<TokenPair>>();
function finishWithDuo(search: string): Promise<TokenPair> {
  let pending = exchanges.get(search);
  if (!pending) {
    const params = new URLSearchParams(search);
    const challengeToken = takeDuoChallenge();
    pending = challengeToken
      ? api.post<TokenPair>(
          '/api/UserAuth/duo',
          { state: params.get('state') ?? undefined, duo_code: params.get('duo_code') ?? undefined, challengeToken },
          { auth: false },
        )
      : Promise.reject(new Error(ServerMessages.sessionExpiredMfa));
    exchanges.set(search, pending);
  }
  return pending;
}

/** Platform §2 `duo`: Duo's prompt sends the browser back here; the server checks Duo's answer. */
export default function DuoPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    finishWithDuo(location.search).then(
      (pair) => {
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
    <AuthCard title="Confirming with Duo">
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
          <Typography>Checking Duo's answer…</Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
