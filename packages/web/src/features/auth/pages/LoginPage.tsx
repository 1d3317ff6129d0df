import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MfaChallenge, MfaSetupChallenge, TokenPair } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { authStore } from '../../../lib/session';
import { CredentialsStep } from '../components/CredentialsStep';
import { LoadingBackdrop } from '../../../components/LoadingBackdrop';
import type { LoginState } from '../credentials';

// The second steps load when they are needed, so the sign-in page itself stays small.
const MfaStep = lazy(() => import('../components/MfaStep').then((m) => ({ default: m.MfaStep })));
const MfaSetupStep = lazy(() => import('../components/MfaSetupStep').then((m) => ({ default: m.MfaSetupStep })));

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

  if (setup)
    return (
      <Suspense fallback={<LoadingBackdrop />}>
        <MfaSetupStep setup={setup} onBack={() => setSetup(null)} onTokens={finish} />
      </Suspense>
    );
  return challenge ? (
    <Suspense fallback={<LoadingBackdrop />}>
      <MfaStep challenge={challenge} onBack={() => setChallenge(null)} onTokens={finish} />
    </Suspense>
  ) : (
    <CredentialsStep onChallenge={setChallenge} onSetup={setSetup} onTokens={finish} />
  );
}
