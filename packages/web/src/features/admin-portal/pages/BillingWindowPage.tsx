import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { PRODUCT_NAME } from '@vigil/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { browserStorage } from '../../../lib/storage';
import { NextChargeCard } from '../../../components/billing/NextChargeCard';
import { useAdminPlan, useTenantPlanUpdates } from '../api/plan';
import { readBillingWindow } from '../billingWindow';
import { PlanChangeSection } from '../components/plan/PlanChangeSection';
import { PlanSubscriptionSection } from '../components/plan/PlanSubscriptionSection';
import { PlanPauseButton } from '../components/plan/PlanPauseButton';
import { PlanUsageSection, PlanWindowLost } from '../components/plan/PlanWindowParts';
import { changePlanConfirm, linkSubscriptionConfirm, pauseConfirm } from '../components/plan/planConfirms';
import { usePlanLevers } from '../components/plan/usePlanLevers';

/**
 * The Admin Portal's manage-plan window (`/window/admin/billing/{storageKey}`): a tenant's plan,
 * subscription, usage and coming charge, with the platform team's levers — any active plan,
 * the provider's subscription id, pause and resume — each confirmed first.
 */
export default function BillingWindowPage() {
  const { storageKey } = useParams();
  const target = useMemo(() => readBillingWindow(browserStorage(), storageKey), [storageKey]);
  const plan = useAdminPlan(target?.tenantId ?? null);
  const { run, confirm, setConfirm, failure, setFailure } = usePlanLevers(target?.tenantId ?? 0);
  useTenantPlanUpdates();
  const data = plan.data;
  const name = data?.TenantName ?? target?.tenantName ?? '';

  useEffect(() => {
    document.title = `Plan · ${name || 'Tenant'} · ${PRODUCT_NAME}`;
  }, [name]);

  if (!target) return <PlanWindowLost />;

  const paused = data?.Subscription.Status === 'paused';

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 2, sm: 3 } }}>
      <PageHeader
        eyebrow="Manage plan"
        title={name || 'Tenant'}
        subtitle={`Tenant #${target.tenantId}: plan, subscription and usage, as the tenant is billed.`}
        actions={
          data?.CurrentPlan && <PlanPauseButton paused={paused} onClick={() => setConfirm(pauseConfirm(data, run))} />
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
          <PlanSubscriptionSection data={data} />
          <PlanUsageSection data={data} />
          <NextChargeCard charge={data.NextCharge} discount={data.Discount} status={data.Subscription.Status} />
          <PlanChangeSection
            data={data}
            onAskPlan={(chosen) => setConfirm(changePlanConfirm(data, chosen, run))}
            onAskLink={(id, linked) => setConfirm(linkSubscriptionConfirm(data, id, linked, run))}
          />
        </Box>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Box>
  );
}
