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

import { PasswordField } from '../../../components/PasswordField';

import { useSnackbar } from '../../../components/snackbar';
import { ApiError, resolveErrorMessage } from '../../../lib/errors';
import { useProfile } from '../../../lib/queries';
import { isEmail as isAddress } from '../../../lib/schedule';

import { useSaveEmailSettings, useTestEmailSettings } from '../api/emailSettings';

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

interface SmtpFormProps {
  current: EmailSettings | null;
  hasDefault: boolean;
  onSaved: (saved: EmailSettings) => void;
  /** Leaves a new server's form for the stored ones. */
  onCancel?: () => void;
  onDelete: (s: EmailSettings) => void;
}

/** The form of one SMTP server, new or stored: saving tests it first; a test message can be sent without saving. */
export function SmtpForm({ current, hasDefault, onSaved, onCancel, onDelete }: SmtpFormProps) {
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
