import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { BannedEmailInput, Messages } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../../components/DataTable';
import { QueryError } from '../../../../components/QueryError';
import { SearchField } from '../../../../components/SearchField';
import { SectionHeader } from '../../../../components/SectionHeader';
import { srOnly } from '../../../../components/srOnly';
import { useSnackbar } from '../../../../components/snackbar';
import { ToneChip } from '../../../../components/email/chips';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { muiField } from '../../../../lib/forms';
import { useBannedSenders, useDeleteBannedSender, useSaveBannedSender, type BannedSender } from '../../api/parsing';
import { formatUtc } from '../../../../lib/utcFormat';

type FormIn = z.input<typeof BannedEmailInput>;
type FormOut = z.output<typeof BannedEmailInput>;

function BannedSenderDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  /** The row being edited; null adds a new one. */
  editing: BannedSender | null;
  onClose: () => void;
}) {
  const save = useSaveBannedSender();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    reset,
    setError: setFieldError,
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(BannedEmailInput),
    values: { Email: editing?.Email ?? '', Reason: editing?.Reason ?? '' },
  });

  const close = () => {
    if (save.isPending) return;
    setError(null);
    onClose();
  };

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const row = await save.mutateAsync({ id: editing?.Id ?? null, body: { Email: v.Email, Reason: v.Reason } });
      snackbar.success(editing ? Messages.successfullyUpdated : `${row.Email} is banned`);
      reset();
      onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors : {};
      if (field.Email) setFieldError('Email', { message: field.Email });
      else if (field.Reason) setFieldError('Reason', { message: field.Reason });
      else setError(resolveErrorMessage(err));
    }
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="banned-dialog-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="banned-dialog-title">{editing ? 'Edit banned sender' : 'Ban a sender'}</DialogTitle>
        <DialogContent>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, mb: 2 }}>
            Mail from a banned sender is refused at the door (SMTP 550) for every tenant. Ban one address, or a whole
            domain written as <code>@example.com</code>.
          </Typography>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <TextField
              {...muiField(register('Email'))}
              id="banned-email"
              label="Address or @domain"
              autoFocus
              placeholder="spam@example.com or @example.com"
              error={!!formState.errors.Email}
              helperText={formState.errors.Email?.message}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
            <TextField
              {...muiField(register('Reason'))}
              id="banned-reason"
              label="Reason"
              multiline
              minRows={2}
              error={!!formState.errors.Reason}
              helperText={formState.errors.Reason?.message ?? 'Optional: why it is banned, for the other admins.'}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {editing ? 'Save' : 'Ban sender'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Banned senders (admin): add, edit and delete; changing them needs the Super or Success role. */
export function BannedSendersPanel({ canManage }: { canManage: boolean }) {
  const banned = useBannedSenders();
  const remove = useDeleteBannedSender();
  const snackbar = useSnackbar();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ editing: BannedSender | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !banned.data) return banned.data;
    return banned.data.filter((b) => b.Email.includes(q) || b.Reason.toLowerCase().includes(q));
  }, [banned.data, search]);

  const hint = canManage ? '' : 'Needs the Super or Success admin role';
  const guarded = (node: React.ReactElement) =>
    hint ? (
      <Tooltip title={hint} describeChild>
        <span>{node}</span>
      </Tooltip>
    ) : (
      node
    );

  const columns: Column<BannedSender>[] = [
    {
      key: 'email',
      header: 'Sender',
      render: (b) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography component="code" sx={{ fontSize: 13.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {b.Email}
          </Typography>
          <Box sx={{ mt: 0.5, display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
            <ToneChip label={b.Email.startsWith('@') ? 'Domain' : 'Address'} />
          </Box>
          {b.Reason && (
            <Typography sx={{ fontSize: 13, color: 'text.secondary', display: { xs: 'block', md: 'none' }, mt: 0.5 }}>
              {b.Reason}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'reason',
      header: 'Reason',
      hideBelow: 'md',
      render: (b) => <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{b.Reason || '—'}</Typography>,
    },
    {
      key: 'refused',
      header: 'Refused',
      align: 'right',
      hideBelow: 'sm',
      render: (b) => b.RefusedCount.toLocaleString(),
    },
    {
      key: 'added',
      header: 'Added (UTC)',
      nowrap: true,
      hideBelow: 'lg',
      render: (b) => formatUtc(b.CreatedAt, 'MM/DD/yyyy'),
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
      render: (b) => (
        <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
          {guarded(
            <IconButton
              aria-label={`Edit ${b.Email}`}
              disabled={!canManage}
              onClick={() => setDialog({ editing: b })}
              size="small"
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>,
          )}
          {guarded(
            <IconButton
              aria-label={`Delete ${b.Email}`}
              disabled={!canManage}
              size="small"
              onClick={() =>
                setConfirm({
                  title: 'Delete banned sender',
                  subject: b.Email,
                  action: async () => {
                    await remove.mutateAsync(b.Id);
                    snackbar.success(`${b.Email} is no longer banned`);
                  },
                })
              }
            >
              <DeleteOutlineRoundedIcon fontSize="small" />
            </IconButton>,
          )}
        </Box>
      ),
    },
  ];

  return (
    <>
      <SectionHeader
        title="Banned senders"
        subtitle="Addresses and domains whose mail is refused for every tenant."
        actions={guarded(
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!canManage}
            onClick={() => setDialog({ editing: null })}
          >
            Ban a sender
          </Button>,
        )}
      />
      {banned.isError ? (
        <QueryError error={banned.error} onRetry={() => void banned.refetch()} />
      ) : (
        <DataTable
          caption="Banned senders"
          columns={columns}
          rows={rows}
          rowKey={(b) => b.Id}
          loading={banned.isPending}
          emptyText={search ? 'No banned sender matches your search.' : 'No sender is banned.'}
          toolbar={<SearchField id="banned-search" label="Search banned senders" value={search} onChange={setSearch} />}
        />
      )}
      <BannedSenderDialog open={!!dialog} editing={dialog?.editing ?? null} onClose={() => setDialog(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
