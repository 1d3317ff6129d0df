import { useQuery } from '@tanstack/react-query';
import type { ClientHome } from '@vigil/contract';
import { useTenantId } from '../../../lib/auditApi';
import { api } from '../../../lib/session';

/** GET /api/home/companies: the caller's companies and how their backups did on the last day. */
export function useClientHome() {
  const t = useTenantId();
  return useQuery({
    queryKey: ['home', t, 'companies'] as const,
    queryFn: () => api.get<ClientHome>('/api/home/companies'),
    staleTime: 60_000,
  });
}
