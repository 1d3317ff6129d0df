import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GppGoodOutlinedIcon from '@mui/icons-material/GppGoodOutlined';
import GppMaybeOutlinedIcon from '@mui/icons-material/GppMaybeOutlined';
import { Messages } from '@vigil/contract';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { MfaSetupForm } from '../../../components/mfa/MfaSetupForm';
import { RecoveryCodesPanel } from '../../../components/mfa/RecoveryCodesPanel';
import { useDisableMfa, useEnableMfa, useMfaState, useRegenerateMfa } from '../api/profile';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';
import { RecoveryCodesSection } from './RecoveryCodesSection';

function SetupPanel({ onCancel, onDone }: { onCancel: () => void; onDone: (codes: string[]) => void }) {
  const state = useMfaState(true);
  const enable = useEnableMfa();
  const regenerate = useRegenerateMfa();
  const snackbar = useSnackbar();

  if (state.isError) return <QueryError error={state.error} onRetry={() => void state.refetch()} />;
  return (
    <MfaSetupForm
      state={state.data}
      onRegenerate={() => regenerate.mutate(undefined, { onError: (e) => snackbar.error(e) })}
      regenerating={regenerate.isPending}
      confirming={enable.isPending}
      onConfirm={async (code) => {
        const res = await enable.mutateAsync(code);
        if (res.Enabled) {
          snackbar.success(Messages.successfullyUpdated);
          onDone(res.RecoveryCodes ?? []);
        }
      }}
      secondary={
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
      }
    />
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableMfa();
  const snackbar = useSnackbar();
  return (
    <PasswordConfirmDialog
      id="mfa-disable"
      open={open}
      onClose={onClose}
      title="Turn off multi-factor authentication?"
      text="Signing in will need only your password. Enter it to confirm."
      confirmLabel="Turn off"
      danger
      pending={disable.isPending}
      onConfirm={async (password) => {
        await disable.mutateAsync(password);
        snackbar.success(Messages.successfullyUpdated);
      }}
    />
  );
}

/**
 * Multi-factor authentication: set up with a QR code (then the recovery codes, shown once), the
 * recovery codes left and a new set, or turn off with the password.
 */
export function MfaCard({ enabled, account }: { enabled: boolean; account?: string }) {
  const [setup, setSetup] = useState(false);
  const [disabling, setDisabling] = useState(false);
  // New recovery codes (after set-up or on request), shown once until the user says they are saved.
  const [codes, setCodes] = useState<string[]>([]);
  return (
    <Card>
      <CardHeader
        title="Multi-factor authentication"
        subheader="A code from your phone on top of your password."
        action={
          enabled ? (
            <Chip label="Enabled" color="success" size="small" sx={{ mt: 0.5, mr: 1 }} />
          ) : (
            <Chip label="Off" size="small" variant="outlined" sx={{ mt: 0.5, mr: 1 }} />
          )
        }
      />
      <CardContent>
        {codes.length > 0 ? (
          <RecoveryCodesPanel codes={codes} account={account} onDone={() => setCodes([])} />
        ) : enabled ? (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <GppGoodOutlinedIcon sx={{ color: 'status.success', mt: 0.25 }} />
              <Typography sx={{ color: 'text.secondary', fontSize: 14.5 }}>
                Each sign-in asks for a code from your authenticator app after your password.
              </Typography>
            </Box>
            <RecoveryCodesSection onCodes={setCodes} />
            <Box>
              <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                Turn off multi-factor authentication
              </Button>
            </Box>
          </Stack>
        ) : setup ? (
          <SetupPanel
            onCancel={() => setSetup(false)}
            onDone={(issued) => {
              setSetup(false);
              setCodes(issued);
            }}
          />
        ) : (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <GppMaybeOutlinedIcon sx={{ color: 'status.warning', mt: 0.25 }} />
              <Typography sx={{ color: 'text.secondary', fontSize: 14.5 }}>
                Your account is protected by your password only. Add an authenticator app so that a stolen password is
                not enough to get in.
              </Typography>
            </Box>
            <Box>
              <Button variant="contained" onClick={() => setSetup(true)}>
                Enable multi-factor authentication
              </Button>
            </Box>
          </Stack>
        )}
      </CardContent>
      <DisableDialog open={disabling} onClose={() => setDisabling(false)} />
    </Card>
  );
}
