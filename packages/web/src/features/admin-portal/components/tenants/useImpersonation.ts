// Impersonate a tenant: sign in as its administrator in this tab and open the app.
import { useNavigate } from 'react-router';
import type { TenantRow } from '@vigil/contract';
import { useSnackbar } from '../../../../components/snackbar';
import { queryClient } from '../../../../lib/queries';
import { authStore } from '../../../../lib/session';
import { useImpersonate } from '../../api/admin';

export function useImpersonation() {
  const impersonate = useImpersonate();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const start = async (tenant: TenantRow) => {
    try {
      const pair = await impersonate.mutateAsync(tenant.Id);
      queryClient.clear();
      authStore.setTokens(pair);
      navigate('/app', { replace: true });
    } catch (err) {
      snackbar.error(err);
    }
  };
  return { start, impersonate };
}
