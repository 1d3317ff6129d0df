// The SMTP server's address: host, port and whether the connection is TLS from the start.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SmtpErrors, SmtpFormValues } from '../../smtpForm';

export function SmtpConnectionFields({
  form,
  errors,
  set,
}: {
  form: SmtpFormValues;
  errors: SmtpErrors;
  set: (patch: Partial<SmtpFormValues>) => void;
}) {
  return (
    <>
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
    </>
  );
}
