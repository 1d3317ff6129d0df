import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AdminAddTenantUser,
  AdminTenantCreate,
  AdminTenantCreated,
  AdminTenantGroup,
  AdminTenantOverview,
  AdminTenantUser,
  UserSearchHit,
} from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const tenantKeys = {
  users: (id: number) => ['admin-portal', 'tenant', id, 'users'] as const,
  groups: (id: number) => ['admin-portal', 'tenant', id, 'groups'] as const,
  overview: (id: number) => ['admin-portal', 'tenant', id, 'overview'] as const,
  search: (q: string) => ['admin-portal', 'user-search', q] as const,
};

export function useTenantUsers(tenantId: number | null) {
  return useQuery({
    queryKey: tenantKeys.users(tenantId ?? 0),
    queryFn: () => api.get<AdminTenantUser[]>(`/api/admin/${tenantId}/users`),
    enabled: tenantId !== null,
  });
}

export function useTenantGroups(tenantId: number | null) {
  return useQuery({
    queryKey: tenantKeys.groups(tenantId ?? 0),
    queryFn: () => api.get<AdminTenantGroup[]>(`/api/admin/groups/${tenantId}`),
    enabled: tenantId !== null,
  });
}

export function useTenantOverview(tenantId: number | null) {
  return useQuery({
    queryKey: tenantKeys.overview(tenantId ?? 0),
    queryFn: () => api.get<AdminTenantOverview>(`/api/admin/tenants/${tenantId}/overview`),
    enabled: tenantId !== null,
  });
}

export function useAddTenantUser(tenantId: number) {
  return useMutation({
    mutationFn: (body: AdminAddTenantUser) => api.post<AdminTenantUser>(`/api/admin/tenants/${tenantId}/user`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin-portal', 'tenant', tenantId] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] });
    },
  });
}

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
