// The manage-plan window's Change plan section: any active plan, and the provider's subscription id.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminPlan, PlanInfo } from '@vigil/contract';
import { Section, priced } from './planParts';
import { SubscriptionIdForm } from './SubscriptionIdForm';

export function PlanChangeSection({
  data,
  onAskPlan,
  onAskLink,
}: {
  data: AdminPlan;
  onAskPlan: (chosen: PlanInfo) => void;
  /** Asks to link the id; `linked` clears the field once the link is made. */
  onAskLink: (subscriptionId: string, linked: () => void) => void;
}) {
  const [picked, setHandle] = useState<string | null>(null);
  const current = data.CurrentPlan ?? null;
  const handle = picked ?? current?.Handle ?? '';
  const chosen = data.AvailablePlans.find((p) => p.Handle === handle) ?? null;

  return (
    <Section label="Change plan">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mt: 0.5 }}>
        <TextField
          select
          size="small"
          label="Plan"
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
        >
          {data.AvailablePlans.map((p) => (
            <MenuItem key={p.Id} value={p.Handle}>
              {priced(p)}
              {p.Id === current?.Id ? ' · current' : ''}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={!chosen || chosen.Id === current?.Id}
          onClick={() => chosen && onAskPlan(chosen)}
        >
          Change plan
        </Button>
      </Box>
      <Typography sx={{ mt: 1, fontSize: 13, color: 'text.secondary' }}>
        Any active plan, hidden ones included; the tenant’s usage does not limit the choice here.
      </Typography>
      <SubscriptionIdForm onAskLink={onAskLink} />
    </Section>
  );
}
