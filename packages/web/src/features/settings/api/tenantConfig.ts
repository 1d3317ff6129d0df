// The tenant's configuration and account switches (auto-upgrade, deletion request).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TenantConfig, TenantConfigInput, TenantInfo } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { announceTenantInfo } from '../../../lib/tenantInfo';
import { brandingKeys } from './brandingKeys';

/** GET /api/tenants/config. */
export function useTenantConfig() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: brandingKeys.config(t), queryFn: () => api.get<TenantConfig>('/api/tenants/config') });
}

/** GET /api/tenants/info. */
export function useTenantInfo() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: brandingKeys.info(t), queryFn: () => api.get<TenantInfo>('/api/tenants/info') });
}

export function useSaveTenantConfig() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: TenantConfigInput) => api.put<TenantConfig>('/api/tenants/config', input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(brandingKeys.config(t), saved);
      await announceTenantInfo(t);
    },
  });
}

/** PUT /api/tenants/{autoupgrade|delete}/{flag}. */
export function useTenantSwitch(kind: 'autoupgrade' | 'delete') {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (on: boolean) => api.put<TenantInfo>(`/api/tenants/${kind}/${on}`),
    onSuccess: async (info) => {
      queryClient.setQueryData(brandingKeys.info(t), info);
      await announceTenantInfo(t);
    },
  });
}
