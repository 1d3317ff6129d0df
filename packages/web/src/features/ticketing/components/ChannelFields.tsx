import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSmtpSettings } from '../api/lookups';
import type { ProfileField, ProfileFormValues } from '../profileForm';
import { RecipientChips } from './RecipientChips';

interface Props {
  values: ProfileFormValues;
  onChange: (patch: Partial<ProfileFormValues>) => void;
  errors: Partial<Record<ProfileField, string>>;
}

function IncludeSwitches({ values: v, onChange, company }: Props & { company: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
      {company && (
        <FormControlLabel
          control={
            <Switch
              checked={v.IncludeCompanyName}
              onChange={(e) => onChange({ IncludeCompanyName: e.target.checked })}
            />
          }
          label="Include company name"
        />
      )}
      <FormControlLabel
        control={
          <Switch checked={v.IncludeFailureText} onChange={(e) => onChange({ IncludeFailureText: e.target.checked })} />
        }
        label="Include failure text"
      />
    </Box>
  );
}

/** E-mail profiles (features §5.1): recipients, the SMTP setting and the two include switches. */
export function EmailFields(props: Props) {
  const { values: v, onChange, errors } = props;
  const smtp = useSmtpSettings();
  return (
    <Box sx={{ display: 'grid', gap: 2.25 }}>
      <RecipientChips
        id="profile-recipients"
        value={v.Recipients}
        onChange={(Recipients) => onChange({ Recipients })}
        error={errors.Recipients}
      />
      <TextField
        select
        id="profile-smtp"
        label="SMTP settings"
        value={
          smtp.data?.some((s) => String(s.Id) === v.EmailSettingsId) || !v.EmailSettingsId ? v.EmailSettingsId : ''
        }
        onChange={(e) => onChange({ EmailSettingsId: e.target.value })}
        error={!!errors.EmailSettingsId}
        helperText={
          errors.EmailSettingsId ??
          (smtp.isError
            ? 'The SMTP settings could not be loaded'
            : smtp.data && !smtp.data.length
              ? 'No SMTP server of your own yet: Default sends through the system mail'
              : undefined)
        }
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Default (Settings → SMTP, or the system mail)</MenuItem>
        {(smtp.data ?? []).map((s) => (
          <MenuItem key={s.Id} value={String(s.Id)}>
            {`${s.FromAddress} via ${s.Host}:${s.Port}`}
          </MenuItem>
        ))}
      </TextField>
      <IncludeSwitches {...props} company />
    </Box>
  );
}

/** Webhook profiles: a JSON POST to the URL, signed with the secret when one is set. */
export function WebhookFields(props: Props & { hasSecret: boolean }) {
  const { values: v, onChange, errors, hasSecret } = props;
  return (
    <Box sx={{ display: 'grid', gap: 2.25 }}>
      <TextField
        id="profile-webhook-url"
        label="Webhook URL"
        required
        value={v.WebhookUrl}
        onChange={(e) => onChange({ WebhookUrl: e.target.value.trimStart() })}
        error={!!errors.WebhookUrl}
        helperText={errors.WebhookUrl ?? 'Vigil POSTs a JSON body here when a ticket opens, gets a note or closes'}
        placeholder="https://"
      />
      <TextField
        id="profile-webhook-secret"
        label="Signing secret"
        required={!hasSecret}
        error={!!errors.WebhookSecret}
        type="password"
        autoComplete="new-password"
        value={v.WebhookSecret}
        onChange={(e) => onChange({ WebhookSecret: e.target.value })}
        helperText={
          errors.WebhookSecret ??
          (hasSecret ? 'A secret is stored; leave blank to keep it' : 'Signs each request (HMAC-SHA256)')
        }
      />
      <IncludeSwitches {...props} company />
    </Box>
  );
}

export { IncludeSwitches };
