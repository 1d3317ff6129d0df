import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { DashboardLayout } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { srOnly } from '../../../components/srOnly';
import { useSnackbar } from '../../../components/snackbar';
import { formatDate } from '../../../lib/format';
import { plural } from '../../../lib/insightText';
import { useDashboardLayouts, useDeleteLayout, usePublishLayout } from '../api/layouts';
import { LayoutEditorDialog } from '../components/LayoutEditorDialog';
import { TILE_TYPE_LABELS } from '../components/LayoutTileRow';

/** `/admin/dashboard-layouts`: the templates tenants start dashboards from; only published ones are offered. */
export default function DashboardLayoutsPage() {
  const layouts = useDashboardLayouts();
  const publish = usePublishLayout();
  const remove = useDeleteLayout();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = layouts.data ? [...layouts.data].sort((a, b) => a.name.localeCompare(b.name)) : undefined;
    if (!q || !all) return all;
    return all.filter((l) => l.name.toLowerCase().includes(q) || l.description.toLowerCase().includes(q));
  }, [layouts.data, search]);

  const toggle = async (l: DashboardLayout, on: boolean) => {
    try {
      await publish.mutateAsync({ id: l.id, publish: on });
      snackbar.success(on ? `"${l.name}" is published` : `"${l.name}" is no longer published`);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns: Column<DashboardLayout>[] = [
    {
      key: 'name',
      header: 'Layout',
      render: (l) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5 }}>{l.name}</Typography>
          {l.description && (
            <Typography sx={{ color: 'text.secondary', fontSize: 13, overflowWrap: 'anywhere' }}>
              {l.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'tiles',
      header: 'Tiles',
      hideBelow: 'sm',
      render: (l) => (
        <Tooltip title={l.tiles.map((t) => `${t.title} (${TILE_TYPE_LABELS[t.type]})`).join(', ')}>
          <span>{plural(l.tiles.length, 'tile')}</span>
        </Tooltip>
      ),
    },
    { key: 'updated', header: 'Updated', hideBelow: 'md', nowrap: true, render: (l) => formatDate(l.updatedAt) },
    {
      key: 'published',
      header: 'Published',
      render: (l) => (
        <FormControlLabel
          control={
            <Switch
              checked={l.isPublished}
              onChange={(_e, on) => void toggle(l, on)}
              slotProps={{ input: { 'aria-label': `Publish ${l.name}` } }}
            />
          }
          label={l.isPublished ? 'Published' : 'Draft'}
          sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 14, minWidth: 70 } }}
        />
      ),
    },
    {
      key: 'actions',
      header: (
        <Box component="span" sx={srOnly}>
          Actions
        </Box>
      ),
      align: 'right',
      nowrap: true,
      render: (l) => (
        <>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${l.name}`} onClick={() => setEditing(l.id)}>
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              aria-label={`Delete ${l.name}`}
              onClick={() =>
                setConfirm({
                  title: 'Delete dashboard layout',
                  subject: l.name,
                  action: async () => {
                    await remove.mutateAsync(l.id);
                    snackbar.success(`Layout "${l.name}" deleted`);
                  },
                })
              }
            >
              <DeleteOutlineRoundedIcon />
            </IconButton>
          </Tooltip>
        </>
      ),
    },
  ];

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
