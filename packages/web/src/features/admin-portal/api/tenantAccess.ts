import { useMutation } from '@tanstack/react-query';
import type { TenantEnabled } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { tenantKeys } from './tenants';

/** `PUT api/admin/tenants/{id}/enable/{flag}`: switches a whole tenant off or on (Billing or higher). */
export function useSetTenantEnabled(tenantId: number) {
  return useMutation({
    mutationFn: (on: boolean) => api.put<TenantEnabled>(`/api/admin/tenants/${tenantId}/enable/${on}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKeys.overview(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'tenants'] }),
      ]),
  });
}
