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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { NamedRef, RestrictionGroup } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { DataGrid, gridColumnHelper, type GridColumnDef } from '../../../components/grid';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useDeleteRestrictionGroup, useRestrictionGroups, useSaveRestrictionGroup } from '../api/userManagement';
import { CompanyMultiPicker } from '../components/CompanyMultiPicker';
import { UserManagementTabs } from '../components/UserManagementTabs';

const col = gridColumnHelper<RestrictionGroup>();
const columns: GridColumnDef<RestrictionGroup>[] = [
  col.accessor('Name', { id: 'name', header: 'Name', size: 200, sortFn: 'text', meta: { tile: 'title' } }),
  col.accessor('Description', { id: 'description', header: 'Description', size: 220, meta: { tile: 'subtitle' } }),
  col.accessor((g) => g.Companies.map((c) => c.Name).join(', '), {
    id: 'companies',
    header: 'Companies',
    size: 320,
    meta: { tile: 'field' },
    cell: (c) => (
      <Box sx={{ display: 'flex', gap: 0.5, overflow: 'hidden', alignItems: 'center', height: '100%' }}>
        {c.row.original.Companies.slice(0, 4).map((x) => (
          <Chip key={x.Id} size="small" label={x.Name} sx={{ height: 22 }} />
        ))}
        {c.row.original.Companies.length > 4 && (
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
            +{c.row.original.Companies.length - 4} more
          </Typography>
        )}
      </Box>
    ),
  }),
  col.accessor('UsersCount', {
    id: 'users',
    header: 'Users',
    size: 90,
    meta: { tile: 'field', align: 'right' },
  }),
];

function GroupDialog({
  group,
  onClose,
  onDelete,
}: {
  group: RestrictionGroup | 'new';
  onClose: () => void;
  onDelete: (g: RestrictionGroup) => void;
}) {
  const snackbar = useSnackbar();
  const save = useSaveRestrictionGroup();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const existing = group === 'new' ? null : group;
  const [name, setName] = useState(existing?.Name ?? '');
  const [description, setDescription] = useState(existing?.Description ?? '');
  const [companies, setCompanies] = useState<NamedRef[]>(existing?.Companies ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async () => {
    if (!name.trim()) return setErrors({ Name: 'Name is required' });
    try {
      await save.mutateAsync({
        ...(existing ? { Id: existing.Id } : {}),
        Name: name,
        Description: description,
        CompanyIds: companies.map((c) => c.Id),
      });
      snackbar.success(existing ? 'Successfully updated' : 'Successfully added');
      onClose();
    } catch (err) {
      const fe = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fe);
      if (!fe.Name && !fe.CompanyIds) setFormError(resolveErrorMessage(err));
    }
  };

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogTitle>{existing ? 'Edit restriction group' : 'Add restriction group'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            id="restriction-name"
            label="Name"
            required
            autoFocus
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setErrors({});
            }}
            error={!!errors.Name}
            helperText={errors.Name ?? ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            id="restriction-description"
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <CompanyMultiPicker
            id="restriction-companies"
            label="Companies"
            value={companies}
            onChange={setCompanies}
            error={!!errors.CompanyIds}
            helperText={errors.CompanyIds ?? 'Restricted users of this group see these companies, on top of their own.'}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {existing && (
            <Button color="error" sx={{ mr: 'auto' }} onClick={() => onDelete(existing)} disabled={save.isPending}>
              Delete
            </Button>
          )}
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `/app/settings/user-management/access-groups`: named sets of companies for restricted users. */
export default function RestrictionGroupsPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const groups = useRestrictionGroups();
  const remove = useDeleteRestrictionGroup();
  const [editing, setEditing] = useState<RestrictionGroup | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const rows = useMemo(() => groups.data ?? [], [groups.data]);

  const askDelete = (g: RestrictionGroup) =>
    setConfirm({
      title: 'Delete restriction group',
      subject: g.UsersCount ? `${g.Name} (its ${g.UsersCount} users lose these companies)` : g.Name,
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
        subtitle={
          small ? undefined : 'Restriction groups name sets of companies; restricted users see only their companies.'
        }
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setEditing('new')}>
            Add restriction group
          </Button>
        }
      />
      <UserManagementTabs />
      {groups.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
        </Box>
      )}
      <DataGrid
        id="restriction-groups-grid"
        label="Restriction groups"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        defaultSorting={[{ id: 'name', desc: false }]}
        onRowClick={setEditing}
        contextActions={[
          { label: 'Edit', onClick: setEditing },
          { label: 'Delete', onClick: askDelete },
        ]}
        loading={groups.isPending}
        emptyText="No restriction groups yet"
        height={small ? 'calc(100dvh - 300px)' : 'max(360px, calc(100vh - 360px))'}
      />
      {editing !== null && (
        <GroupDialog
          group={editing}
          onClose={() => setEditing(null)}
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
