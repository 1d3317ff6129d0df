import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { GroupType, type GroupRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { DataGrid, gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useCopyGroup, useCreateGroup, useDeleteGroup, useGroups, useUpdateGroup } from '../api/userManagement';
import { UserManagementTabs } from '../components/UserManagementTabs';

type Kind = 'standard' | 'client';
const col = gridColumnHelper<GroupRow>();
const columns: GridColumnDef<GroupRow>[] = [
  col.accessor('Name', {
    id: 'name',
    header: 'Name',
    size: 220,
    sortFn: 'text',
    meta: { tile: 'title' },
    cell: (c) => (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
        <span>{c.getValue()}</span>
        {c.row.original.IsDefault && <Chip size="small" variant="outlined" label="Built-in" sx={{ height: 20 }} />}
      </Box>
    ),
  }),
  col.accessor('Description', { id: 'description', header: 'Description', size: 300, meta: { tile: 'subtitle' } }),
  col.accessor('UsersCount', { id: 'users', header: 'Users', size: 90, meta: { tile: 'field', align: 'right' } }),
  col.accessor((g) => g.Permissions.length, {
    id: 'permissions',
    header: 'Permissions',
    size: 140,
    meta: { tile: 'field', align: 'right' },
  }),
];

function GroupDialog({
  kind,
  group,
  onClose,
  onCopy,
  onDelete,
}: {
  kind: Kind;
  group: GroupRow | 'new';
  onClose: () => void;
  onCopy: (g: GroupRow) => void;
  onDelete: (g: GroupRow) => void;
}) {
  const snackbar = useSnackbar();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const existing = group === 'new' ? null : group;
  const [name, setName] = useState(existing?.Name ?? '');
  const [description, setDescription] = useState(existing?.Description ?? '');
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const submit = async () => {
    if (!name.trim()) return setError('Name is required');
    try {
      if (existing) await update.mutateAsync({ Id: existing.Id, Name: name, Description: description });
      else
        await create.mutateAsync({
          Name: name,
          Description: description,
          Type: kind === 'client' ? GroupType.Client : GroupType.Standard,
        });
      snackbar.success(existing ? 'Successfully updated' : 'Successfully added');
      onClose();
    } catch (err) {
      setError((err instanceof ApiError && err.fieldErrors.Name) || resolveErrorMessage(err));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogTitle>{existing ? 'Edit group' : `Add ${kind} group`}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {!existing && (
            <Alert severity="info">
              A new group starts with the default permissions of {kind} users; change them under Permissions.
            </Alert>
          )}
          <TextField
            id="group-name"
            label="Name"
            required
            autoFocus
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 64 } }}
          />
          <TextField
            id="group-description"
            label="Description"
            multiline
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
          {existing && (
            <Box sx={{ mr: 'auto', display: 'flex', gap: 1 }}>
              <Button onClick={() => onCopy(existing)} disabled={busy}>
                Copy
              </Button>
              {!existing.IsDefault && (
                <Button color="error" onClick={() => onDelete(existing)} disabled={busy}>
                  Delete
                </Button>
              )}
            </Box>
          )}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `/app/settings/user-management/group`: permission groups of staff and client users. */
export default function GroupsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const [kind, setKind] = useState<Kind>('standard');
  const groups = useGroups(kind);
  const copy = useCopyGroup();
  const remove = useDeleteGroup();
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const rows = useMemo(() => groups.data ?? [], [groups.data]);

  const doCopy = async (g: GroupRow) => {
    try {
      const made = await copy.mutateAsync(g.Id);
      snackbar.success(`Copied as ${made.Name}`);
      setEditing(made);
    } catch (err) {
      snackbar.error(err);
    }
  };
  const askDelete = (g: GroupRow) =>
    setConfirm({
      title: 'Delete group',
      subject: g.Name,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(g.Id);
        snackbar.success('Successfully deleted');
      },
    });

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="User Management"
        subtitle={small ? undefined : 'Groups carry permissions; every user belongs to one group of its type.'}
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            Add group
          </Button>
        }
      />
      <UserManagementTabs />
      {groups.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
        </Box>
      )}
      <DataGrid<GroupRow>
        id="groups-grid"
        label="Groups"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        defaultSorting={[{ id: 'name', desc: false }]}
        onRowClick={setEditing}
        contextActions={[
          { label: 'Edit', onClick: setEditing },
          { label: 'Copy', onClick: (g) => void doCopy(g) },
          { label: 'Delete', onClick: askDelete },
        ]}
        loading={groups.isPending}
        emptyText="No Items"
        toolbar={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind}
            onChange={(_, v: Kind | null) => v && setKind(v)}
            aria-label="Group type"
            sx={{ '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}
          >
            <ToggleButton value="standard">Staff groups</ToggleButton>
            <ToggleButton value="client">Client groups</ToggleButton>
          </ToggleButtonGroup>
        }
        height={small ? 'calc(100dvh - 300px)' : 'max(360px, calc(100vh - 360px))'}
      />
      {editing !== null && (
        <GroupDialog
          key={editing === 'new' ? 'new' : editing.Id}
          kind={kind}
          group={editing}
          onClose={() => setEditing(null)}
          onCopy={(g) => void doCopy(g)}
          onDelete={(g) => {
            setEditing(null);
            askDelete(g);
          }}
        />
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
