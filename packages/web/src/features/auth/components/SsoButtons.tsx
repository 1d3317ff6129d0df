import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import {
  SSO_PROVIDER_NAMES,
  type MfaChallenge,
  type MfaSetupChallenge,
  type SsoProvider,
  type TokenPair,
} from '@vigil/contract';
import { browserPopupEnvironment, signInWithPopup } from '../../../lib/ssoPopup';
import { useScalePadInfo } from '../../../lib/scalepad';
import { useSsoProviders } from '../api/sso';
import { ScalePadButton } from './ScalePadButton';

function MicrosoftMark() {
  return (
    <Box component="svg" viewBox="0 0 21 21" sx={{ width: 20, height: 20 }} aria-hidden>
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </Box>
  );
}

function GoogleMark() {
  return (
    <Box component="svg" viewBox="0 0 48 48" sx={{ width: 20, height: 20 }} aria-hidden>
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </Box>
  );
}

const marks: Record<SsoProvider, () => React.JSX.Element> = { microsoft: MicrosoftMark, google: GoogleMark };

/**
 * "Sign in with Microsoft" / "Sign in with Google", shown only for providers the server has
 * configured. The provider's page opens in a popup; its result comes back as tokens, an MFA
 * challenge, the set-up step of a required authenticator, or a message for the form's error line.
 */
export function SsoButtons({
  onTokens,
  onChallenge,
  onSetup,
  onError,
}: {
  onTokens: (pair: TokenPair) => void;
  onChallenge: (challenge: MfaChallenge) => void;
  /** An administrator requires two-factor sign-in that this user has not set up yet. */
  onSetup: (setup: MfaSetupChallenge) => void;
  onError: (message: string | null) => void;
}) {
  const providers = useSsoProviders();
  const scalePad = useScalePadInfo().data;
  const [busy, setBusy] = useState<SsoProvider | null>(null);
  const list = providers.data ?? [];
  const scalePadUrl = scalePad?.Enabled ? scalePad.SignInUrl : null;
  if (list.length === 0 && !scalePadUrl) return null;

  const start = async (provider: SsoProvider, url: string) => {
    onError(null);
    setBusy(provider);
    try {
      const result = await signInWithPopup(url, browserPopupEnvironment());
      if (result.outcome === 'tokens') onTokens({ accessToken: result.accessToken, refreshToken: result.refreshToken });
      else if (result.outcome === 'mfa-setup')
        onSetup({ mfaSetupRequired: true, mfaSetupToken: result.mfaSetupToken, Message: result.Message });
      else
        onChallenge({
          mfaRequired: true,
          mfaType: 'totp',
          challengeToken: result.challengeToken,
          Message: result.Message,
        });
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Divider sx={{ color: 'text.secondary', fontSize: 13 }}>or</Divider>
      {list.map((p) => {
        const Mark = marks[p.Provider];
        return (
          <Button
            key={p.Provider}
            variant="outlined"
            color="inherit"
            size="large"
            fullWidth
            startIcon={<Mark />}
            loading={busy === p.Provider}
            disabled={busy !== null && busy !== p.Provider}
            onClick={() => void start(p.Provider, p.SignInUrl!)}
            sx={{ borderColor: 'divider', fontWeight: 600, textTransform: 'none' }}
          >
            Sign in with {SSO_PROVIDER_NAMES[p.Provider]}
          </Button>
        );
      })}
      {scalePadUrl && <ScalePadButton signInUrl={scalePadUrl} disabled={busy !== null} />}
    </Stack>
  );
}
