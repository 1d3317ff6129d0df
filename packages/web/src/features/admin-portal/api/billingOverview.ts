import { useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '@vigil/contract';
import { api } from '../../../lib/session';

/** GET api/admin/billing: every plan and every tenant's subscription. */
export function useBillingOverview() {
  return useQuery({
    // Under the tenant keys the manage-plan window's changes refresh (useTenantPlanUpdates).
    queryKey: ['admin-portal', 'tenant', 'billing-overview'],
    queryFn: () => api.get<BillingOverview>('/api/admin/billing'),
  });
}
