// Link a tenant to the billing provider's subscription by its id.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';

export function SubscriptionIdForm({
  onAskLink,
}: {
  /** Asks to link the id; `linked` clears the field once the link is made. */
  onAskLink: (subscriptionId: string, linked: () => void) => void;
}) {
  const [subscriptionId, setSubscriptionId] = useState('');
  const askSubscriptionId = () => {
    const id = subscriptionId.trim();
    if (id) onAskLink(id, () => setSubscriptionId(''));
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        askSubscriptionId();
      }}
      sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mt: 2.5 }}
    >
      <TextField
        size="small"
        label="Provider subscription id"
        placeholder="sub_…"
        value={subscriptionId}
        onChange={(e) => setSubscriptionId(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        sx={{ flex: '1 1 220px', minWidth: 0 }}
      />
      <Button type="submit" variant="outlined" disabled={!subscriptionId.trim()}>
        Link
      </Button>
    </Box>
  );
}
