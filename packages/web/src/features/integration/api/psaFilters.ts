// The company filters and sync properties of a PSA integration (features §4.3).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CrmFilterProperties, CrmFilters, CrmFiltersView } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { psaBase as base, psaKeys } from './psaKeys';

export function usePsaFilters(id: number) {
  const auth = useAuth();
  return useQuery({
    queryKey: psaKeys.filters(auth?.tenantId ?? null, id),
    queryFn: () => api.get<CrmFiltersView>(`${base(id)}/filters`),
  });
}

export function useSavePsaFilters(id: number) {
  const auth = useAuth();
  return useMutation({
    mutationFn: (filters: CrmFilters) => api.post<CrmFiltersView>(`${base(id)}/filters`, filters),
    onSuccess: (view) => {
      if (view && typeof view === 'object' && 'TypeOptions' in view)
        queryClient.setQueryData(psaKeys.filters(auth?.tenantId ?? null, id), view);
      else void queryClient.invalidateQueries({ queryKey: psaKeys.filters(auth?.tenantId ?? null, id) });
    },
  });
}

export function usePsaProperties(id: number) {
  const auth = useAuth();
  return useQuery({
    queryKey: psaKeys.properties(auth?.tenantId ?? null, id),
    queryFn: () => api.get<CrmFilterProperties>(`${base(id)}/filters/properties`),
  });
}

export function useSavePsaProperties(id: number) {
  const auth = useAuth();
  return useMutation({
    mutationFn: (p: CrmFilterProperties) => api.patch<CrmFilterProperties>(`${base(id)}/filters/properties`, p),
    onSuccess: (_r, p) => queryClient.setQueryData(psaKeys.properties(auth?.tenantId ?? null, id), p),
  });
}
