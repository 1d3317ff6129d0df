import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import type { EmailSettings, EmailSettingsInput } from '@vigil/contract';
import { useTenantFormats } from '../../../components/audit/formats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { DeleteIconButton } from '../../../components/DeleteIconButton';
import { PageHeader } from '../../../components/PageHeader';
import { PasswordField } from '../../../components/PasswordField';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useProfile } from '../../../lib/queries';
import { isEmail as isAddress } from '../../reporting/scheduled/schedule';
import { EmailAlertsSection } from '../components/EmailAlertsSection';
import {
  useDeleteEmailSettings,
  useEmailSettingsList,
  useSaveEmailSettings,
  useTestEmailSettings,
} from '../api/emailSettings';

interface Form {
  Host: string;
  Port: string;
  Secure: boolean;
  UserName: string;
  Password: string;
  FromAddress: string;
  FromName: string;
  IsDefault: boolean;
}

const formOf = (s: EmailSettings | null, isDefault: boolean): Form => ({
  Host: s?.Host ?? '',
  Port: String(s?.Port ?? 587),
  Secure: s?.Secure ?? false,
  UserName: s?.UserName ?? '',
  Password: '',
  FromAddress: s?.FromAddress ?? '',
  FromName: s?.FromName ?? '',
  IsDefault: s?.IsDefault ?? isDefault,
});

type Errors = Partial<Record<keyof Form | 'TestRecipient', string>>;

/** The form as the API takes it; an empty password keeps the stored one. */
function inputOf(form: Form, current: EmailSettings | null): EmailSettingsInput {
  return {
    ...(current ? { Id: current.Id } : {}),
    Host: form.Host.trim(),
    Port: Number(form.Port),
    Secure: form.Secure,
    UserName: form.UserName.trim() || null,
    ...(form.Password ? { Password: form.Password } : {}),
    FromAddress: form.FromAddress.trim(),
    FromName: form.FromName.trim() || null,
    IsDefault: form.IsDefault,
  };
}

function localErrors(form: Form): Errors {
  const e: Errors = {};
  if (!form.Host.trim()) e.Host = 'Host is required';
  const port = Number(form.Port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) e.Port = 'Port must be between 1 and 65535';
  if (!isAddress(form.FromAddress.trim())) e.FromAddress = 'Invalid email address';
  return e;
}

function serverErrors(err: unknown): Errors {
  return err instanceof ApiError ? (err.fieldErrors as Errors) : {};
}

const serverName = (s: EmailSettings) => `${s.Host}:${s.Port}`;
const quoted = (names: string[]) => names.map((n) => `"${n}"`).join(', ');

/** A stored setting as the API takes it back: the stored password stays. */
const storedInput = (s: EmailSettings, patch: Partial<EmailSettingsInput>): EmailSettingsInput => ({
  Id: s.Id,
  Host: s.Host,
  Port: s.Port,
  Secure: s.Secure,
  UserName: s.UserName,
  FromAddress: s.FromAddress,
  FromName: s.FromName,
  IsDefault: s.IsDefault,
  ...patch,
});

interface Blocked {
  title: string;
  message: string;
}

