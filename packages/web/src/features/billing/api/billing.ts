import { useMutation, useQuery } from '@tanstack/react-query';
import type { Invoice, Plan, PlanSession, PlanSessionRequest } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const billingKeys = {
  all: (t: number | null) => ['billing', t] as const,
  plan: (t: number | null) => ['billing', t, 'plan'] as const,
  invoices: (t: number | null) => ['billing', t, 'invoices'] as const,
};

/** GET /api/plan: current plan, plans on offer, subscription and usage. */
export function usePlan() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: billingKeys.plan(t), queryFn: () => api.get<Plan>('/api/plan') });
}

/** PUT /api/plan: switches the plan (answers the new Plan). */
export function useChangePlan() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (Handle: string) => api.put<Plan>('/api/plan', { Handle }),
    onSuccess: (plan) => {
      queryClient.setQueryData(billingKeys.plan(t), plan);
      return queryClient.invalidateQueries({ queryKey: billingKeys.all(t) });
    },
  });
}

/** POST /api/plan/session: a checkout or portal page to open, or a change already made. */
export function usePlanSession() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (req: PlanSessionRequest) => api.post<PlanSession>('/api/plan/session', req),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all(t) }),
  });
}

/** GET /api/invoice/: newest first. */
export function useInvoices() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: billingKeys.invoices(t), queryFn: () => api.get<Invoice[]>('/api/invoice/') });
}
