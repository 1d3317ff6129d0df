import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSmtpSettings } from '../../api/lookups';
import { RecipientChips } from '../RecipientChips';
import type { ChannelProps as Props } from './channelProps';
import { IncludeSwitches } from './IncludeSwitches';

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
