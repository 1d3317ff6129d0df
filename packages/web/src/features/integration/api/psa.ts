import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AutotaskRegion,
  CrmCurrentConfig,
  CrmFilterProperties,
  CrmFilters,
  CrmFiltersView,
  CrmIntegration,
  CrmIntegrationInput,
  CrmOperation,
  CrmValidation,
  CrmVendor,
  StoredResponse,
} from '@vigil/contract';
import { saveBlob } from '../../../lib/download';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: a different tenant (impersonation) never reads another's cache. */
export const psaKeys = {
  all: (tenantId: number | null) => ['psa', tenantId] as const,
  current: (tenantId: number | null) => ['psa', tenantId, 'current'] as const,
  integration: (tenantId: number | null, vendor: CrmVendor | null, id: number | null) =>
    ['psa', tenantId, 'integration', vendor, id] as const,
  filters: (tenantId: number | null, id: number) => ['psa', tenantId, 'filters', id] as const,
  properties: (tenantId: number | null, id: number) => ['psa', tenantId, 'properties', id] as const,
  responses: (tenantId: number | null, id: number) => ['psa', tenantId, 'responses', id] as const,
  regions: ['psa', 'autotask-regions'] as const,
};

/** Features §4.3: long operations are polled every second until they leave "pending". */
export const OPERATION_POLL_MS = 1000;

const base = (id: number) => `/api/integration/crm/${id}`;

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

/** Refreshes everything PSA of the tenant (after a save, delete or sync). */
export function invalidatePsa(tenantId: number | null) {
  return queryClient.invalidateQueries({ queryKey: psaKeys.all(tenantId) });
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

export function usePsaResponses(id: number) {
  const auth = useAuth();
  return useQuery({
    queryKey: psaKeys.responses(auth?.tenantId ?? null, id),
    queryFn: () => api.get<StoredResponse[]>(`${base(id)}/responses`),
  });
}

export async function downloadPsaResponse(id: number, r: StoredResponse): Promise<void> {
  const blob = await api.get<Blob>(`${base(id)}/responses/${r.Id}/download`, { responseType: 'blob' });
  saveBlob(blob, `psa-response-${r.Id}.json`);
}

/** The long operations of features §4.3: what starts one and where its status is read. */
export type OperationKind = 'companies-sync' | 'filters-sync' | 'company-filters' | 'configuration-filters';

export function startOperation(id: number, kind: OperationKind, body?: unknown): Promise<CrmOperation> {
  if (kind === 'companies-sync') return api.post<CrmOperation>(`${base(id)}/companies/sync`);
  if (kind === 'filters-sync') return api.post<CrmOperation>(`${base(id)}/filters/sync`);
  return api.post<CrmOperation>(`${base(id)}/preload/${kind}`, body ?? {});
}

export function readOperation(id: number, kind: OperationKind, queryId: string): Promise<CrmOperation> {
  const q = encodeURIComponent(queryId);
  if (kind === 'companies-sync' || kind === 'filters-sync') return api.get<CrmOperation>(`${base(id)}/operations/${q}`);
  return api.get<CrmOperation>(`${base(id)}/preload/${kind}/${q}`);
}

/** Cancels a preload: the server stops the running job. */
export function cancelPreload(id: number, kind: OperationKind, queryId: string): Promise<unknown> {
  return api.delete<unknown>(`${base(id)}/preload/${kind}`, undefined, { query: { queryId } });
}
