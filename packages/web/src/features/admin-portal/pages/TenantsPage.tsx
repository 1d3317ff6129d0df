import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { Privilege, hasPrivilege, type TenantRow } from '@vigil/contract';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useAuth } from '../../../lib/queries';
import { useTenants } from '../api/admin';
import { TenantDrawer } from '../components/TenantDrawer';
import { UserFinder } from '../components/UserFinder';
import { NewTenantButton } from '../components/NewTenantButton';
import { tenantColumns } from '../components/tenants/tenantColumns';
import { TenantTiles } from '../components/tenants/TenantTiles';
import { useImpersonation } from '../components/tenants/useImpersonation';

/** `/admin/tenants`: every tenant, with impersonation of its administrator. */
export default function TenantsPage() {
  const auth = useAuth();
  const tenants = useTenants();
  const { start, impersonate } = useImpersonation();
  const [search, setSearch] = useState('');
  const [openTenant, setOpenTenant] = useState<TenantRow | null>(null);
  const canImpersonate = hasPrivilege(auth?.privileges ?? 0, Privilege.successAdminOrHigher);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !tenants.data) return tenants.data;
    return tenants.data.filter((t) => [t.Name, t.Slug, t.InboundEmail].some((v) => v.toLowerCase().includes(q)));
  }, [tenants.data, search]);

  const columns = tenantColumns(canImpersonate, impersonate.isPending, start);
  const list = tenants.data ?? [];
  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Tenants"
        subtitle="Every MSP on this platform. Impersonate a tenant to see Vigil exactly as its administrator does."
        actions={<NewTenantButton />}
      />
      <TenantTiles list={list} loading={tenants.isPending} />
      {tenants.isError ? (
        <QueryError error={tenants.error} onRetry={() => void tenants.refetch()} />
      ) : (
        <DataTable
          caption="Tenants"
          columns={columns}
          rows={rows}
          rowKey={(t) => t.Id}
          loading={tenants.isPending}
          emptyText={search ? 'No tenant matches your search.' : 'No tenants yet.'}
          onRowClick={setOpenTenant}
          rowLabel={(t) => `Open ${t.Name}`}
          toolbar={
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <SearchField id="tenants-search" label="Search tenants" value={search} onChange={setSearch} />
              <UserFinder onPick={(hit) => setOpenTenant(list.find((t) => t.Id === hit.TenantId) ?? null)} />
            </Box>
          }
        />
      )}
      <TenantDrawer
        tenant={openTenant}
        onClose={() => setOpenTenant(null)}
        canAddUsers={canImpersonate}
        canEditNotes={hasPrivilege(auth?.privileges ?? 0, Privilege.billingAdminOrHigher)}
        onImpersonate={(t) => void start(t)}
        impersonateDisabled={!canImpersonate || impersonate.isPending}
      />
    </>
  );
}
