import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { AdminTenantParser } from '@vigil/contract';
import { DataTable, type Column } from '../../../../components/DataTable';
import { QueryError } from '../../../../components/QueryError';
import { SectionHeader } from '../../../../components/SectionHeader';
import { useSnackbar } from '../../../../components/snackbar';
import { useAdminTenantParsers, usePromoteParser } from '../../api/tenantParsers';

/** Every tenant's parsers; a platform admin promotes one to a built-in parser for every tenant. */
export function TenantParsersPanel({ canManage }: { canManage: boolean }) {
  const q = useAdminTenantParsers();
  const promote = usePromoteParser();
  const snackbar = useSnackbar();
  const toggle = async (p: AdminTenantParser) => {
    try {
      await promote.mutateAsync({ id: p.Id, builtIn: !p.BuiltIn });
      snackbar.success(
        p.BuiltIn ? `${p.Name} applies to ${p.TenantName} only` : `${p.Name} now applies to every tenant`,
      );
    } catch (err) {
      snackbar.error(err);
    }
  };
  const columns: Column<AdminTenantParser>[] = [
    {
      key: 'name',
      header: 'Parser',
      render: (p) => (
        <>
          <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{p.Name}</Typography>
          <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Files results as {p.Vendor}</Typography>
        </>
      ),
    },
    { key: 'tenant', header: 'Tenant', render: (p) => p.TenantName },
    { key: 'senders', header: 'Senders', render: (p) => p.Rule.Senders.join(', '), hideBelow: 'md' },
    { key: 'samples', header: 'Samples', render: (p) => p.SampleCount, align: 'right', hideBelow: 'md' },
    { key: 'enabled', header: 'On', render: (p) => (p.Enabled ? 'Yes' : 'No'), hideBelow: 'md' },
    {
      key: 'builtIn',
      header: 'Built-in',
      render: (p) => (
        <Switch
          checked={p.BuiltIn}
          disabled={!canManage}
          onChange={() => void toggle(p)}
          slotProps={{ input: { 'aria-label': `${p.Name}: built-in for every tenant` } }}
        />
      ),
    },
  ];
  return (
    <>
      <SectionHeader
        title="Tenant parsers"
        subtitle="Parsers tenants taught from their own e-mails. A built-in one reads matching e-mails of every tenant, after the vendor parsers and each tenant's own."
      />
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <DataTable
          caption="Tenant parsers"
          columns={columns}
          rows={q.data}
          rowKey={(p) => p.Id}
          loading={q.isPending}
          emptyText="No tenant has taught a parser yet."
        />
      )}
    </>
  );
}
