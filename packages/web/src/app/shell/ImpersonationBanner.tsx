import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Messages, type TokenPair } from '@vigil/contract';
import { useSnackbar } from '../../components/snackbar';
import { displayName, isImpersonating } from '../../lib/auth';
import { queryClient } from '../../lib/queries';
import { api, authStore } from '../../lib/session';
import { useAppSession } from '../session';

/** Platform §4: while impersonating, a banner says so and offers the way back. */
export function ImpersonationBanner() {
  const { auth, settings } = useAppSession();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  if (!isImpersonating(auth)) return null;

  const end = async () => {
    setBusy(true);
    try {
      const pair = await api.post<TokenPair>('/api/admin/impersonation/logout', {
        refreshToken: authStore.get()?.refreshToken,
      });
      authStore.setTokens(pair);
      queryClient.clear();
      navigate('/admin/tenants', { replace: true });
    } catch (err) {
      snackbar.error(err);
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      icon={<VisibilityOutlinedIcon fontSize="inherit" />}
      sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={end} disabled={busy}>
          {Messages.endImpersonation}
        </Button>
      }
    >
      You are impersonating <strong>{displayName(auth)}</strong> ({auth.userName})
      {settings.TenantName ? (
        <>
          {' '}
          of <strong>{settings.TenantName}</strong>
        </>
      ) : null}
      {auth.iUserName ? ` as ${auth.iUserName}` : ''}.
    </Alert>
  );
}
