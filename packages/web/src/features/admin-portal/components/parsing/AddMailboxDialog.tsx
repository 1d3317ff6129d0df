import { useState } from 'react';
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
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { MailboxInput, Messages, type TenantRow } from '@vigil/contract';
import { PasswordField } from '../../../../components/PasswordField';
import { useSnackbar } from '../../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../../lib/errors';
import { muiField } from '../../../../lib/forms';
import { useAddMailbox } from '../../api/parsing';

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

/** Connects an IMAP mailbox to a tenant; the server's field errors show on their fields. */
export function AddMailboxDialog({
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
