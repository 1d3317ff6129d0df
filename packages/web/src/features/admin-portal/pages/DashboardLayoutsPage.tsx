import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useDashboardLayouts } from '../api/layouts';
import { LayoutEditorDialog } from '../components/LayoutEditorDialog';
import { layoutColumns } from '../components/layouts/layoutColumns';
import { useLayoutActions } from '../components/layouts/useLayoutActions';

/** `/admin/dashboard-layouts`: the templates tenants start dashboards from; only published ones are offered. */
export default function DashboardLayoutsPage() {
  const layouts = useDashboardLayouts();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const { toggle, askDelete, confirm, setConfirm } = useLayoutActions();

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = layouts.data ? [...layouts.data].sort((a, b) => a.name.localeCompare(b.name)) : undefined;
    if (!q || !all) return all;
    return all.filter((l) => l.name.toLowerCase().includes(q) || l.description.toLowerCase().includes(q));
  }, [layouts.data, search]);

  const columns = layoutColumns({ toggle, onEdit: setEditing, onDelete: askDelete });

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Dashboard Layouts"
        subtitle="Ready-made sets of tiles. Tenants can start a new dashboard from any published layout; dashboards made from a layout keep their own copy."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            New layout
          </Button>
        }
      />
      {layouts.isError ? (
        <QueryError error={layouts.error} onRetry={() => void layouts.refetch()} />
      ) : (
        <DataTable
          caption="Dashboard layouts"
          columns={columns}
          rows={rows}
          rowKey={(l) => l.id}
          loading={layouts.isPending}
          emptyText={search ? 'No layout matches your search.' : 'No layouts yet. Create one with "New layout".'}
          toolbar={<SearchField id="layouts-search" label="Search layouts" value={search} onChange={setSearch} />}
        />
      )}
      <LayoutEditorDialog id={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
