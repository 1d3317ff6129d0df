import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import { hasPrivilege, Privilege, type PlanInfo } from '@vigil/contract';
import { useAppSession } from '../../../app/session';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { usePlan } from '../api/billing';
import { ChangePlanDialog } from '../components/ChangePlanDialog';
import { CurrentPlanCard } from '../components/CurrentPlanCard';
import { PlanChoices } from '../components/PlanChoices';
import { UsageCard } from '../components/UsageCard';
import { useBillingActions } from '../components/useBillingActions';
import { NextChargeCard } from '../../../components/billing/NextChargeCard';

/** `/app/settings/billing`: the plan, usage against its limit in the usage colours, and plan changes. */
export default function BillingPage() {
  const { auth } = useAppSession();
  const plan = usePlan();
  const [choosing, setChoosing] = useState<PlanInfo | null>(null);
  const canChange = hasPrivilege(auth.privileges, Privilege.tenantAdmin);
  const data = plan.data;
  const { applyChange, openPortal, opening } = useBillingActions(data);

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
                loading={opening}
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
          <CurrentPlanCard data={data} />
          <UsageCard data={data} />
        </Box>
      )}
      {data && (
        <Box sx={{ mt: 2 }}>
          <NextChargeCard charge={data.NextCharge} discount={data.Discount} status={data.Subscription.Status} />
        </Box>
      )}
      {data && <PlanChoices data={data} canChange={canChange} onChoose={setChoosing} />}
      <ChangePlanDialog
        plan={choosing}
        viaCheckout={!!data?.Subscription.NeedsCheckout}
        onConfirm={applyChange}
        onClose={() => setChoosing(null)}
      />
    </>
  );
}
