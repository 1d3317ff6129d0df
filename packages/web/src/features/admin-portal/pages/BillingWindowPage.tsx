import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PauseCircleOutlineRoundedIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import { PRODUCT_NAME, type AdminPlan, type PlanInfo } from '@vigil/contract';
import { ConfirmDialog, type ConfirmRequest } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import { resolveErrorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { browserStorage } from '../../../lib/storage';
import { NextChargeCard } from '../../../components/billing/NextChargeCard';
import { planLimit, planPrice } from '../../../components/billing/PlanCard';
import { UsageMeter } from '../../../components/billing/UsageMeter';
import { useAdminPlan, usePlanAction, useTenantPlanUpdates, type PlanAction } from '../api/plan';
import { readBillingWindow } from '../billingWindow';

const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }> = {
  trialing: { label: 'Trial', color: 'info' },
  active: { label: 'Active', color: 'success' },
  paused: { label: 'Paused', color: 'warning' },
  past_due: { label: 'Payment due', color: 'error' },
  canceled: { label: 'Canceled', color: 'default' },
  none: { label: 'No plan', color: 'default' },
};

const day = (iso: string | null) => (iso ? formatDate(iso, 'MM/DD/yyyy') : '—');
const priced = (p: PlanInfo) => `${p.Name} (${planPrice(p)})`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" sx={{ fontSize: 12.5, color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2.5, borderRadius: '14px' }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', display: 'block' }}>
        {label}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * The Admin Portal's manage-plan window (`/window/admin/billing/{storageKey}`): a tenant's plan,
 * subscription, usage and coming charge, with the platform team's levers — any active plan,
 * the provider's subscription id, pause and resume — each confirmed first.
 */
export default function BillingWindowPage() {
  const { storageKey } = useParams();
  const target = useMemo(() => readBillingWindow(browserStorage(), storageKey), [storageKey]);
  const plan = useAdminPlan(target?.tenantId ?? null);
  const action = usePlanAction(target?.tenantId ?? 0);
  const snackbar = useSnackbar();
  useTenantPlanUpdates();
  const [picked, setHandle] = useState<string | null>(null);
  const [subscriptionId, setSubscriptionId] = useState('');
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const data = plan.data;
  const name = data?.TenantName ?? target?.tenantName ?? '';
  const handle = picked ?? data?.CurrentPlan?.Handle ?? '';

  useEffect(() => {
    document.title = `Plan · ${name || 'Tenant'} · ${PRODUCT_NAME}`;
  }, [name]);

  if (!target)
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 3 } }}>
        <Alert severity="warning">
          This window no longer knows which tenant it was opened for. Close it and choose Manage plan on the tenant
          again.
        </Alert>
      </Box>
    );

  /** Runs a confirmed change; a refusal closes the confirmation and stays on screen with the server's message. */
  const run = (a: PlanAction, done: (p: AdminPlan) => string) => async () => {
    setFailure(null);
    try {
      const next = await action.mutateAsync(a);
      snackbar.success(done(next));
    } catch (err) {
      setFailure(resolveErrorMessage(err));
    }
  };

  const current = data?.CurrentPlan ?? null;
  const chosen = data?.AvailablePlans.find((p) => p.Handle === handle) ?? null;
  const status = data
    ? (STATUS[data.Subscription.Status] ?? { label: data.Subscription.Status, color: 'default' as const })
    : null;
  const units = data?.Usage.find((u) => u.Key === 'ActiveBackups');
  const paused = data?.Subscription.Status === 'paused';

  const askPlan = () => {
    if (!chosen || !data) return;
    setConfirm({
      title: 'Change plan',
      message: (
        <>
          Move <strong>{data.TenantName}</strong> from <strong>{current ? priced(current) : 'no plan'}</strong> to{' '}
          <strong>{priced(chosen)}</strong>? {planLimit(chosen)}.{' '}
          {data.Subscription.Provider === -1
            ? 'The change applies at once, whatever the tenant’s usage.'
            : `${data.Subscription.ProviderName} prorates the change on the next invoice.`}
        </>
      ),
      confirmLabel: 'Change plan',
      tone: 'safe',
      action: run({ kind: 'plan', handle: chosen.Handle }, (p) => `${p.TenantName} is now on ${p.CurrentPlan?.Name}.`),
    });
  };

  const askSubscriptionId = () => {
    const id = subscriptionId.trim();
    if (!id || !data) return;
    setConfirm({
      title: 'Link subscription',
      message: (
        <>
          Link <strong>{data.TenantName}</strong> to the{' '}
          {data.Subscription.Provider === -1 ? 'billing provider’s' : data.Subscription.ProviderName} subscription{' '}
          <strong>{id}</strong>? Its status and plan replace the tenant’s.
        </>
      ),
      confirmLabel: 'Link',
      tone: 'safe',
      action: run({ kind: 'subscription-id', subscriptionId: id }, (p) => {
        setSubscriptionId('');
        return `${p.TenantName} is linked to ${p.ProviderSubscriptionId}.`;
      }),
    });
  };

  const askPause = () => {
    if (!data) return;
    setConfirm(
      paused
        ? {
            title: 'Resume subscription',
            message: (
              <>
                Resume <strong>{data.TenantName}</strong>’s subscription? Charges start again from the next period.
              </>
            ),
            confirmLabel: 'Resume',
            tone: 'safe',
            action: run({ kind: 'resume' }, (p) => `${p.TenantName}’s subscription is active again.`),
          }
        : {
            title: 'Pause subscription',
            message: (
              <>
                Pause <strong>{data.TenantName}</strong>’s subscription? Nothing is charged until it is resumed; the
                tenant keeps working.
              </>
            ),
            confirmLabel: 'Pause',
            action: run({ kind: 'pause' }, (p) => `${p.TenantName}’s subscription is paused.`),
          },
    );
  };

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <PageHeader
        eyebrow="Manage plan"
        title={name || 'Tenant'}
        subtitle={`Tenant #${target.tenantId}: plan, subscription and usage, as the tenant is billed.`}
        actions={
          data?.CurrentPlan && (
            <Button
              variant="outlined"
              color={paused ? 'primary' : 'warning'}
              startIcon={paused ? <PlayCircleOutlineRoundedIcon /> : <PauseCircleOutlineRoundedIcon />}
              onClick={askPause}
            >
              {paused ? 'Resume' : 'Pause'}
            </Button>
          )
        }
      />
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }} role="alert">
          {failure}
        </Alert>
      )}
      {plan.isError && <QueryError error={plan.error} onRetry={() => void plan.refetch()} />}
      {plan.isPending && <Skeleton variant="rounded" height={260} sx={{ borderRadius: '14px' }} />}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section label="Subscription">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
              <Typography variant="h5" component="h2">
                {current?.Name ?? 'No plan'}
              </Typography>
              {status && <Chip size="small" label={status.label} color={status.color} />}
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
          <Section label="Usage">
            {units ? <UsageMeter line={units} /> : <Typography>No usage recorded.</Typography>}
          </Section>
          <NextChargeCard charge={data.NextCharge} discount={data.Discount} status={data.Subscription.Status} />
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
              <Button variant="contained" disabled={!chosen || chosen.Id === current?.Id} onClick={askPlan}>
                Change plan
              </Button>
            </Box>
            <Typography sx={{ mt: 1, fontSize: 13, color: 'text.secondary' }}>
              Any active plan, hidden ones included; the tenant’s usage does not limit the choice here.
            </Typography>
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
          </Section>
        </Box>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
