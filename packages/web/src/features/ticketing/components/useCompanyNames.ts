// Names of chosen companies the current search page does not hold, fetched one by one.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/session';
import { useTenantId } from '../api/keys';

/** Names of chosen companies that the current search page does not hold. */
export function useCompanyNames(ids: readonly number[]) {
  const t = useTenantId();
  return useQuery({
    queryKey: ['companies', t, 'names', [...ids].sort()],
    queryFn: async () => {
      const out = new Map<number, string>();
      await Promise.all(
        ids.map(async (id) => {
          try {
            out.set(id, (await api.get<{ Name: string }>(`/api/company/${id}`)).Name);
          } catch {
            out.set(id, `#${id}`);
          }
        }),
      );
      return out;
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
