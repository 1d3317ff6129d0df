import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { FlagStatus, Messages, Privilege, hasPrivilege, type FeatureFlagRow } from '@vigil/contract';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useAuth } from '../../../lib/queries';
import { useFeatureFlags, useSetFlagStatus } from '../api/admin';

function StatusChip({ flag }: { flag: FeatureFlagRow }) {
  if (flag.AlwaysOn) return <Chip label="Always on" size="small" color="primary" variant="outlined" />;
  if (flag.Status === FlagStatus.Enabled) return <Chip label="On" size="small" color="success" />;
  if (flag.Status === FlagStatus.Tenants)
    return (
      <Chip
        label={`${flag.TenantIds.length} tenant${flag.TenantIds.length === 1 ? '' : 's'}`}
        size="small"
        color="warning"
        variant="outlined"
      />
    );
  return <Chip label="Off" size="small" variant="outlined" />;
}

/** `/admin/future-flags`: switch features on or off for every tenant. */
export default function FeatureFlagsPage() {
  const auth = useAuth();
  const flags = useFeatureFlags();
  const setStatus = useSetFlagStatus();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [busyId, setBusyId] = useState<number | null>(null);
  const isSuper = hasPrivilege(auth?.privileges ?? 0, Privilege.superAdmin);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = flags.data
      ? [...flags.data].sort((a, b) => Number(a.AlwaysOn) - Number(b.AlwaysOn) || a.Key.localeCompare(b.Key))
      : undefined;
    if (!q || !list) return list;
    return list.filter((f) => f.Key.toLowerCase().includes(q) || f.Description.toLowerCase().includes(q));
  }, [flags.data, search]);

  const toggle = async (flag: FeatureFlagRow, on: boolean) => {
    setBusyId(flag.Id);
    try {
      await setStatus.mutateAsync({
        id: flag.Id,
        status: on ? FlagStatus.Enabled : FlagStatus.Disabled,
        tenantIds: flag.TenantIds,
      });
      snackbar.success(Messages.successfullyUpdated);
    } catch (err) {
      snackbar.error(err);
    } finally {
      setBusyId(null);
    }
  };

  const columns: Column<FeatureFlagRow>[] = [
    {
      key: 'key',
      header: 'Flag',
      render: (f) => (
        <Box>
          <Typography
            component="code"
            sx={{
              fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
              fontSize: 13.5,
              fontWeight: 600,
            }}
          >
            {f.Key}
          </Typography>
          {f.Description && (
            <Typography sx={{ color: 'text.secondary', fontSize: 13, display: { xs: 'block', md: 'none' } }}>
              {f.Description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      hideBelow: 'md',
      render: (f) => <Typography sx={{ color: 'text.secondary', fontSize: 14 }}>{f.Description || '—'}</Typography>,
    },
    { key: 'status', header: 'Status', nowrap: true, hideBelow: 'sm', render: (f) => <StatusChip flag={f} /> },
    {
      key: 'switch',
      header: 'On for all',
      align: 'right',
      nowrap: true,
      render: (f) => {
        const disabled = f.AlwaysOn || !isSuper;
        const control = (
          <Switch
            checked={f.AlwaysOn || f.Status === FlagStatus.Enabled}
            disabled={disabled}
            onChange={(_e, on) => {
              if (busyId !== f.Id) void toggle(f, on);
            }}
            slotProps={{ input: { 'aria-label': f.Key } }}
          />
        );
        const hint = f.AlwaysOn
          ? 'Always on: this flag cannot be switched off'
          : !isSuper
            ? 'Only Super admins can change flags'
            : '';
        return hint ? (
          <Tooltip title={hint}>
            <span>{control}</span>
          </Tooltip>
        ) : (
          control
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Feature flags"
        subtitle="Turn features on or off for every tenant. Always-on flags are part of the product and stay on."
      />
      {flags.isError ? (
        <QueryError error={flags.error} onRetry={() => void flags.refetch()} />
      ) : (
        <DataTable
          caption="Feature flags"
          columns={columns}
          rows={rows}
          rowKey={(f) => f.Id}
          loading={flags.isPending}
          emptyText={search ? 'No flag matches your search.' : Messages.noItems}
          toolbar={<SearchField id="flags-search" label="Search flags" value={search} onChange={setSearch} />}
        />
      )}
    </>
  );
}
