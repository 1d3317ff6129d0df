// Whether this SMTP server is the tenant's default, with what that means for alerts and reports.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { EmailSettings } from '@vigil/contract';
import type { SmtpFormValues } from '../../smtpForm';

export function SmtpDefaultSwitch({
  form,
  set,
  current,
  hasDefault,
}: {
  form: SmtpFormValues;
  set: (patch: Partial<SmtpFormValues>) => void;
  current: EmailSettings | null;
  hasDefault: boolean;
}) {
  return (
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
  );
}
