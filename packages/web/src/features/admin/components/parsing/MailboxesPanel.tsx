import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { MailboxInput, Messages, type TenantRow } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../../components/ConfirmDialog';
import { DataTable, type Column } from '../../../../components/DataTable';
import { PasswordField } from '../../../../components/PasswordField';
import { QueryError } from '../../../../components/QueryError';
import { SearchField } from '../../../../components/SearchField';
import { SectionHeader } from '../../../../components/SectionHeader';
import { srOnly } from '../../../../components/srOnly';
import { useSnackbar } from '../../../../components/snackbar';
import { ToneChip } from '../../../../components/ingest/chips';
import { useDateFormatter } from '../../../../components/ingest/dates';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { relativeTime } from '../../../../lib/format';
import { muiField } from '../../../../lib/forms';
import { useTenants } from '../../api/admin';
import {
  useAddMailbox,
  useAdminMailboxes,
  useDeleteMailbox,
  useToggleMailbox,
  type AdminMailbox,
} from '../../api/parsing';

type FormIn = z.input<typeof MailboxInput>;
type FormOut = z.output<typeof MailboxInput>;

const EMPTY: FormIn = {
  tenantId: 0,
  Email: '',
  Host: '',
  Port: 993,
  Secure: true,
  UserName: '',
  Password: '',
  Folder: 'INBOX',
};

