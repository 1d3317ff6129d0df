import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { hasPrivilege, Privilege, type PlanInfo, type SubscriptionInfo } from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { formatDate } from '../../../lib/format';
import { useChangePlan, usePlan, usePlanSession } from '../api/billing';
import { ChangePlanDialog } from '../components/ChangePlanDialog';
import { NextChargeCard } from '../../../components/billing/NextChargeCard';
import { PlanCard, planLimit, planPrice } from '../../../components/billing/PlanCard';
import { UsageMeter } from '../../../components/billing/UsageMeter';

const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }> = {
  trialing: { label: 'Trial', color: 'info' },
  active: { label: 'Active', color: 'success' },
  paused: { label: 'Paused', color: 'warning' },
  past_due: { label: 'Payment due', color: 'error' },
  canceled: { label: 'Canceled', color: 'default' },
  none: { label: 'No plan', color: 'default' },
};

const day = (iso: string) => formatDate(iso, 'MM/DD/yyyy');

function subscriptionLine(s: SubscriptionInfo): string | null {
  if (s.Status === 'trialing' && s.TrialEndsAt) return `Trial ends ${day(s.TrialEndsAt)}`;
  if (s.Status === 'paused' && s.PausedAt) return `Paused since ${day(s.PausedAt)}`;
  if (s.CurrentPeriodEnd && s.Status !== 'canceled') return `Renews ${day(s.CurrentPeriodEnd)}`;
  return null;
}

/** `/app/settings/billing`: the plan, usage against its limit in the usage colours, and plan changes. */
export default function BillingPage() {
  const { auth } = useAppSession();
  const snackbar = useSnackbar();
  const plan = usePlan();
  const change = useChangePlan();
  const session = usePlanSession();
  const [choosing, setChoosing] = useState<PlanInfo | null>(null);
  const [params, setParams] = useSearchParams();
  const canChange = hasPrivilege(auth.privileges, Privilege.tenantAdmin);

  const returned = params.get('checkout');
  useEffect(() => {
    if (!returned) return;
    if (returned === 'success')
      snackbar.success('Payment complete. Your plan changes as soon as the payment is confirmed.');
    else snackbar.info('Checkout was canceled: your plan is unchanged.');
    setParams({}, { replace: true });
  }, [returned, setParams, snackbar]);

  const data = plan.data;
  const units = data?.Usage.find((u) => u.Key === 'ActiveBackups');
  const others = data?.Usage.filter((u) => u.Key !== 'ActiveBackups') ?? [];
  const status = data
    ? (STATUS[data.Subscription.Status] ?? { label: data.Subscription.Status, color: 'default' })
    : null;

  const applyChange = async (p: PlanInfo) => {
    if (data?.Subscription.NeedsCheckout) {
      const s = await session.mutateAsync({ Kind: 'checkout', Handle: p.Handle });
      if (s.Url) window.location.assign(s.Url);
      else snackbar.success(s.Message);
      return;
    }
    const next = await change.mutateAsync(p.Handle);
    snackbar.success(`Your plan is now ${next.CurrentPlan?.Name ?? p.Name}.`);
  };

  const openPortal = async () => {
    try {
      const s = await session.mutateAsync({ Kind: 'portal' });
      if (s.Url) window.location.assign(s.Url);
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <>
      <PageHeader
        eyebrow="Settings"
        title="Billing"
        subtitle="Your plan, how many active units you monitor against its limit, and the plans you can move to."
        actions={
          <>
            {data?.Subscription.HasPortal && canChange && (
              <Button
                variant="outlined"
                startIcon={<CreditCardOutlinedIcon />}
                onClick={() => void openPortal()}
                loading={session.isPending}
              >
                Payment details
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<RefreshRoundedIcon />}
              onClick={() => void plan.refetch()}
              loading={plan.isFetching && !plan.isPending}
            >
              Refresh
            </Button>
          </>
        }
      />
      {plan.isError && <QueryError error={plan.error} onRetry={() => void plan.refetch()} />}
      {plan.isPending && <Skeleton variant="rounded" height={220} sx={{ borderRadius: '14px' }} />}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 1fr) 2fr' } }}>
          <Paper variant="outlined" component="section" aria-label="Current plan" sx={{ p: 2.5, borderRadius: '14px' }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Current plan
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2">
                {data.CurrentPlan?.Name ?? 'No plan chosen'}
              </Typography>
              {status && <Chip size="small" label={status.label} color={status.color} />}
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
          <Paper variant="outlined" component="section" aria-label="Usage" sx={{ p: 2.5, borderRadius: '14px' }}>
            <Typography variant="overline" sx={{ color: 'text.secondary' }}>
              Usage
            </Typography>
            {units && <UsageMeter line={units} />}
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 2,
                display: 'grid',
                gap: 1.5,
                gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
              }}
            >
              {others.map((u) => (
                <Box key={u.Key} sx={{ minWidth: 0 }}>
                  <Typography component="dt" sx={{ fontSize: 13, color: 'text.secondary' }}>
                    {u.Label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontSize: 20, fontWeight: 650 }}>
                    {u.Count.toLocaleString('en-US')}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Paper>
        </Box>
      )}
      {data && (
        <Box sx={{ mt: 2 }}>
          <NextChargeCard charge={data.NextCharge} discount={data.Discount} status={data.Subscription.Status} />
        </Box>
      )}
      {data && (
        <Box component="section" aria-labelledby="plans-heading" sx={{ mt: 3 }}>
          <Typography id="plans-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {canChange ? 'Change plan' : 'Plans'}
          </Typography>
          {!canChange && (
            <Typography sx={{ mb: 1.5, color: 'text.secondary', fontSize: 14 }}>
              Only tenant administrators can change the plan.
            </Typography>
          )}
          {data.AvailablePlans.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>No plans are on offer at the moment.</Typography>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
              {data.AvailablePlans.map((p) => (
                <PlanCard
                  key={p.Id}
                  plan={p}
                  current={p.Id === data.CurrentPlan?.Id}
                  units={units?.Count ?? 0}
                  canChange={canChange}
                  onChoose={setChoosing}
                />
              ))}
            </Box>
          )}
        </Box>
      )}
      <ChangePlanDialog
        plan={choosing}
        viaCheckout={!!data?.Subscription.NeedsCheckout}
        onConfirm={applyChange}
        onClose={() => setChoosing(null)}
      />
    </>
  );
}
