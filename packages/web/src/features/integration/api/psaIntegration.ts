// The tenant's PSA integration: read, validate, save and delete.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AutotaskRegion,
  CrmCurrentConfig,
  CrmIntegration,
  CrmIntegrationInput,
  CrmValidation,
  CrmVendor,
} from '@vigil/contract';
import { useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { invalidatePsa, psaBase as base, psaKeys } from './psaKeys';

export function useCurrentPsa() {
  const auth = useAuth();
  return useQuery({
    queryKey: psaKeys.current(auth?.tenantId ?? null),
    queryFn: () => api.get<CrmCurrentConfig>('/api/integration/crm'),
  });
}

export function usePsaIntegration(vendor: CrmVendor | null, id: number | null) {
  const auth = useAuth();
  return useQuery({
    queryKey: psaKeys.integration(auth?.tenantId ?? null, vendor, id),
    queryFn: () => api.get<CrmIntegration>(`/api/integration/crm/${vendor}/${id}`),
    enabled: !!vendor && !!id,
  });
}

export function useAutotaskRegions(enabled: boolean) {
  return useQuery({
    queryKey: psaKeys.regions,
    queryFn: () => api.get<AutotaskRegion[]>('/api/integration/autotask/regions'),
    enabled,
    staleTime: Infinity,
  });
}

export type IntegrationBody = CrmIntegrationInput & { Id?: number };

export function validatePsa(vendor: CrmVendor, body: IntegrationBody): Promise<CrmValidation> {
  return api.post<CrmValidation>(`/api/integration/crm/${vendor}/validate`, body);
}

export function useSavePsa() {
  const auth = useAuth();
  return useMutation({
    mutationFn: ({ vendor, body }: { vendor: CrmVendor; body: IntegrationBody }) =>
      body.Id
        ? api.put<CrmIntegration>(`/api/integration/crm/${vendor}/${body.Id}`, body)
        : api.post<CrmIntegration>(`/api/integration/crm/${vendor}`, body),
    onSuccess: () => invalidatePsa(auth?.tenantId ?? null),
  });
}

export function useDeletePsa() {
  const auth = useAuth();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(base(id)),
    onSuccess: () => invalidatePsa(auth?.tenantId ?? null),
  });
}
