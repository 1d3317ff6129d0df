// How the profile opens tickets: in the PSA (when one is connected), by e-mail, or by webhook.
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PROFILE_MESSAGES } from '@vigil/contract';
import type { ProfileTypeText } from '../../profileForm';

function typeButton(type: ProfileTypeText, label: string, disabledReason?: string) {
  const button = (
    <ToggleButton value={type} disabled={!!disabledReason} sx={{ px: 2.5 }} aria-label={label}>
      {label}
    </ToggleButton>
  );
  return disabledReason ? (
    <Tooltip key={type} title={disabledReason}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

export function ProfileMethodField({
  type,
  onType,
  vendorName,
  hasPsa,
}: {
  type: ProfileTypeText;
  onType: (type: ProfileTypeText) => void;
  vendorName: string | null;
  hasPsa: boolean;
}) {
  return (
    <Box>
      <Typography component="div" id="profile-method-label" sx={{ fontSize: 13, color: 'text.secondary', mb: 0.75 }}>
        Ticket generation method
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        aria-labelledby="profile-method-label"
        value={type}
        onChange={(_, t: ProfileTypeText | null) => t && onType(t)}
      >
        {typeButton('PSA', vendorName ? `PSA · ${vendorName}` : 'PSA', hasPsa ? undefined : PROFILE_MESSAGES.noPsa)}
        {typeButton('Email', 'Email')}
        {typeButton('Webhook', 'Webhook')}
      </ToggleButtonGroup>
    </Box>
  );
}
