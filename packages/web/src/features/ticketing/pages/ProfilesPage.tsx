import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import { TICKET_GROUP_LABELS, type TicketProfileListItem } from '@vigil/contract';
import { useTenantFormats } from '../../../lib/tenantFormats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import {
  actionsColumn,
  DataGrid,
  gridColumnHelper,
  RowActions,
  useLocalColumnSettings,
  type GridColumnDef,
} from '../../../components/grid';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import { usePermissions } from '../../../lib/permissions';
import { useDeleteProfile, useProfileEvents, useProfileList } from '../api/profiles';
import { kindChip, plural } from '../components/labels';
import { ProfilesAnnouncement } from '../components/ProfilesAnnouncement';
import { PROFILES_PATH } from '../windows';

const col = gridColumnHelper<TicketProfileListItem>();

function profileColumns(a: {
  onEdit: (p: TicketProfileListItem) => void;
  onDelete: (p: TicketProfileListItem) => void;
  canEdit: boolean;
  dateTime: (v: string) => string;
}): GridColumnDef<TicketProfileListItem>[] {
  return [
    col.accessor('Name', {
      id: 'name',
      header: 'Name',
      size: 220,
      enableHiding: false,
      sortFn: 'text',
      meta: { tile: 'title' },
      cell: (c) => (
        <Box component="span" sx={{ fontWeight: 600 }} title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor((p) => kindChip(p.Type).label, {
      id: 'type',
      header: 'Type',
      size: 100,
      sortFn: 'text',
      meta: { tile: 'subtitle' },
      cell: (c) => {
        const k = kindChip(c.row.original.Type);
        return <Chip size="small" variant="outlined" color={k.color} label={k.label} />;
      },
    }),
    col.accessor((p) => TICKET_GROUP_LABELS[p.GroupBy] ?? '', {
      id: 'groupBy',
      header: 'Group by',
      size: 120,
      sortFn: 'text',
      meta: { tile: 'field' },
    }),
    col.accessor('Target', {
      id: 'target',
      header: 'Sends to',
      size: 240,
      sortFn: 'text',
      meta: { tile: 'field' },
      cell: (c) => (
        <Box component="span" title={c.getValue()}>
          {c.getValue()}
        </Box>
      ),
    }),
    col.accessor('RulesCount', { id: 'rules', header: 'Rules', size: 80, meta: { tile: 'field', align: 'right' } }),
    col.accessor('OpenTickets', {
      id: 'open',
      header: 'Open tickets',
      size: 110,
      meta: { tile: 'field', align: 'right' },
    }),
    col.accessor('UpdatedAt', {
      id: 'updated',
      header: 'Updated',
      size: 165,
      meta: { tile: 'field' },
      cell: (c) => a.dateTime(c.getValue()),
    }),
    actionsColumn<TicketProfileListItem>(96, (p) => (
      <RowActions
        actions={[
          {
            title: 'Edit',
            label: `Edit: ${p.Name}`,
            icon: <EditRoundedIcon fontSize="small" />,
            onClick: () => a.onEdit(p),
            disabled: !a.canEdit,
          },
          {
            title: p.RulesCount ? 'Used by rules: change those rules first' : 'Delete',
            label: `Delete: ${p.Name}`,
            icon: <DeleteOutlineRoundedIcon fontSize="small" />,
            onClick: () => a.onDelete(p),
            disabled: !a.canEdit,
          },
        ]}
      />
    )),
  ];
}

/** `/app/ticketing/profiles`: where tickets go and how they read. */
export default function ProfilesPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const formats = useTenantFormats();
  const list = useProfileList({ Page: 1, Size: 500 });
  const remove = useDeleteProfile();
  const columnSettings = useLocalColumnSettings('ticketing profiles');
  const canEdit = usePermissions(['ticket.editautomaticticketingprofiles']);
  const [search, setSearch] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  useProfileEvents();

  const all = useMemo(() => list.data?.Results ?? [], [list.data]);
  const rows = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? all.filter((p) => [p.Name, p.Target].some((x) => x.toLowerCase().includes(term))) : all;
  }, [all, search]);

  const edit = (p: TicketProfileListItem) => void navigate(`${PROFILES_PATH}/edit/${p.Id}`);
  const askDelete = (p: TicketProfileListItem) =>
    setConfirm({
      title: 'Delete ticket profile',
      subject: p.Name,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(p.Id);
        snackbar.success('Successfully deleted');
      },
    });
  const columns = profileColumns({ onEdit: edit, onDelete: askDelete, canEdit, dateTime: formats.dateTime });

  return (
    <>
      <PageHeader
        eyebrow="Tickets"
        title="Ticket Profiles"
        subtitle={
          small ? undefined : 'Where tickets go (PSA, e-mail or webhook) and how they read. Rules choose a profile.'
        }
        actions={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!canEdit}
            onClick={() => void navigate(`${PROFILES_PATH}/create`)}
          >
            Create profile
          </Button>
        }
      />
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        </Box>
      )}
      <DataGrid
        id="ticket-profiles-grid"
        label="Ticket profiles"
        columns={columns}
        data={rows}
        getRowId={(p) => String(p.Id)}
        defaultSorting={[{ id: 'name', desc: false }]}
        {...columnSettings}
        onRowClick={canEdit ? edit : undefined}
        contextActions={
          canEdit
            ? [
                { label: 'Edit', onClick: edit },
                { label: 'Delete', onClick: askDelete },
              ]
            : []
        }
        loading={list.isPending}
        emptyText={search ? 'No profile matches this search' : 'No Items'}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', flex: 1, minWidth: 0 }}>
            <Box sx={{ flex: '1 1 160px', minWidth: 0, maxWidth: 340, '& .MuiFormControl-root': { width: '100%' } }}>
              <SearchField id="profiles-search" label="Search" value={search} onChange={setSearch} />
            </Box>
            <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
              {list.data ? plural(list.data.Total, 'profile') : ' '}
            </Typography>
          </Box>
        }
        height={small ? 'calc(100dvh - 220px)' : 'max(420px, calc(100vh - 300px))'}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <ProfilesAnnouncement />
    </>
  );
}
