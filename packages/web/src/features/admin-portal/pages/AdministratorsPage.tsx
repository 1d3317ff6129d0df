import { useState } from 'react';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { hasPrivilege, Privilege, type AdministratorRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { useAuth } from '../../../lib/queries';
import { useAdministrators, useDeleteAdministrator } from '../api/administrators';
import { AdministratorDialog } from '../components/AdministratorDialog';
import { administratorColumns } from '../components/administrators/administratorColumns';

/** `/admin/administrators`: the platform's administrators and their roles; Super administrators change them. */
export default function AdministratorsPage() {
  const auth = useAuth();
  const admins = useAdministrators();
  const remove = useDeleteAdministrator();
  const snackbar = useSnackbar();
  const [dialog, setDialog] = useState<{ editing: AdministratorRow | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const isSuper = hasPrivilege(auth?.privileges ?? 0, Privilege.superAdmin);

  const askRemove = (a: AdministratorRow) =>
    setConfirm({
      title: 'Remove administrator',
      subject: a.Email,
      confirmLabel: 'Remove',
      action: async () => {
        await remove.mutateAsync(a.Id);
        snackbar.success('Administrator removed');
      },
    });
  const columns = administratorColumns(
    isSuper ? { selfId: auth?.userId, onEdit: (a) => setDialog({ editing: a }), onRemove: askRemove } : null,
  );

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
