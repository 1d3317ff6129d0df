import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeyItem } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const apiKeyKeys = {
  list: (t: number | null) => ['api-keys', t, 'list'] as const,
};

/** GET /api/account/api-key: the tenant's keys, newest first (never the keys themselves). */
export function useApiKeys() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({ queryKey: apiKeyKeys.list(t), queryFn: () => api.get<ApiKeyItem[]>('/api/account/api-key') });
}

/** POST /api/account/api-key: the answer is the only time the full key is seen. */
export function useCreateApiKey() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (Name: string) => api.post<ApiKeyCreated>('/api/account/api-key', { Name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(t) }),
  });
}

/** DELETE /api/account/api-key/{id}: the key stops working at once. */
export function useDeleteApiKey() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (id: number) => api.delete<ApiKeyItem>(`/api/account/api-key/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(t) }),
  });
}
