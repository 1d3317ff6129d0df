// The users and groups tabs of the tenant drawer.
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminTenantGroup, AdminTenantUser, TenantRow } from '@vigil/contract';
import { DataTable } from '../../../../components/DataTable';
import { QueryError } from '../../../../components/QueryError';
import { groupColumns, userColumns } from './tenantMemberColumns';

export type MembersTab = 'users' | 'groups';

export function TenantMembersTabs({
  tenant,
  users,
  groups,
  tab,
  onTab: setTab,
}: {
  tenant: TenantRow;
  users: UseQueryResult<AdminTenantUser[]>;
  groups: UseQueryResult<AdminTenantGroup[]>;
  tab: MembersTab;
  onTab: (tab: MembersTab) => void;
}) {
  return (
    <>
      <Tabs value={tab} onChange={(_, v: MembersTab) => setTab(v)} sx={{ mb: 1.5 }}>
        <Tab value="users" label={`Users${users.data ? ` (${users.data.length})` : ''}`} />
        <Tab value="groups" label={`Groups${groups.data ? ` (${groups.data.length})` : ''}`} />
      </Tabs>
      {tab === 'users' &&
        (users.isError ? (
          <QueryError error={users.error} onRetry={() => void users.refetch()} />
        ) : (
          <DataTable
            caption={`Users of ${tenant.Name}`}
            columns={userColumns}
            rows={users.data}
            rowKey={(u) => u.Id}
            loading={users.isPending}
            emptyText="This tenant has no users."
          />
        ))}
      {tab === 'groups' &&
        (groups.isError ? (
          <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
        ) : (
          <DataTable
            caption={`Groups of ${tenant.Name}`}
            columns={groupColumns}
            rows={groups.data}
            rowKey={(g) => g.Id}
            loading={groups.isPending}
            emptyText="This tenant has no groups."
          />
        ))}
    </>
  );
}
