import { useState } from 'react';
import Button from '@mui/material/Button';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import { hasPrivilege, Privilege } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { useSnackbar } from '../../../components/snackbar';
import { useAuth } from '../../../lib/queries';
import { useSetTenantEnabled } from '../api/tenantAccess';
import { useTenantOverview } from '../api/tenants';

/**
 * Disable or enable a whole tenant from its drawer, after a confirmation that says what it
 * does. Shown to Billing administrators and above, who may call the route.
 */
export function TenantEnableButton({ tenantId, name }: { tenantId: number; name: string }) {
  const allowed = hasPrivilege(useAuth()?.privileges ?? 0, Privilege.billingAdminOrHigher);
  const overview = useTenantOverview(tenantId);
  const set = useSetTenantEnabled(tenantId);
  const snackbar = useSnackbar();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const enabled = overview.data?.IsEnabled;
  if (!allowed || enabled === undefined) return null;

  const ask = () =>
    setConfirm(
      enabled
        ? {
            title: `Disable ${name}`,
            message: `Disable ${name}? Its users are signed out and cannot sign in; its API keys, shared dashboards and mailbox polling stop, and its scheduled reports and tickets wait. E-mail sent to it is still stored, so nothing is lost when you enable it again.`,
            confirmLabel: 'Yes, Disable',
            action: async () => {
              await set.mutateAsync(false);
              snackbar.success(`${name} is disabled`);
            },
          }
        : {
            title: `Enable ${name}`,
            message: `Enable ${name}? Its users can sign in again and everything it stored meanwhile is there.`,
            confirmLabel: 'Yes, Enable',
            tone: 'safe',
            action: async () => {
              await set.mutateAsync(true);
              snackbar.success(`${name} is enabled`);
            },
          },
    );

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        color={enabled ? 'error' : 'success'}
        startIcon={enabled ? <BlockRoundedIcon /> : <PlayCircleOutlineRoundedIcon />}
        onClick={ask}
      >
        {enabled ? 'Disable tenant' : 'Enable tenant'}
      </Button>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
