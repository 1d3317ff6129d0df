import { useQuery } from '@tanstack/react-query';
import type { RegionRoute } from '@vigil/contract';
import { api } from './session';

/** GET api/UserAuth/Login: the regional router names this deployment's region and lists them all. */
export function useRegion() {
  return useQuery({
    queryKey: ['auth', 'region'],
    queryFn: () => api.get<RegionRoute>('/api/UserAuth/Login', { auth: false }),
    retry: false,
    staleTime: Infinity,
  });
}
