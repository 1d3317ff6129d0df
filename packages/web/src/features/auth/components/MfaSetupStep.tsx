import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import type { MfaSetupChallenge, MfaSetupDone, TokenPair } from '@vigil/contract';
import { MfaSetupForm } from '../../../components/mfa/MfaSetupForm';
import { RecoveryCodesPanel } from '../../../components/mfa/RecoveryCodesPanel';
import { useSnackbar } from '../../../components/snackbar';
import { resolveErrorMessage } from '../../../lib/errors';
import { useCompleteMfaSetup, useMfaSetupState, useRegenerateMfaSetup } from '../api/auth';
import { AuthCard } from '../../../components/AuthCard';

/**
 * The sign-in step of a user whose administrator requires two-factor sign-in: add an authenticator
 * with the short-lived set-up token, and the first good code signs the user in.
 */
export function MfaSetupStep({
  setup,
  onBack,
  onTokens,
}: {
  setup: MfaSetupChallenge;
  onBack: () => void;
  onTokens: (pair: TokenPair) => void;
}) {
  const token = setup.mfaSetupToken;
  const state = useMfaSetupState(token);
  const regenerate = useRegenerateMfaSetup(token);
  const complete = useCompleteMfaSetup(token);
  const snackbar = useSnackbar();
  // The session waits until the user has seen the recovery codes, which are shown only now.
  const [done, setDone] = useState<MfaSetupDone | null>(null);
  const back = (
    <Button onClick={onBack} startIcon={<ArrowBackRoundedIcon />} color="inherit">
      Back
    </Button>
  );

  if (done) {
    const { RecoveryCodes, ...pair } = done;
    return (
      <AuthCard title="Two-factor sign-in is on">
        <RecoveryCodesPanel codes={RecoveryCodes} doneLabel="Continue" onDone={() => onTokens(pair)} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Add an authenticator" subtitle={setup.Message}>
      {state.isError ? (
        <Stack spacing={2.25}>
          <Alert severity="error" role="alert">
            {resolveErrorMessage(state.error)}
          </Alert>
          <Button variant="contained" size="large" onClick={onBack} fullWidth>
            Sign in again
          </Button>
        </Stack>
      ) : (
        <MfaSetupForm
          state={state.data}
          onRegenerate={() => regenerate.mutate(undefined, { onError: (e) => snackbar.error(e) })}
          regenerating={regenerate.isPending}
          confirming={complete.isPending}
          confirmLabel="Turn on and sign in"
          onConfirm={async (code) => setDone(await complete.mutateAsync(code))}
          secondary={back}
          autoFocus
        />
      )}
    </AuthCard>
  );
}
