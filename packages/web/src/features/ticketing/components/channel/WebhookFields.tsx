import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ChannelProps as Props } from './channelProps';
import { IncludeSwitches } from './IncludeSwitches';

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
