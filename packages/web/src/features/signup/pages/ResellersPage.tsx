import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import type { ResellerRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { CopyButton } from '../../../components/CopyButton';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useCreateReseller, useDeleteReseller, useResellers } from '../api/sales';

const empty = { Code: '', Name: '', Email: '' };

function ResellerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateReseller();
  const snackbar = useSnackbar();
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setV(empty);
    setErrors({});
    onClose();
  };
  const save = async () => {
    try {
      const r = await create.mutateAsync({ Code: v.Code.trim(), Name: v.Name.trim(), Email: v.Email.trim() });
      snackbar.success(`${r.Name} added`);
      close();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(fields);
      if (!Object.keys(fields).length) snackbar.error(resolveErrorMessage(err));
    }
  };
  const field = (k: keyof typeof empty, label: string, helper?: string) => ({
    id: `reseller-${k}`,
    label,
    value: v[k],
    onChange: (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value })),
    error: !!errors[k],
    helperText: errors[k] ?? helper,
  });
  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullWidth maxWidth="xs">
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle>New reseller</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField {...field('Name', 'Name')} autoFocus />
            <TextField {...field('Code', 'Referral code', 'Their sign-up link ends with this code')} />
            <TextField {...field('Email', 'Contact e-mail (optional)')} type="email" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Create
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `/admin/resellers`: partners whose referral link `signup/{code}` brings in new MSPs. */
export default function ResellersPage() {
  const resellers = useResellers();
  const remove = useDeleteReseller();
  const snackbar = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const columns: Column<ResellerRow>[] = [
    {
      key: 'name',
      header: 'Reseller',
      render: (r) => (
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{r.Name}</Typography>
          {r.Email && <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{r.Email}</Typography>}
        </Box>
      ),
    },
    {
      key: 'link',
      header: 'Referral link',
      render: (r) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Typography sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>{r.SignupUrl}</Typography>
          <CopyButton text={r.SignupUrl} size="small" label={`Copy the referral link of ${r.Name}`} />
        </Box>
      ),
    },
    { key: 'tenants', header: 'Tenants', align: 'right', hideBelow: 'sm', render: (r) => r.TenantsCount },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (r) => (
        <DeleteIconButton
          label={`Delete reseller ${r.Name}`}
          onClick={() =>
            setConfirm({
              title: 'Delete reseller',
              subject: r.Name,
              confirmLabel: 'Yes, Delete',
              action: async () => {
                await remove.mutateAsync(r.Id);
                snackbar.success('Successfully deleted');
              },
            })
          }
        />
      ),
    },
  ];

  return (
    <Box>
      <PageHeader
        eyebrow="Admin Portal"
        title="Resellers"
        subtitle="Partners who refer MSPs. Each has a sign-up link; accounts opened through it are counted here. Deleting a reseller ends its link."
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setCreating(true)}>
            New reseller
          </Button>
        }
      />
      {resellers.isError ? (
        <QueryError error={resellers.error} onRetry={() => void resellers.refetch()} />
      ) : (
        <DataTable
          caption="Resellers"
          columns={columns}
          rows={resellers.data}
          rowKey={(r) => r.Id}
          loading={resellers.isPending}
        />
      )}
      <ResellerDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
