import { useQuery } from '@tanstack/react-query';
import type { TenantFunctionStatus } from '@vigil/contract';
import { useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Refreshed every minute while the screen is open. */
export const STATUS_REFRESH_MS = 60_000;

/** GET api/functions/status: what runs for this tenant, read from its own rows. */
export function useSystemStatus() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: ['system-status', t],
    queryFn: () => api.get<TenantFunctionStatus[]>('/api/functions/status'),
    refetchInterval: STATUS_REFRESH_MS,
  });
}
