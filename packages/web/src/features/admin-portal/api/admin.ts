import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { FeatureFlagRow, LoginActivity, OutboxMessage, Paged, TenantRow, TokenPair } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const adminKeys = {
  tenants: ['admin', 'tenants'] as const,
  flags: ['admin', 'feature-flags'] as const,
  activity: (page: number) => ['admin', 'login-activity', page] as const,
  outbox: ['admin', 'outbox'] as const,
};

export function useTenants() {
  return useQuery({ queryKey: adminKeys.tenants, queryFn: () => api.get<TenantRow[]>('/api/admin/tenants') });
}

export function useImpersonate() {
  return useMutation({
    mutationFn: (tenantId: number) => api.post<TokenPair>(`/api/admin/impersonation/login/${tenantId}`),
  });
}

export function useFeatureFlags() {
  return useQuery({ queryKey: adminKeys.flags, queryFn: () => api.get<FeatureFlagRow[]>('/api/admin/feature-flag') });
}

export function useSetFlagStatus() {
  return useMutation({
    // The tenant list travels along unchanged (the server keeps it for status 2).
    mutationFn: ({ id, status, tenantIds }: { id: number; status: number; tenantIds: number[] }) =>
      api.put<FeatureFlagRow>(`/api/admin/feature-flag/${id}/${status}`, { TenantIds: tenantIds }),
    // Optimistic: the switch moves at once and moves back if the server refuses.
    onMutate: ({ id, status }) => {
      const before = queryClient.getQueryData<FeatureFlagRow[]>(adminKeys.flags);
      queryClient.setQueryData<FeatureFlagRow[]>(adminKeys.flags, (rows) =>
        rows?.map((r) => (r.Id === id ? { ...r, Status: status } : r)),
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(adminKeys.flags, context.before);
    },
    onSuccess: (row) =>
      queryClient.setQueryData<FeatureFlagRow[]>(adminKeys.flags, (rows) =>
        rows?.map((r) => (r.Id === row.Id ? row : r)),
      ),
  });
}

export function useLoginActivity(page: number) {
  return useQuery({
    queryKey: adminKeys.activity(page),
    queryFn: () => api.get<Paged<LoginActivity>>(`/api/UserActivity/GetUserActivity/${page}`),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox() {
  return useQuery({ queryKey: adminKeys.outbox, queryFn: () => api.get<OutboxMessage[]>('/api/admin/outbox') });
}
