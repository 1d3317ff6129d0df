import { useState } from 'react';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import type { TenantRow } from '@vigil/contract';
import { useTenantPlanUpdates } from '../api/plan';
import { useTenantGroups, useTenantOverview, useTenantUsers } from '../api/tenants';
import { AddTenantUserDialog } from './AddTenantUserDialog';
import { TenantNotes } from './TenantNotes';
import { TenantAccountFacts } from './tenant/TenantAccountFacts';
import { TenantDrawerActions } from './tenant/TenantDrawerActions';
import { TenantDrawerHeader } from './tenant/TenantDrawerHeader';
import { TenantMembersTabs, type MembersTab } from './tenant/TenantMembersTabs';

/** A tenant's account, users and groups, opened from Admin Portal → Tenants. */
export function TenantDrawer({
  tenant,
  onClose,
  canAddUsers,
  canEditNotes,
  onImpersonate,
  impersonateDisabled,
}: {
  tenant: TenantRow | null;
  onClose: () => void;
  canAddUsers: boolean;
  canEditNotes: boolean;
  onImpersonate: (t: TenantRow) => void;
  impersonateDisabled: boolean;
}) {
  const id = tenant?.Id ?? null;
  const overview = useTenantOverview(id);
  const users = useTenantUsers(id);
  const groups = useTenantGroups(id);
  const [tab, setTab] = useState<MembersTab>('users');
  const [adding, setAdding] = useState(false);
  const o = overview.data;
  const sub = o?.Subscription;
  useTenantPlanUpdates();

  return (
    <Drawer
      anchor="right"
      open={!!tenant}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', md: 720 }, p: { xs: 2, sm: 3 } },
          role: 'dialog',
          'aria-label': tenant ? `Tenant ${tenant.Name}` : undefined,
        },
      }}
    >
      {tenant && (
        <>
          <TenantDrawerHeader tenant={tenant} onClose={onClose} />
          <TenantDrawerActions
            tenant={tenant}
            enabled={o?.IsEnabled ?? tenant.IsEnabled}
            canAddUsers={canAddUsers}
            onImpersonate={onImpersonate}
            impersonateDisabled={impersonateDisabled}
            onAddUser={() => setAdding(true)}
          />
          <TenantAccountFacts overview={overview} />
          {o && <TenantNotes tenantId={o.Id} notes={sub?.Notes ?? ''} canEdit={canEditNotes} />}
          <Divider sx={{ my: 2 }} />
          <TenantMembersTabs tenant={tenant} users={users} groups={groups} tab={tab} onTab={setTab} />
          <AddTenantUserDialog
            tenant={tenant}
            groups={groups.data ?? []}
            open={adding}
            onClose={() => setAdding(false)}
          />
        </>
      )}
    </Drawer>
  );
}
