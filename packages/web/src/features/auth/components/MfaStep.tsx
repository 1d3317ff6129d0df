// The second sign-in step: the authenticator's code, or one of the recovery codes instead.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import type { MfaChallenge, TokenPair } from '@vigil/contract';
import { AuthCard } from '../../../components/AuthCard';
import { resolveErrorMessage } from '../../../lib/errors';
import { useMfaLogin } from '../api/auth';
import { CodeSchema, RecoveryCodeSchema, type Code } from '../loginSchemas';
import { MfaCodeField } from './MfaCodeField';

export function MfaStep({
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
  // Without the phone, one of the recovery codes saved at set-up stands in for the authenticator's code.
  const [recovery, setRecovery] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<Code>({
    resolver: zodResolver(recovery ? RecoveryCodeSchema : CodeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      onTokens(
        await mfa.mutateAsync({
          mfaType: recovery ? 'recovery' : 'totp',
          mfaToken: v.code.trim(),
          challengeToken: challenge.challengeToken,
        }),
      );
    } catch (err) {
      setError(resolveErrorMessage(err));
    }
  });
  const switchMode = () => {
    setRecovery(!recovery);
    setError(null);
    reset({ code: '' });
  };
  return (
    <AuthCard title="Two-step verification" subtitle={challenge.Message}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2.25}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <MfaCodeField recovery={recovery} register={register('code')} error={formState.errors.code?.message} />
          <Button type="submit" variant="contained" size="large" loading={mfa.isPending} fullWidth>
            Verify
          </Button>
          <Link component="button" type="button" onClick={switchMode} sx={{ alignSelf: 'center', fontSize: 14 }}>
            {recovery ? 'Use the code from my authenticator app' : 'Use a recovery code instead'}
          </Link>
          <Button onClick={onBack} startIcon={<ArrowBackRoundedIcon />} color="inherit" fullWidth>
            Back
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}
