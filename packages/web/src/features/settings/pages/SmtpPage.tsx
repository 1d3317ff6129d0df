import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import type { EmailSettings, EmailSettingsInput } from '@vigil/contract';
import { useTenantFormats } from '../../../components/audit/formats';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
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
  useEmailSettings,
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
}

const formOf = (s: EmailSettings | null): Form => ({
  Host: s?.Host ?? '',
  Port: String(s?.Port ?? 587),
  Secure: s?.Secure ?? false,
  UserName: s?.UserName ?? '',
  Password: '',
  FromAddress: s?.FromAddress ?? '',
  FromName: s?.FromName ?? '',
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
    IsDefault: true,
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

/** `/app/settings/email` (labelled SMTP): the tenant's own outgoing mail server. */
export default function SmtpPage() {
  const settings = useEmailSettings();
  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="SMTP"
        subtitle="Alerts and scheduled reports go out through this server, from your own address. Without one they are sent by the system mail server."
      />
      {settings.isPending ? (
        <CircularProgress aria-label="Loading SMTP settings" />
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SmtpForm key={settings.data?.UpdatedAt ?? 'none'} current={settings.data} />
      )}
    </>
  );
}

function SmtpForm({ current }: { current: EmailSettings | null }) {
  const snackbar = useSnackbar();
  const formats = useTenantFormats();
  const profile = useProfile();
  const save = useSaveEmailSettings();
  const test = useTestEmailSettings();
  const remove = useDeleteEmailSettings();
  const [form, setForm] = useState<Form>(() => formOf(current));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
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
      await save.mutateAsync({ ...inputOf(form, current), ...(isAddress(to) ? { TestRecipient: to } : {}) });
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

  const askDelete = () =>
    current &&
    setConfirm({
      title: 'Use the system mail server',
      message: `Delete the SMTP settings for ${current.Host}? Alerts and reports will be sent by the system mail server again.`,
      confirmLabel: 'Yes, Delete',
      action: async () => {
        await remove.mutateAsync(current.Id);
        snackbar.success('Successfully deleted');
      },
    });

  const busy = save.isPending || test.isPending || remove.isPending;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }}>
      <Alert severity={current ? 'success' : 'info'} variant="outlined" data-testid="smtp-state">
        {current
          ? `Mail is sent through ${current.Host}:${current.Port} as ${current.FromAddress} (saved ${formats.dateTime(current.UpdatedAt)}).`
          : 'Mail is sent by the system mail server.'}
      </Alert>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="SMTP server"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ borderRadius: '14px', p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          Server
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
          <Button color="error" disabled={!current || busy} onClick={askDelete}>
            Use system mail
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} disabled={busy && !save.isPending}>
            Test and save
          </Button>
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
      <EmailAlertsSection />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
