// Plan changes and payment: the return from checkout, a change (through checkout when needed), the portal.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { Plan, PlanInfo } from '@vigil/contract';
import { useSnackbar } from '../../../components/snackbar';
import { useChangePlan, usePlanSession } from '../api/billing';

export function useBillingActions(data: Plan | undefined) {
  const snackbar = useSnackbar();
  const change = useChangePlan();
  const session = usePlanSession();
  const [params, setParams] = useSearchParams();

  const returned = params.get('checkout');
  useEffect(() => {
    if (!returned) return;
    if (returned === 'success')
      snackbar.success('Payment complete. Your plan changes as soon as the payment is confirmed.');
    else snackbar.info('Checkout was canceled: your plan is unchanged.');
    setParams({}, { replace: true });
  }, [returned, setParams, snackbar]);

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

  return { applyChange, openPortal, opening: session.isPending };
}