function AddMailboxDialog({
  open,
  tenants,
  onClose,
}: {
  open: boolean;
  tenants: TenantRow[] | undefined;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const add = useAddMailbox();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState,
    reset,
    setError: setFieldError,
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(MailboxInput), defaultValues: EMPTY });
  const e = formState.errors;

  const close = () => {
    if (add.isPending) return;
    reset(EMPTY);
    setError(null);
    onClose();
  };

  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      const row = await add.mutateAsync(v);
      snackbar.success(`${row.Email} was added to ${row.TenantName}`);
      reset(EMPTY);
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      const known = ['Email', 'Host', 'Port', 'UserName', 'Password', 'Folder'] as const;
      const hit = known.find((k) => fields[k]);
      if (hit) setFieldError(hit, { message: fields[hit] });
      else setError(resolveErrorMessage(err));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="mailbox-dialog-title"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="mailbox-dialog-title">Connect an IMAP mailbox</DialogTitle>
        <DialogContent>
          <Typography sx={{ color: 'text.secondary', fontSize: 14, mb: 2 }}>
            Vigil collects backup reports from this mailbox for the tenant. The tenant sees it on its Mailboxes page.
          </Typography>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <Grid container spacing={2}>
            <Grid size={12}>
              <Controller
                control={control}
                name="tenantId"
                render={({ field }) => (
                  <TextField
                    select
                    id="mailbox-tenant"
                    label="Tenant"
                    value={field.value || ''}
                    onChange={(ev) => field.onChange(Number(ev.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={!!e.tenantId}
                    helperText={e.tenantId ? 'Choose the tenant' : undefined}
                  >
                    {(tenants ?? []).map((t) => (
                      <MenuItem key={t.Id} value={t.Id}>
                        {t.Name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                {...muiField(register('Email'))}
                id="mailbox-email"
                label="Mailbox address"
                type="email"
                error={!!e.Email}
                helperText={e.Email ? Messages.invalidEmail : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                {...muiField(register('Host'))}
                id="mailbox-host"
                label="IMAP host"
                placeholder="imap.example.com"
                error={!!e.Host}
                helperText={e.Host?.message}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                {...muiField(register('Port', { valueAsNumber: true }))}
                id="mailbox-port"
                label="Port"
                type="number"
                error={!!e.Port}
                helperText={e.Port ? 'A port from 1 to 65535' : undefined}
                slotProps={{ htmlInput: { min: 1, max: 65535 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...muiField(register('UserName'))}
                id="mailbox-user"
                label="User name"
                autoComplete="off"
                error={!!e.UserName}
                helperText={e.UserName ? Messages.requiredField : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <PasswordField
                {...muiField(register('Password'))}
                id="mailbox-password"
                label="Password"
                autoComplete="new-password"
                error={!!e.Password}
                helperText={e.Password ? Messages.requiredField : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...muiField(register('Folder'))}
                id="mailbox-folder"
                label="Folder"
                error={!!e.Folder}
                helperText={e.Folder ? Messages.requiredField : undefined}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <Controller
                control={control}
                name="Secure"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={!!field.value} onChange={(_ev, on) => field.onChange(on)} />}
                    label="Use TLS"
                  />
                )}
              />
            </Grid>
          </Grid>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            Connect mailbox
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Every tenant's IMAP mailboxes (admin): connect, enable or disable, delete. */
export function MailboxesPanel({ canManage }: { canManage: boolean }) {
  const mailboxes = useAdminMailboxes();
  const tenants = useTenants();
  const toggle = useToggleMailbox();
  const remove = useDeleteMailbox();
  const snackbar = useSnackbar();
  const fmt = useDateFormatter();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q || !mailboxes.data) return mailboxes.data;
    return mailboxes.data.filter((m) =>
      [m.Email, m.Host, m.TenantName, m.UserName].some((v) => v.toLowerCase().includes(q)),
    );
  }, [mailboxes.data, search]);

  const hint = canManage ? '' : 'Needs the Super or Success admin role';
  const guarded = (node: React.ReactElement) =>
    hint ? (
      <Tooltip title={hint} describeChild>
        <span>{node}</span>
      </Tooltip>
    ) : (
      node
    );

  const flip = async (m: AdminMailbox) => {
    try {
      const row = await toggle.mutateAsync(m.Id);
      snackbar.success(`${row.Email} is ${row.IsEnabled ? 'enabled' : 'disabled'}`);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const columns: Column<AdminMailbox>[] = [
    {
      key: 'mailbox',
      header: 'Mailbox',
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>{m.Email}</Typography>
          <Typography
            component="code"
            sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {m.Host}:{m.Port} · {m.Folder}
          </Typography>
          <Typography sx={{ fontSize: 13, display: { xs: 'block', md: 'none' } }}>{m.TenantName}</Typography>
        </Box>
      ),
    },
    { key: 'tenant', header: 'Tenant', hideBelow: 'md', render: (m) => m.TenantName },
    {
      key: 'poll',
      header: 'Last poll',
      hideBelow: 'sm',
      render: (m) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontSize: 14 }} title={m.LastPolledAt ? fmt(m.LastPolledAt) : undefined}>
            {m.LastPolledAt ? relativeTime(m.LastPolledAt) : 'Not polled yet'}
          </Typography>
          {m.LastError && (
            <Typography sx={{ fontSize: 13, color: 'error.main', overflowWrap: 'anywhere' }}>{m.LastError}</Typography>
          )}
          {!m.Secure && (
            <Box sx={{ mt: 0.5 }}>
              <ToneChip label="No TLS" tone="warning" />
            </Box>
          )}
        </Box>
      ),
    },
    {
      key: 'fetched',
      header: 'Fetched',
      align: 'right',
      hideBelow: 'lg',
      render: (m) => m.EmailsFetched.toLocaleString(),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      nowrap: true,
      render: (m) =>
        guarded(
          <Switch
            checked={m.IsEnabled}
            disabled={!canManage}
            onChange={() => void flip(m)}
            slotProps={{ input: { 'aria-label': `Enable ${m.Email}` } }}
          />,
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
      render: (m) =>
        guarded(
          <IconButton
            size="small"
            aria-label={`Delete ${m.Email}`}
            disabled={!canManage}
            onClick={() =>
              setConfirm({
                title: 'Delete mailbox',
                subject: `${m.Email} (${m.TenantName})`,
                action: async () => {
                  await remove.mutateAsync(m.Id);
                  snackbar.success(`${m.Email} was deleted`);
                },
              })
            }
          >
            <DeleteOutlineRoundedIcon fontSize="small" />
          </IconButton>,
        ),
    },
  ];

  return (
    <>
      <SectionHeader
        title="IMAP mailboxes"
        subtitle="Mailboxes of tenants that Vigil collects backup reports from."
        actions={guarded(
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!canManage}
            onClick={() => setAdding(true)}
          >
            Connect mailbox
          </Button>,
        )}
      />
      {mailboxes.isError ? (
        <QueryError error={mailboxes.error} onRetry={() => void mailboxes.refetch()} />
      ) : (
        <DataTable
          caption="IMAP mailboxes"
          columns={columns}
          rows={rows}
          rowKey={(m) => m.Id}
          loading={mailboxes.isPending}
          emptyText={search ? 'No mailbox matches your search.' : 'No tenant has an IMAP mailbox yet.'}
          toolbar={<SearchField id="mailboxes-search" label="Search mailboxes" value={search} onChange={setSearch} />}
        />
      )}
      <AddMailboxDialog open={adding} tenants={tenants.data} onClose={() => setAdding(false)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </>
  );
}
