import { useMutation, useQuery } from '@tanstack/react-query';
import type { SecondFactorInput, SecondFactorSettings } from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

const key = (tenantId: number | null) => ['settings', 'second-factor', tenantId] as const;

/** GET /api/tenants/second-factor (tenant administrators). */
export function useSecondFactor(enabled: boolean) {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: key(t),
    queryFn: () => api.get<SecondFactorSettings>('/api/tenants/second-factor'),
    enabled,
  });
}

/** PUT /api/tenants/second-factor. */
export function useSaveSecondFactor() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (input: SecondFactorInput) => api.put<SecondFactorSettings>('/api/tenants/second-factor', input),
    onSuccess: (saved) => queryClient.setQueryData(key(t), saved),
  });
}
