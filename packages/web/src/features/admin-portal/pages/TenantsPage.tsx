import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import CheckCircleOutlineRoundedIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import LoginRoundedIcon from '@mui/icons-material/LoginRounded';
import { Privilege, hasPrivilege, type TenantRow } from '@vigil/contract';
import { CopyButton } from '../../../components/CopyButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { srOnly } from '../../../components/srOnly';
import { useSnackbar } from '../../../components/snackbar';
import { formatDate } from '../../../lib/format';
import { queryClient, useAuth } from '../../../lib/queries';
import { authStore } from '../../../lib/session';
import { useImpersonate, useTenants } from '../api/admin';
import { TenantDrawer } from '../components/TenantDrawer';
import { UserFinder } from '../components/UserFinder';
import { NewTenantButton } from '../components/NewTenantButton';
import { StatTile } from '../components/StatTile';

/** `/admin/tenants`: every tenant, with impersonation of its administrator. */
export default function TenantsPage() {
  const auth = useAuth();
  const tenants = useTenants();
  const impersonate = useImpersonate();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [openTenant, setOpenTenant] = useState<TenantRow | null>(null);
  const canImpersonate = hasPrivilege(auth?.privileges ?? 0, Privilege.successAdminOrHigher);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !tenants.data) return tenants.data;
    return tenants.data.filter((t) => [t.Name, t.Slug, t.InboundEmail].some((v) => v.toLowerCase().includes(q)));
  }, [tenants.data, search]);

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

  const columns: Column<TenantRow>[] = [
    {
      key: 'name',
      header: 'Tenant',
      render: (t) => (
        <Box>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>{t.Name}</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{t.Slug}</Typography>
        </Box>
      ),
    },
    {
      key: 'inbound',
      header: 'Inbound e-mail',
      hideBelow: 'md',
      render: (t) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Typography
            component="code"
            sx={{ fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace', fontSize: 13 }}
          >
            {t.InboundEmail}
          </Typography>
          <CopyButton text={t.InboundEmail} label={`Copy inbound e-mail address of ${t.Name}`} size="small" />
        </Box>
      ),
    },
    { key: 'users', header: 'Users', align: 'right', hideBelow: 'sm', render: (t) => t.UsersCount },
    {
      key: 'status',
      header: 'Status',
      render: (t) =>
        t.IsEnabled ? (
          <Chip label="Enabled" size="small" color="success" variant="outlined" />
        ) : (
          <Chip label="Disabled" size="small" variant="outlined" />
        ),
    },
    {
      key: 'created',
      header: 'Created',
      hideBelow: 'lg',
      nowrap: true,
      render: (t) => formatDate(t.CreatedAt, 'MM/DD/yyyy'),
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      render: (t) => {
        const button = (
          <Button
            size="small"
            variant="outlined"
            startIcon={<LoginRoundedIcon />}
            onClick={(e) => {
              e.stopPropagation();
              void start(t);
            }}
            disabled={!canImpersonate || !t.IsEnabled || impersonate.isPending}
          >
            Impersonate
          </Button>
        );
        return canImpersonate ? (
          button
        ) : (
          <Tooltip title="Needs the Super or Success admin role">
            <span>{button}</span>
          </Tooltip>
        );
      },
    },
  ];

  const list = tenants.data ?? [];
  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Tenants"
        subtitle="Every MSP on this platform. Impersonate a tenant to see Vigil exactly as its administrator does."
        actions={<NewTenantButton />}
      />
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={4}>
          <StatTile label="Tenants" value={list.length} icon={<ApartmentOutlinedIcon />} loading={tenants.isPending} />
        </Grid>
        <Grid size={4}>
          <StatTile
            label="Enabled"
            value={list.filter((t) => t.IsEnabled).length}
            icon={<CheckCircleOutlineRoundedIcon />}
            loading={tenants.isPending}
          />
        </Grid>
        <Grid size={4}>
          <StatTile
            label="Users"
            value={list.reduce((n, t) => n + t.UsersCount, 0)}
            icon={<GroupOutlinedIcon />}
            loading={tenants.isPending}
          />
        </Grid>
      </Grid>
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