/** `/app/settings/email` (labelled SMTP): the tenant's own outgoing mail servers, one of them the default. */
export default function SmtpPage() {
  const list = useEmailSettingsList();
  const formats = useTenantFormats();
  const snackbar = useSnackbar();
  const save = useSaveEmailSettings();
  const remove = useDeleteEmailSettings();
  // The setting in the form: an id, a new one, or (null) the default / first one.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  const [making, setMaking] = useState<number | null>(null);

  const all = list.data ?? [];
  const byDefault = all.find((s) => s.IsDefault) ?? null;
  const current =
    editing === 'new'
      ? null
      : (all.find((s) => s.Id === editing) ?? (editing === null ? (byDefault ?? all[0]) : null) ?? null);

  const askDelete = (s: EmailSettings) => {
    const profiles = s.TicketProfiles ?? [];
    if (profiles.length) {
      return setBlocked({
        title: 'SMTP server in use',
        message: `${serverName(s)} is used by the ticket ${profiles.length === 1 ? 'profile' : 'profiles'} ${quoted(profiles)}. Choose another server in ${profiles.length === 1 ? 'that profile' : 'those profiles'} first, then delete it.`,
      });
    }
    const others = all.filter((x) => x.Id !== s.Id);
    setConfirm({
      title: s.IsDefault ? 'Use the system mail server' : 'Delete SMTP server',
      message: s.IsDefault
        ? others.length
          ? `Delete the SMTP settings for ${serverName(s)}? No other server becomes the default by itself: alerts, reports and ticket profiles set to "Default" will be sent by the system mail server until you make another one default.`
          : `Delete the SMTP settings for ${s.Host}? Alerts and reports will be sent by the system mail server again.`
        : `Delete the SMTP settings for ${serverName(s)}? Mail keeps going through ${byDefault ? serverName(byDefault) : 'the system mail server'}.`,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(s.Id);
        if (current?.Id === s.Id) setEditing(null);
        snackbar.success('Successfully deleted');
      },
    });
  };

  const makeDefault = async (s: EmailSettings) => {
    setMaking(s.Id);
    try {
      // Saving tests the server first, as every save does.
      await save.mutateAsync(storedInput(s, { IsDefault: true }));
      snackbar.success(`Connection tested; ${serverName(s)} is now the default server`);
    } catch (err) {
      snackbar.error(err);
    } finally {
      setMaking(null);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="SMTP"
        subtitle="Alerts and scheduled reports go out through the default server, from your own address; ticket profiles can pick another one. Without a default they are sent by the system mail server."
      />
      {list.isPending ? (
        <CircularProgress aria-label="Loading SMTP settings" />
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, maxWidth: 760, minWidth: 0 }}>
          <Alert severity={byDefault ? 'success' : 'info'} variant="outlined" data-testid="smtp-state">
            {byDefault
              ? `Mail is sent through ${byDefault.Host}:${byDefault.Port} as ${byDefault.FromAddress} (saved ${formats.dateTime(byDefault.UpdatedAt)}).`
              : all.length
                ? 'Mail is sent by the system mail server. None of your SMTP servers is the default.'
                : 'Mail is sent by the system mail server.'}
          </Alert>
          <Paper
            variant="outlined"
            component="section"
            aria-label="SMTP servers"
            sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
          >
            <Box
              sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
                SMTP servers
              </Typography>
              <Button
                variant="outlined"
                startIcon={<AddRoundedIcon />}
                disabled={editing === 'new' || (!all.length && current === null)}
                onClick={() => setEditing('new')}
              >
                Add SMTP server
              </Button>
            </Box>
            {all.length ? (
              <Box
                component="ul"
                aria-label="SMTP servers"
                sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
              >
                {all.map((s) => (
                  <Box
                    component="li"
                    key={s.Id}
                    aria-current={current?.Id === s.Id ? 'true' : undefined}
                    sx={{
                      display: 'flex',
                      gap: 1,
                      alignItems: 'center',
                      flexWrap: 'wrap',
                      border: 1,
                      borderColor: current?.Id === s.Id ? 'primary.main' : 'divider',
                      borderRadius: '10px',
                      px: 1.5,
                      py: 1,
                    }}
                  >
                    <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{serverName(s)}</Typography>
                        {s.IsDefault && <Chip size="small" color="primary" label="Default" />}
                      </Box>
                      <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        From {s.FromName ? `${s.FromName} <${s.FromAddress}>` : s.FromAddress}
                      </Typography>
                      {!!s.TicketProfiles?.length && (
                        <Typography sx={{ fontSize: 13, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                          Used by ticket {s.TicketProfiles.length === 1 ? 'profile' : 'profiles'}{' '}
                          {quoted(s.TicketProfiles)}
                        </Typography>
                      )}
                    </Box>
                    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', ml: 'auto' }}>
                      {!s.IsDefault && (
                        <Button
                          size="small"
                          loading={making === s.Id}
                          disabled={making !== null && making !== s.Id}
                          onClick={() => void makeDefault(s)}
                          aria-label={`Make ${serverName(s)} the default`}
                        >
                          Make default
                        </Button>
                      )}
                      <Tooltip title="Edit">
                        <IconButton size="small" aria-label={`Edit ${serverName(s)}`} onClick={() => setEditing(s.Id)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <DeleteIconButton label={`Delete ${serverName(s)}`} onClick={() => askDelete(s)} />
                    </Box>
                  </Box>
                ))}
              </Box>
            ) : (
              <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
                No SMTP server yet. Fill in the form below to add your first one; it becomes the default.
              </Typography>
            )}
          </Paper>
          <SmtpForm
            key={current ? `${current.Id}-${current.UpdatedAt}` : `new-${all.length}`}
            current={current}
            hasDefault={!!byDefault}
            onSaved={(saved) => setEditing(saved.Id)}
            onCancel={all.length ? () => setEditing(null) : undefined}
            onDelete={askDelete}
          />
          <EmailAlertsSection />
        </Box>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
      <Dialog
        open={!!blocked}
        onClose={() => setBlocked(null)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="smtp-blocked-title"
      >
        <DialogTitle id="smtp-blocked-title">{blocked?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{blocked?.message}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setBlocked(null)}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

interface SmtpFormProps {
  current: EmailSettings | null;
  hasDefault: boolean;
  onSaved: (saved: EmailSettings) => void;
  /** Leaves a new server's form for the stored ones. */
  onCancel?: () => void;
  onDelete: (s: EmailSettings) => void;
}

function SmtpForm({ current, hasDefault, onSaved, onCancel, onDelete }: SmtpFormProps) {
  const snackbar = useSnackbar();
  const profile = useProfile();
  const save = useSaveEmailSettings();
  const test = useTestEmailSettings();
  const [form, setForm] = useState<Form>(() => formOf(current, !hasDefault));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const testTo = recipient ?? profile.data?.Email ?? '';

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof Form];
      return next;
    });
    setFailure(null);
  };

  const submit = async () => {
    const local = localErrors(form);
    if (Object.keys(local).length) return setErrors(local);
    setFailure(null);
    // The test message of the save goes to the "Send to" address when one is typed, else to the caller.
    const to = testTo.trim();
    try {
      const saved = await save.mutateAsync({
        ...inputOf(form, current),
        ...(isAddress(to) ? { TestRecipient: to } : {}),
      });
      onSaved(saved);
      snackbar.success(
        `Connection tested and settings saved; a test message was sent${isAddress(to) ? ` to ${to}` : ''}`,
      );
    } catch (err) {
      const fields = serverErrors(err);
      setErrors(fields);
      setFailure(resolveErrorMessage(err));
    }
  };

  const sendTest = async () => {
    const local = localErrors(form);
    if (!isAddress(testTo.trim())) local.TestRecipient = 'Invalid email address';
    if (Object.keys(local).length) return setErrors(local);
    setFailure(null);
    try {
      await test.mutateAsync({ ...inputOf(form, current), TestRecipient: testTo.trim() });
      snackbar.success(`Test e-mail sent to ${testTo.trim()}`);
    } catch (err) {
      setErrors(serverErrors(err));
      setFailure(resolveErrorMessage(err));
    }
  };

  const busy = save.isPending || test.isPending;
  return (
    <>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label={current ? `SMTP server ${current.Host}:${current.Port}` : 'New SMTP server'}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 17, overflowWrap: 'anywhere' }}>
          {current ? `Server ${current.Host}:${current.Port}` : 'New SMTP server'}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 140px' } }}>
          <TextField
            id="smtp-host"
            label="Host"
            required
            value={form.Host}
            onChange={(e) => set({ Host: e.target.value })}
            error={!!errors.Host}
            helperText={errors.Host ?? 'e.g. smtp.office365.com'}
            slotProps={{ htmlInput: { maxLength: 253, autoComplete: 'off', spellCheck: false } }}
          />
          <TextField
            id="smtp-port"
            label="Port"
            required
            value={form.Port}
            onChange={(e) => set({ Port: e.target.value.replace(/\D/g, '') })}
            error={!!errors.Port}
            helperText={errors.Port ?? (form.Secure ? 'Usually 465' : 'Usually 587 or 25')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Box>
        <Box>
          <FormControlLabel
            control={<Switch checked={form.Secure} onChange={(e) => set({ Secure: e.target.checked })} />}
            label="Secure connection (SSL/TLS)"
          />
          <Typography sx={{ fontSize: 13, color: 'text.secondary', ml: 6.5, mt: -0.5 }}>
            On: TLS from the first byte, usually port 465. Off: STARTTLS when the server offers it.
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            id="smtp-user"
            label="User name"
            value={form.UserName}
            onChange={(e) => set({ UserName: e.target.value })}
            error={!!errors.UserName}
            helperText={errors.UserName ?? 'Leave empty when the server needs no sign-in'}
            slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
          />
          <PasswordField
            id="smtp-password"
            label="Password"
            value={form.Password}
            onChange={(e) => set({ Password: e.target.value })}
            error={!!errors.Password}
            placeholder={current?.HasPassword ? 'stored' : ''}
            helperText={errors.Password ?? (current?.HasPassword ? 'A password is stored; type to replace it' : ' ')}
            slotProps={{ htmlInput: { maxLength: 500, autoComplete: 'new-password' }, inputLabel: { shrink: true } }}
          />
          <TextField
            id="smtp-from"
            label="From address"
            required
            value={form.FromAddress}
            onChange={(e) => set({ FromAddress: e.target.value })}
            error={!!errors.FromAddress}
            helperText={errors.FromAddress ?? ' '}
            slotProps={{ htmlInput: { maxLength: 254, autoComplete: 'off' } }}
          />
          <TextField
            id="smtp-from-name"
            label="From name"
            value={form.FromName}
            onChange={(e) => set({ FromName: e.target.value })}
            error={!!errors.FromName}
            helperText={errors.FromName ?? ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Box>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={form.IsDefault}
                disabled={!!current?.IsDefault}
                onChange={(e) => set({ IsDefault: e.target.checked })}
              />
            }
            label="Default server"
          />
          <Typography sx={{ fontSize: 13, color: 'text.secondary', ml: 6.5, mt: -0.5 }}>
            {current?.IsDefault
              ? 'Alerts, reports and ticket profiles set to "Default" go through this server.'
              : hasDefault
                ? 'On: alerts, reports and ticket profiles set to "Default" go through this server instead of the current default.'
                : 'On: alerts, reports and ticket profiles set to "Default" go through this server. Off: they use the system mail server.'}
          </Typography>
        </Box>
        {save.isPending && (
          <Alert severity="info" icon={<CircularProgress size={18} />} role="status">
            Testing connection…
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert" data-testid="smtp-error">
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button color="error" disabled={!current || busy} onClick={() => current && onDelete(current)}>
            {!current || current.IsDefault ? 'Use system mail' : 'Delete'}
          </Button>
          <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
            {!current && onCancel && (
              <Button onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" variant="contained" loading={save.isPending} disabled={busy && !save.isPending}>
              Test and save
            </Button>
          </Box>
        </Box>
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-label="Send test e-mail"
        sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          Send test e-mail
        </Typography>
        <Typography sx={{ fontSize: 14, color: 'text.secondary', mt: -1 }}>
          Sends a message with the settings above, saved or not. Saving sends its test message here too.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            id="smtp-test-recipient"
            size="small"
            label="Send to"
            value={testTo}
            onChange={(e) => {
              setRecipient(e.target.value);
              setErrors((x) => ({ ...x, TestRecipient: undefined }));
            }}
            error={!!errors.TestRecipient}
            helperText={errors.TestRecipient}
            sx={{ width: 320, maxWidth: '100%' }}
          />
          <Button
            variant="outlined"
            startIcon={<SendRoundedIcon />}
            loading={test.isPending}
            disabled={busy && !test.isPending}
            onClick={() => void sendTest()}
            sx={{ mt: 0.25 }}
          >
            Send test e-mail
          </Button>
        </Box>
      </Paper>
    </>
  );
}
