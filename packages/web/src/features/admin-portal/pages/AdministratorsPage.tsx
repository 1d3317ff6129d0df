import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { hasPrivilege, Privilege, type AdministratorRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { srOnly } from '../../../components/srOnly';
import { useSnackbar } from '../../../components/snackbar';
import { relativeTime } from '../../../lib/format';
import { useAuth } from '../../../lib/queries';
import { useAdministrators, useDeleteAdministrator } from '../api/administrators';
import { AdministratorDialog } from '../components/AdministratorDialog';

const roleColor: Record<string, 'primary' | 'secondary' | 'success' | 'warning'> = {
  Super: 'primary',
  Success: 'success',
  Billing: 'warning',
  Sales: 'secondary',
};

/** `/admin/administrators`: the platform's administrators and their roles; Super administrators change them. */
export default function AdministratorsPage() {
  const auth = useAuth();
  const admins = useAdministrators();
  const remove = useDeleteAdministrator();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<{ editing: AdministratorRow | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const isSuper = hasPrivilege(auth?.privileges ?? 0, Privilege.superAdmin);

  const columns: Column<AdministratorRow>[] = [
    {
      key: 'admin',
      header: 'Administrator',
      render: (a) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>{a.Email}</Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
            {`${a.FirstName} ${a.LastName}`.trim() || '—'}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'roles',
      header: 'Roles',
      render: (a) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {a.Roles.map((r) => (
            <Chip key={r} size="small" label={r} color={roleColor[r]} variant="outlined" />
          ))}
        </Box>
      ),
    },
    {
      key: 'state',
      header: 'State',
      hideBelow: 'sm',
      render: (a) =>
        !a.IsEnabled ? (
          <Chip size="small" label="Disabled" variant="outlined" />
        ) : !a.HasPassword ? (
          <Chip size="small" label="Invited" color="info" variant="outlined" />
        ) : (
          <Chip size="small" label={a.MfaEnabled ? 'Active · MFA' : 'Active'} color="success" variant="outlined" />
        ),
    },
    {
      key: 'login',
      header: 'Last sign-in',
      hideBelow: 'md',
      nowrap: true,
      render: (a) => (a.LastLoginAt ? relativeTime(a.LastLoginAt) : 'Never'),
    },
    ...(isSuper
      ? [
          {
            key: 'actions',
            header: (
              <Box component="span" sx={srOnly}>
                Actions
              </Box>
            ),
            align: 'right' as const,
            nowrap: true,
            render: (a: AdministratorRow) => (
              <>
                <Tooltip title="Edit">
                  <IconButton aria-label={`Edit ${a.Email}`} onClick={() => setDialog({ editing: a })}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={a.Id === auth?.userId ? 'You cannot remove yourself' : 'Remove'}>
                  <span>
                    <IconButton
                      aria-label={`Remove ${a.Email}`}
                      disabled={a.Id === auth?.userId}
                      onClick={() =>
                        setConfirm({
                          title: 'Remove administrator',
                          subject: a.Email,
                          confirmLabel: 'Remove',
                          action: async () => {
                            await remove.mutateAsync(a.Id);
                            snackbar.success('Administrator removed');
                          },
                        })
                      }
                    >
                      <DeleteOutlineRoundedIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Administrators"
        subtitle={
          isSuper
            ? 'The people who run this platform. Roles: Super, Success, Billing and Sales; only a Super administrator changes them.'
            : 'The people who run this platform. Only a Super administrator can change this list.'
        }
        actions={
          isSuper && (
            <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({ editing: null })}>
              Add administrator
            </Button>
          )
        }
      />
      {admins.isError ? (
        <QueryError error={admins.error} onRetry={() => void admins.refetch()} />
      ) : (
        <DataTable
          caption="Administrators"
          columns={columns}
          rows={admins.data}
          rowKey={(a) => a.Id}
          loading={admins.isPending}
          emptyText="No administrators."
        />
      )}
      <AdministratorDialog open={!!dialog} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
