// The SMTP sign-in and sender: user name, password (kept when left empty), from address and name.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { EmailSettings } from '@vigil/contract';
import { PasswordField } from '../../../../components/PasswordField';
import type { SmtpErrors, SmtpFormValues } from '../../smtpForm';

export function SmtpSenderFields({
  form,
  errors,
  set,
  current,
}: {
  form: SmtpFormValues;
  errors: SmtpErrors;
  set: (patch: Partial<SmtpFormValues>) => void;
  current: EmailSettings | null;
}) {
  return (
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
  );
}
