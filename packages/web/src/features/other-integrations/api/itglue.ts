// IT Glue (features §2 Integration → Other): connections, set-up options, the organisation map, push now.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ItGlueMapping,
  ItGlueMappingBody,
  ItGluePushResult,
  ItGlueSettingsOptions,
  ItGlueSourceBody,
  ItGlueSourceRow,
} from '@vigil/contract';
import { queryClient, useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

const base = '/api/integration/itglue';

/** Tenant-scoped keys: a different tenant (impersonation) never reads another's cache. */
export const itglueKeys = {
  all: (tenantId: number | null) => ['itglue', tenantId] as const,
  list: (tenantId: number | null) => ['itglue', tenantId, 'list'] as const,
  one: (tenantId: number | null, id: number) => ['itglue', tenantId, 'one', id] as const,
  options: (tenantId: number | null, id: number) => ['itglue', tenantId, 'options', id] as const,
  mapping: (tenantId: number | null, id: number) => ['itglue', tenantId, 'mapping', id] as const,
};

function useTenant() {
  return useAuth()?.tenantId ?? null;
}

const invalidate = (t: number | null) => queryClient.invalidateQueries({ queryKey: itglueKeys.all(t) });

export function useItGlueConnections() {
  const t = useTenant();
  return useQuery({ queryKey: itglueKeys.list(t), queryFn: () => api.get<ItGlueSourceRow[]>(base) });
}

export function useItGlueConnection(id: number | null) {
  const t = useTenant();
  return useQuery({
    queryKey: itglueKeys.one(t, id ?? 0),
    queryFn: () => api.get<ItGlueSourceRow>(`${base}/${id}`),
    enabled: !!id,
    retry: false,
  });
}

/** GET settings-options: regions and modes; with a connection, its account's types too. */
export function useItGlueOptions(id: number | null) {
  const t = useTenant();
  return useQuery({
    queryKey: itglueKeys.options(t, id ?? 0),
    queryFn: () => api.get<ItGlueSettingsOptions>(`${base}/settings-options${id ? `?Id=${id}` : ''}`),
    retry: false,
  });
}

export function useItGlueMapping(id: number | null) {
  const t = useTenant();
  return useQuery({
    queryKey: itglueKeys.mapping(t, id ?? 0),
    queryFn: () => api.get<ItGlueMapping>(`${base}/${id}/organizations`),
    enabled: !!id,
    retry: false,
  });
}

export function useSaveItGlue() {
  const t = useTenant();
  return useMutation({
    mutationFn: (body: ItGlueSourceBody) => api.post<ItGlueSourceRow>(base, body),
    onSuccess: () => invalidate(t),
  });
}

export function useDeleteItGlue() {
  const t = useTenant();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${base}/${id}`),
    onSuccess: () => invalidate(t),
  });
}

export function useSaveItGlueMapping(id: number) {
  const t = useTenant();
  return useMutation({
    mutationFn: (body: ItGlueMappingBody) => api.put<ItGlueMapping>(`${base}/${id}/organizations`, body),
    onSuccess: (data) => queryClient.setQueryData(itglueKeys.mapping(t, id), data),
  });
}

export function useSyncItGlueOrganizations(id: number) {
  const t = useTenant();
  return useMutation({
    mutationFn: () => api.post<ItGlueMapping>(`${base}/${id}/organizations/sync`),
    onSuccess: (data) => {
      queryClient.setQueryData(itglueKeys.mapping(t, id), data);
      void invalidate(t);
    },
  });
}

export function usePushItGlue(id: number) {
  const t = useTenant();
  return useMutation({
    mutationFn: () => api.post<ItGluePushResult>(`${base}/${id}/push`),
    onSettled: () => invalidate(t),
  });
}
