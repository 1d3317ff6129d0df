import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminPlan } from '@vigil/contract';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** The table-update name other tabs hear when a tenant's subscription changed here. */
export const TENANT_PLAN_TABLE = 'admin-tenant-plan';

export const adminPlanKey = (tenantId: number) => ['admin-portal', 'tenant', tenantId, 'plan'] as const;

/** GET api/admin/plan/{tenantId}: plan, subscription, usage, discount and the next charge. */
export function useAdminPlan(tenantId: number | null) {
  return useQuery({
    queryKey: adminPlanKey(tenantId ?? 0),
    queryFn: () => api.get<AdminPlan>(`/api/admin/plan/${tenantId}`),
    enabled: tenantId !== null,
  });
}

/** Refreshes what this tab shows of tenants when another window changed a subscription. */
export function useTenantPlanUpdates(): void {
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table !== TENANT_PLAN_TABLE) return;
        void queryClient.invalidateQueries({ queryKey: ['admin-portal', 'tenant'] });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
      }),
    [],
  );
}

export type PlanAction =
  | { kind: 'plan'; handle: string }
  | { kind: 'subscription-id'; subscriptionId: string }
  | { kind: 'pause' }
  | { kind: 'resume' };

function actionCall(tenantId: number, a: PlanAction): Promise<AdminPlan> {
  switch (a.kind) {
    case 'plan':
      return api.put<AdminPlan>(`/api/admin/plan/${tenantId}/${encodeURIComponent(a.handle)}`);
    case 'subscription-id':
      return api.put<AdminPlan>(
        `/api/admin/set-subscription-id/${tenantId}?subscriptionId=${encodeURIComponent(a.subscriptionId)}`,
      );
    case 'pause':
      return api.put<AdminPlan>(`/api/admin/pause-subscription/${tenantId}`);
    case 'resume':
      return api.put<AdminPlan>(`/api/admin/resume-subscription/${tenantId}`);
  }
}

/**
 * PUT api/admin/plan/{tenantId}/{handle}, set-subscription-id, pause- and resume-subscription.
 * Each answers the new AdminPlan; the drawer in the opener tab hears of it on the broadcast bus.
 */
export function usePlanAction(tenantId: number) {
  return useMutation({
    mutationFn: (a: PlanAction) => actionCall(tenantId, a),
    onSuccess: (plan) => {
      queryClient.setQueryData(adminPlanKey(tenantId), plan);
      void queryClient.invalidateQueries({ queryKey: ['admin-portal', 'tenant', tenantId, 'overview'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
      appBroadcast().post('table-update', { table: TENANT_PLAN_TABLE });
    },
  });
}
