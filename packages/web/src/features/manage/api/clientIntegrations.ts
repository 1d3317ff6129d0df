import { useQuery } from '@tanstack/react-query';
import type { ClientIntegrationRow } from '@vigil/contract';
import { useTenantId } from '../../../lib/auditApi';
import { api } from '../../../lib/session';
import { companyKeys } from './companies';

/** GET api/client/integrations: backups the API backup sources found, with source and last result. */
export function useClientIntegrations(companyId: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: [...companyKeys.all(t), 'integrations', companyId] as const,
    queryFn: () =>
      api.get<ClientIntegrationRow[]>('/api/client/integrations', { query: companyId ? { companyId } : undefined }),
  });
}
