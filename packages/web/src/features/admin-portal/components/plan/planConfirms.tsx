// The confirmations of the manage-plan window's levers, each saying what the change does.
import type { AdminPlan, PlanInfo } from '@vigil/contract';
import type { ConfirmRequest } from '../../../../components/ConfirmDialog';
import { planLimit } from '../../../../components/billing/PlanCard';
import type { PlanAction } from '../../api/plan';
import { priced } from './planParts';

/** Runs a confirmed change and returns the success message of its result. */
export type RunPlanAction = (a: PlanAction, done: (p: AdminPlan) => string) => () => Promise<void>;

export function changePlanConfirm(data: AdminPlan, chosen: PlanInfo, run: RunPlanAction): ConfirmRequest {
  const current = data.CurrentPlan ?? null;
  return {
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
  };
}

export function linkSubscriptionConfirm(
  data: AdminPlan,
  id: string,
  linked: () => void,
  run: RunPlanAction,
): ConfirmRequest {
  return {
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
      linked();
      return `${p.TenantName} is linked to ${p.ProviderSubscriptionId}.`;
    }),
  };
}

export function pauseConfirm(data: AdminPlan, run: RunPlanAction): ConfirmRequest {
  return data.Subscription.Status === 'paused'
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
            Pause <strong>{data.TenantName}</strong>’s subscription? Nothing is charged until it is resumed; the tenant
            keeps working.
          </>
        ),
        confirmLabel: 'Pause',
        action: run({ kind: 'pause' }, (p) => `${p.TenantName}’s subscription is paused.`),
      };
}
