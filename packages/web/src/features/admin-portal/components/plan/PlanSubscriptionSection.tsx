// The manage-plan window's subscription section: plan, status, dates, provider and invoices.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { AdminPlan } from '@vigil/contract';
import { planPrice } from '../../../../components/billing/PlanCard';
import { Fact, Section, STATUS, day } from './planParts';

export function PlanSubscriptionSection({ data }: { data: AdminPlan }) {
  const current = data.CurrentPlan ?? null;
  const status = STATUS[data.Subscription.Status] ?? { label: data.Subscription.Status, color: 'default' as const };
  return (
    <Section label="Subscription">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h5" component="h2">
          {current?.Name ?? 'No plan'}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Box>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}
      >
        <Fact label="Price">{current ? planPrice(current) : '—'}</Fact>
        <Fact label={data.Subscription.Status === 'trialing' ? 'Trial ends' : 'Period ends'}>
          {day(
            data.Subscription.Status === 'trialing'
              ? data.Subscription.TrialEndsAt
              : data.Subscription.CurrentPeriodEnd,
          )}
        </Fact>
        <Fact label="Paused since">{day(data.Subscription.PausedAt)}</Fact>
        <Fact label="Billed by">{data.Subscription.ProviderName}</Fact>
        <Fact label="Subscription id">{data.ProviderSubscriptionId ?? '—'}</Fact>
        <Fact label="Invoices">{data.InvoicesCount.toLocaleString('en-US')}</Fact>
      </Box>
    </Section>
  );
}
