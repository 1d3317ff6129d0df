import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import type { UserListItem } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SearchField } from '../../../components/SearchField';
import { useSnackbar } from '../../../components/snackbar';
import {
  DataGrid,
  gridColumnHelper,
  type GridColumnDef,
  type RowSelectionState,
  type SortingState,
} from '../../../components/grid';
import { useBulkUsers, useUsers, type BulkAction, type UserKind } from '../api/userManagement';
import { UserEditorDialog } from '../components/UserEditorDialog';
import { UserManagementTabs } from '../components/UserManagementTabs';
import { usePermissions } from '../../../lib/permissions';
import { ClientSignInPanel } from '../components/ClientSignInPanel';
import { MoveUsersButton } from '../components/MoveUsersButton';
import { companiesLabel } from '../lib/companyNames';

const col = gridColumnHelper<UserListItem>();
const fullName = (u: UserListItem) => `${u.FirstName} ${u.LastName}`.trim();
/** Two-factor state: on, required by an administrator but not set up yet, or off. */
const twoFactorLabel = (u: UserListItem) => (u.MfaEnabled ? 'On' : u.MfaSetupRequired ? 'Set-up pending' : 'Off');
const levelColor = (level: number) =>
  level === 3 ? 'primary' : level === 0 ? 'default' : level === 1 ? 'secondary' : 'info';

const columns: GridColumnDef<UserListItem>[] = [
  col.accessor((u) => fullName(u) || u.Email, {
    id: 'name',
    header: 'Name',
    size: 200,
    sortFn: 'text',
    meta: { tile: 'title' },
  }),
  col.accessor('Email', { id: 'email', header: 'E-mail', size: 240, sortFn: 'text', meta: { tile: 'subtitle' } }),
  col.accessor('LevelName', {
    id: 'level',
    header: 'Level',
    size: 140,
    meta: { tile: 'field' },
    cell: (c) => (
      <Chip
        size="small"
        variant="outlined"
        color={levelColor(c.row.original.Level)}
        label={c.getValue()}
        sx={{ height: 22 }}
      />
    ),
  }),
  col.accessor((u) => u.GroupName ?? '', { id: 'group', header: 'Group', size: 170, meta: { tile: 'field' } }),
  col.accessor((u) => companiesLabel(u).text, {
    id: 'companies',
    header: 'Companies',
    size: 190,
    meta: { tile: 'field' },
    cell: (c) => {
      const { text, title } = companiesLabel(c.row.original);
      return (
        <Tooltip title={title} disableInteractive>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {text}
          </Box>
        </Tooltip>
      );
    },
  }),
  col.accessor(twoFactorLabel, {
    id: 'mfa',
    header: '2FA',
    size: 145,
    meta: { tile: 'field' },
    cell: (c) => (
      <Chip
        size="small"
        variant="outlined"
        color={c.row.original.MfaEnabled ? 'success' : c.row.original.MfaSetupRequired ? 'warning' : 'default'}
        label={c.getValue()}
        sx={{ height: 22 }}
      />
    ),
  }),
  col.accessor((u) => (!u.HasPassword ? 'Invited' : u.Level === 0 ? 'Disabled' : 'Active'), {
    id: 'status',
    header: 'Status',
    size: 110,
    meta: { tile: 'field' },
  }),
];

