import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useClientSso, useSetClientSso } from '../api/userAccess';

const LABEL = 'Client users may sign in with Microsoft or Google';

/**
 * The tenant's client single sign-on switch, above the client users list. Editors change it after a
 * confirmation; readers see the state only.
 */
export function ClientSignInPanel({ canEdit }: { canEdit: boolean }) {
  const snackbar = useSnackbar();
  const sso = useClientSso();
  const setSso = useSetClientSso();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const on = sso.data?.ClientSsoEnabled ?? false;

  const ask = (next: boolean) =>
    setConfirm({
      title: next
        ? 'Turn on client sign-in with Microsoft or Google'
        : 'Turn off client sign-in with Microsoft or Google',
      message: next
        ? 'Client users will be able to sign in with the Microsoft or Google account of their e-mail address. Their passwords keep working.'
        : 'Client users will have to sign in with their password. Anyone without one can use "Forgot password" on the sign-in page.',
      confirmLabel: next ? 'Turn on' : 'Turn off',
      tone: 'safe',
      action: async () => {
        await setSso.mutateAsync(next);
        snackbar.success(
          next ? 'Client users may now sign in with Microsoft or Google' : 'Client single sign-on is off',
        );
      },
    });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Client sign-in">
      {sso.isError ? (
        <QueryError error={sso.error} onRetry={() => void sso.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
          <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
            {sso.isPending ? (
              <Skeleton width={280} />
            ) : canEdit ? (
              <FormControlLabel
                control={<Switch checked={on} onChange={(e) => ask(e.target.checked)} />}
                label={<Typography sx={{ fontWeight: 600 }}>{LABEL}</Typography>}
                sx={{ mr: 0 }}
              />
            ) : (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{LABEL}</Typography>
                <Chip size="small" label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} variant="outlined" />
              </Box>
            )}
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 0.5 }}>
              When on, a client user can use the Microsoft or Google button on the sign-in page with the account of
              their own e-mail address. When off, client users sign in with their password; staff users are not
              affected.
            </Typography>
          </Box>
        </Box>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Paper>
  );
}
