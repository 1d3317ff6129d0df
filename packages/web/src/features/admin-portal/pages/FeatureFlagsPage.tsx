import { useMemo, useState } from 'react';
import { FlagStatus, Messages, Privilege, hasPrivilege, type FeatureFlagRow } from '@vigil/contract';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useAuth } from '../../../lib/queries';
import { useFeatureFlags, useSetFlagStatus } from '../api/admin';
import { flagColumns } from '../components/flags/flagColumns';

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

  const columns = flagColumns(isSuper, busyId, toggle);

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