const plural = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/** `/app/settings/user-management/users`: the tenant's staff and client users, with bulk actions. */
export default function UsersPage() {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const snackbar = useSnackbar();
  const [kind, setKind] = useState<UserKind>('partner');
  const [includeDisabled, setIncludeDisabled] = useState(false);
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'email', desc: false }]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const users = useUsers(kind, includeDisabled);
  const bulk = useBulkUsers();
  const canEditUsers = usePermissions(['settings.editusers']);

  const rows = useMemo(() => {
    const all = users.data ?? [];
    const term = search.trim().toLowerCase();
    return term
      ? all.filter((u) => u.Email.toLowerCase().includes(term) || fullName(u).toLowerCase().includes(term))
      : all;
  }, [users.data, search]);
  const selectedIds = useMemo(
    () =>
      Object.keys(selection)
        .filter((k) => selection[k])
        .map(Number),
    [selection],
  );

  const run = useCallback(
    (action: BulkAction, title: string, message: string, confirmLabel: string) =>
      setConfirm({
        title,
        message,
        confirmLabel,
        action: async () => {
          const r = await bulk.mutateAsync({ action, ids: selectedIds });
          setSelection({});
          snackbar.success(r.Message);
        },
      }),
    [bulk, selectedIds, snackbar],
  );

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="User Management"
        subtitle={small ? undefined : 'Who can sign in, what they may do, and which companies they see.'}
        actions={
          <Button variant="contained" startIcon={<PersonAddAlt1RoundedIcon />} onClick={() => setEditing({ id: null })}>
            Add user
          </Button>
        }
      />
      <UserManagementTabs />
      {kind === 'client' && <ClientSignInPanel canEdit={canEditUsers} />}
      {users.isError && (
        <Box sx={{ mb: 2 }}>
          <QueryError error={users.error} onRetry={() => void users.refetch()} />
        </Box>
      )}
      <DataGrid
        id="users-grid"
        label="Users"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.Id)}
        sorting={sorting}
        onSortingChange={(s) => setSorting(s.length ? s.slice(-1) : [{ id: 'email', desc: false }])}
        enableRowSelection
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        onRowClick={(u) => setEditing({ id: u.Id })}
        contextActions={[{ label: 'Edit', onClick: (u) => setEditing({ id: u.Id }) }]}
        loading={users.isPending}
        emptyText={search ? 'No user matches this search' : 'No Items'}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={kind}
              onChange={(_, v: UserKind | null) => {
                if (v) {
                  setKind(v);
                  setSelection({});
                }
              }}
              aria-label="User type"
              sx={{ '& .MuiToggleButton-root': { whiteSpace: 'nowrap' } }}
            >
              <ToggleButton value="partner">Staff users</ToggleButton>
              <ToggleButton value="client">Client users</ToggleButton>
            </ToggleButtonGroup>
            <SearchField id="users-search" label="Search" value={search} onChange={setSearch} />
            <FormControlLabel
              control={<Checkbox checked={includeDisabled} onChange={(e) => setIncludeDisabled(e.target.checked)} />}
              label="Include disabled"
              sx={{ whiteSpace: 'nowrap', mr: 0 }}
            />
            {selectedIds.length > 0 ? (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography sx={{ fontSize: 14 }}>{plural(selectedIds.length)} selected</Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() =>
                    run(
                      'bulk-new-password',
                      'Send new password links',
                      `Each of the ${plural(selectedIds.length)} gets an e-mail with a link to choose a new password.`,
                      'Send',
                    )
                  }
                >
                  New password
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() =>
                    run(
                      'enable-two-factor',
                      'Require two-factor sign-in',
                      'Users without an authenticator app must set one up at their next sign-in before they get in. They are told by e-mail, and their current sessions end.',
                      'Require',
                    )
                  }
                >
                  Require 2FA
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() =>
                    run(
                      'disable-two-factor',
                      'Turn off two-factor sign-in',
                      'Their authenticator and any two-factor requirement are removed; they sign in with their password until they set one up again.',
                      'Turn off',
                    )
                  }
                >
                  Turn off 2FA
                </Button>
                {canEditUsers && <MoveUsersButton kind={kind} ids={selectedIds} onDone={() => setSelection({})} />}
                <Button
                  size="small"
                  color="error"
                  variant="outlined"
                  onClick={() =>
                    run(
                      'bulk-delete',
                      'Delete users',
                      `Delete ${plural(selectedIds.length)}? They can no longer sign in and this cannot be undone.`,
                      'Yes, Delete',
                    )
                  }
                >
                  Delete
                </Button>
              </Box>
            ) : (
              <Typography sx={{ fontSize: 14, color: 'text.secondary' }} aria-live="polite">
                {users.data ? plural(rows.length) : ' '}
              </Typography>
            )}
          </Box>
        }
        height={small ? 'calc(100dvh - 320px)' : 'max(420px, calc(100vh - 380px))'}
      />
      <UserEditorDialog
        open={editing !== null}
        userId={editing?.id ?? null}
        kind={kind}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
