import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import type { ClientMappingRow, CompanyOption } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { useWindowManager } from '../../../components/WindowManagerProvider';
import { DataGrid, gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import { usePermissions } from '../../../lib/permissions';
import { useClientMappings, useCompanyTableUpdates, useDeleteClientMapping, useMapClient } from '../api/companies';
import { CompanyPicker } from '../components/CompanyPicker';
import { openCompanyApply } from '../companiesWindows';

const col = gridColumnHelper<ClientMappingRow>();
const rowId = (r: ClientMappingRow) => `${r.Kind}:${r.ClientId.toLowerCase()}`;

/** How a client id relates to the company names: exact (maps by itself), soft (to verify), none. */
function MatchChip({ row }: { row: ClientMappingRow }) {
  if (row.Match === 'Exact') return <Chip size="small" color="success" label="Exact (auto)" />;
  if (row.Match === 'Soft') return <Chip size="small" color="warning" label="Soft (to verify)" />;
  return <Chip size="small" variant="outlined" label="None" />;
}

function clientColumns(ctx: {
  canEdit: boolean;
  onMap: (r: ClientMappingRow) => void;
  onAccept: (r: ClientMappingRow) => void;
  onUnmap: (r: ClientMappingRow) => void;
}): GridColumnDef<ClientMappingRow>[] {
  return [
    col.accessor('ClientId', {
      id: 'client',
      header: 'Client ID',
      size: 240,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('Kind', {
      id: 'kind',
      header: 'Source',
      size: 150,
      meta: { tile: 'field' },
      cell: (c) => (c.getValue() === 'Tag' ? 'Plus-address tag' : 'Vendor client ID'),
    }),
    col.accessor('BackupCount', {
      id: 'backups',
      header: 'Backups',
      size: 100,
      sortDescFirst: true,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('UnassignedCount', {
      id: 'unassigned',
      header: 'Without company',
      size: 140,
      sortDescFirst: true,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor((r) => r.CompanyName ?? '', {
      id: 'company',
      header: 'Company',
      size: 220,
      sortFn: 'text',
      meta: { tile: 'subtitle' },
      cell: (c) =>
        c.row.original.CompanyName ? (
          <span>
            {c.row.original.CompanyName}
            {c.row.original.Id === null && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {' '}
                (auto)
              </Box>
            )}
          </span>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            - Not mapped -
          </Box>
        ),
    }),
    col.accessor('Match', {
      id: 'match',
      header: 'Suggestion',
      size: 260,
      meta: { tile: 'field' },
      cell: (c) => (
        <Box sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
          <MatchChip row={c.row.original} />
          {c.row.original.SuggestedCompanyName && c.row.original.Match !== 'Exact' && (
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {c.row.original.SuggestedCompanyName}
            </Box>
          )}
        </Box>
      ),
    }),
    ...(ctx.canEdit
      ? [
          col.display({
            id: 'actions',
            header: '',
            size: 250,
            enableSorting: false,
            enableHiding: false,
            enableResizing: false,
            meta: { label: 'Actions', align: 'center' },
            cell: (c) => {
              const r = c.row.original;
              return (
                <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
                  {r.Match === 'Soft' && r.Id === null && (
                    <Button
                      size="small"
                      onClick={() => ctx.onAccept(r)}
                      aria-label={`Accept suggestion for ${r.ClientId}`}
                    >
                      Accept
                    </Button>
                  )}
                  <Button size="small" onClick={() => ctx.onMap(r)} aria-label={`Map ${r.ClientId}`}>
                    Map
                  </Button>
                  {r.Id !== null && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => ctx.onUnmap(r)}
                      aria-label={`Unmap ${r.ClientId}`}
                    >
                      Unmap
                    </Button>
                  )}
                </Box>
              );
            },
          }),
        ]
      : []),
  ];
}

function MapDialog({ row, onClose }: { row: ClientMappingRow | null; onClose: () => void }) {
  const snackbar = useSnackbar();
  const map = useMapClient();
  const [shown, setShown] = useState<ClientMappingRow | null>(row);
  const [company, setCompany] = useState<CompanyOption | null>(null);
  if (row && row !== shown) {
    setShown(row);
    setCompany(
      row.CompanyId !== null
        ? { Id: row.CompanyId, Name: row.CompanyName ?? '', Type: 1 }
        : row.SuggestedCompanyId !== null
          ? { Id: row.SuggestedCompanyId, Name: row.SuggestedCompanyName ?? '', Type: 1 }
          : null,
    );
  }
  const submit = async () => {
    if (!shown || !company) return;
    try {
      await map.mutateAsync({ Kind: shown.Kind, ClientId: shown.ClientId, CompanyId: company.Id });
      snackbar.success('Successfully updated');
      onClose();
    } catch (err) {
      snackbar.error(err);
    }
  };
  return (
    <Dialog
      open={!!row}
      onClose={map.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="map-dlg"
    >
      <DialogTitle id="map-dlg">Map {shown?.ClientId}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
          Backups carrying this client ID go to the company you choose when mappings are applied, and new ones at once.
        </Typography>
        <CompanyPicker id="map-company" label="Company" value={company} onChange={setCompany} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={map.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={!company} loading={map.isPending} onClick={() => void submit()}>
          Map
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** `/app/manage/companies/backup-client`: client ids seen on backups and the companies they map to. */
export default function CompanyClientsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const windows = useWindowManager();
  const canEdit = usePermissions(['manage.editCompanies']);
  useCompanyTableUpdates();
  const list = useClientMappings();
  const map = useMapClient();
  const unmap = useDeleteClientMapping();
  const [search, setSearch] = useState('');
  const [mapping, setMapping] = useState<ClientMappingRow | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    const all = list.data ?? [];
    return term
      ? all.filter((r) => r.ClientId.toLowerCase().includes(term) || (r.CompanyName ?? '').toLowerCase().includes(term))
      : all;
  }, [list.data, search]);

  const onAccept = useCallback(
    (r: ClientMappingRow) => {
      if (r.SuggestedCompanyId === null) return;
      map
        .mutateAsync({ Kind: r.Kind, ClientId: r.ClientId, CompanyId: r.SuggestedCompanyId })
        .then(() => snackbar.success(`${r.ClientId} mapped to ${r.SuggestedCompanyName}`))
        .catch((err: unknown) => snackbar.error(err));
    },
    [map, snackbar],
  );
  const onUnmap = useCallback(
    (r: ClientMappingRow) =>
      setConfirm({
        title: 'Remove mapping',
        subject: `${r.ClientId} → ${r.CompanyName ?? ''}`,
        confirmLabel: 'Yes, Delete',
        action: async () => {
          if (r.Id !== null) await unmap.mutateAsync(r.Id);
          snackbar.success('Successfully deleted.');
        },
      }),
    [unmap, snackbar],
  );
  const columns = useMemo(
    () => clientColumns({ canEdit, onMap: setMapping, onAccept, onUnmap }),
    [canEdit, onAccept, onUnmap],
  );
  const unmapped = (list.data ?? []).filter((r) => r.CompanyId === null).length;

  return (
    <>
      <PageHeader
        eyebrow="Companies"
        title="Client IDs"
        subtitle={
          small
            ? undefined
            : 'Plus-address tags and vendor client IDs found on backups. Exact matches to a company name or code map by themselves; soft matches wait for you to verify.'
        }
        actions={
          <>
            <Button startIcon={<ArrowBackRoundedIcon />} onClick={() => void navigate('/app/manage/companies')}>
              Companies
            </Button>
            <Button variant="contained" onClick={() => openCompanyApply(windows, 'clients')}>
              Apply mappings
            </Button>
          </>
        }
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="client-ids-grid"
        label="Client IDs"
        columns={columns}
        data={rows}
        getRowId={rowId}
        defaultSorting={[]}
        onRowClick={canEdit ? setMapping : undefined}
        loading={list.isPending}
        emptyText={list.isError ? 'The client IDs could not be loaded.' : 'No Items'}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <SearchField id="client-ids-search" label="Search" value={search} onChange={setSearch} />
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
              {list.data ? `${list.data.length} client IDs, ${unmapped} not mapped` : ' '}
            </Typography>
          </Box>
        }
        height={small ? 'calc(100dvh - 200px)' : 'max(420px, calc(100vh - 260px))'}
      />
      <MapDialog row={mapping} onClose={() => setMapping(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
