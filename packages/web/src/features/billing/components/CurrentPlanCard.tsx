// The tenant's current plan: name, status, price, limit, the next date that matters, and who bills it.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Plan, SubscriptionInfo } from '@vigil/contract';
import { planLimit, planPrice } from '../../../components/billing/PlanCard';
import { formatDate } from '../../../lib/format';
import { SUBSCRIPTION_STATUS as STATUS } from '../../../lib/subscriptionStatus';

const day = (iso: string) => formatDate(iso, 'MM/DD/yyyy');

function subscriptionLine(s: SubscriptionInfo): string | null {
  if (s.Status === 'trialing' && s.TrialEndsAt) return `Trial ends ${day(s.TrialEndsAt)}`;
  if (s.Status === 'paused' && s.PausedAt) return `Paused since ${day(s.PausedAt)}`;
  if (s.CurrentPeriodEnd && s.Status !== 'canceled') return `Renews ${day(s.CurrentPeriodEnd)}`;
  return null;
}

export function CurrentPlanCard({ data }: { data: Plan }) {
  const status = STATUS[data.Subscription.Status] ?? { label: data.Subscription.Status, color: 'default' };
  return (
    <Paper variant="outlined" component="section" aria-label="Current plan" sx={{ p: 2.5, borderRadius: '14px' }}>
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        Current plan
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {data.CurrentPlan?.Name ?? 'No plan chosen'}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Box>
      {data.CurrentPlan && (
        <>
          <Typography sx={{ mt: 1, fontSize: 22, fontWeight: 700 }}>{planPrice(data.CurrentPlan)}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{planLimit(data.CurrentPlan)}</Typography>
        </>
      )}
      {subscriptionLine(data.Subscription) && (
        <Typography sx={{ mt: 1, fontSize: 14 }}>{subscriptionLine(data.Subscription)}</Typography>
      )}
      <Typography sx={{ mt: 1, fontSize: 13.5, color: 'text.secondary' }}>
        {data.Subscription.Provider === -1
          ? 'Billed by invoice: plan changes apply at once.'
          : `Billed through ${data.Subscription.ProviderName}.`}
      </Typography>
    </Paper>
  );
}
