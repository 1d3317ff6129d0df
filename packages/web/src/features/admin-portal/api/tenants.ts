// One tenant in the Admin Portal: its users, groups and overview, and adding a user to it.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminAddTenantUser, AdminTenantGroup, AdminTenantOverview, AdminTenantUser } from '@vigil/contract';
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
