/**
 * How a billing subscription status reads on every screen (Billing, Settings → Tenant, Admin Portal),
 * so the three never disagree in words either.
 */
export const SUBSCRIPTION_STATUS: Record<
  string,
  { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }
> = {
  trialing: { label: 'Trial', color: 'info' },
  active: { label: 'Active', color: 'success' },
  paused: { label: 'Paused', color: 'warning' },
  past_due: { label: 'Payment due', color: 'error' },
  canceled: { label: 'Canceled', color: 'default' },
  none: { label: 'No plan', color: 'default' },
};

export function subscriptionStatusLabel(status: string): string {
  return SUBSCRIPTION_STATUS[status]?.label ?? status;
}
