// Platform-wide tenant calls: find any user, the team's notes on a tenant, and opening a new tenant.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminTenantCreate, AdminTenantCreated, UserSearchHit } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { tenantKeys } from './tenants';

/** Any user by e-mail or name (at least two characters). */
export function useUserSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: tenantKeys.search(q),
    queryFn: () => api.get<UserSearchHit[]>(`/api/admin/users/search?search=${encodeURIComponent(q)}`),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}

/** Notes of the platform team on a tenant (`PUT /api/tenants/{id}/subscription-notes`, Billing or higher). */
export function useSaveTenantNotes(tenantId: number) {
  return useMutation({
    mutationFn: (notes: string) =>
      api.put<{ TenantSubscriptionNotes: string }>(`/api/tenants/${tenantId}/subscription-notes`, {
        TenantSubscriptionNotes: notes,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tenantKeys.overview(tenantId) }),
  });
}

/** POST api/admin/tenants: a platform admin opens an account with its first administrator. */
export function useCreateTenant() {
  return useMutation({
    mutationFn: (body: AdminTenantCreate) => api.post<AdminTenantCreated>('/api/admin/tenants', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] }),
  });
}
