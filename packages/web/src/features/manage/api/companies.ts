import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  SECONDARY_PAGE_SIZE,
  type ApplyCompaniesAnswer,
  type ApplyCompany,
  type ClientKind,
  type ClientMapping,
  type ClientMappingRow,
  type Company,
  type CompanyListPage,
  type CompanyOptionPage,
  type CompanyRules,
  type CompanyRulesTestAnswer,
  type RuleSet,
} from '@vigil/contract';
import { announceAuditChange, useTenantId } from '../../../lib/auditApi';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const companyKeys = {
  all: (t: number | null) => ['companies', t] as const,
  list: (t: number | null, q: unknown) => ['companies', t, 'list', q] as const,
  options: (t: number | null, search: string) => ['companies', t, 'options', search] as const,
  one: (t: number | null, id: number) => ['companies', t, 'one', id] as const,
  rules: (t: number | null, id: number) => ['companies', t, 'rules', id] as const,
  applyPreview: (t: number | null) => ['companies', t, 'apply-preview'] as const,
  clients: (t: number | null) => ['companies', t, 'clients'] as const,
  clientPreview: (t: number | null) => ['companies', t, 'client-preview'] as const,
};

export interface CompanyListFilters {
  Name: string;
  IncludeEmpty: boolean;
  IncludeLocal: boolean;
}

/**
 * A company change moves backups between companies: the company lists, the Manage backup lists
 * (company names) and the audit refresh here and in other tabs (features §4.8 table updates).
 */
export async function announceCompanyChange(t: number | null): Promise<void> {
  const bus = appBroadcast();
  for (const table of ['companies', 'policies']) bus.post('table-update', { table });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.all(t) }),
    queryClient.invalidateQueries({ queryKey: ['manage', t] }),
    announceAuditChange(t),
  ]);
}

/** Refreshes this tab's company data when another tab or a popup changed companies. */
export function useCompanyTableUpdates(): void {
  const t = useTenantId();
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === 'companies') void queryClient.invalidateQueries({ queryKey: companyKeys.all(t) });
      }),
    [t],
  );
}

/** POST api/company/list, 20 a page (features §9); page 1 replaces, later pages append. */
export function useCompanyList(filters: CompanyListFilters) {
  const t = useTenantId();
  return useInfiniteQuery({
    queryKey: companyKeys.list(t, filters),
    queryFn: ({ pageParam, signal }) =>
      api.post<CompanyListPage>(
        '/api/company/list',
        { ...filters, Name: filters.Name.trim() || undefined, Page: pageParam, Size: SECONDARY_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET api/company/autocomplete: the company dropdown, a page at a time. */
export function useCompanyOptions(search: string, enabled = true) {
  const t = useTenantId();
  return useInfiniteQuery({
    queryKey: companyKeys.options(t, search),
    queryFn: ({ pageParam, signal }) =>
      api.get<CompanyOptionPage>('/api/company/autocomplete', {
        query: { search: search.trim() || undefined, page: pageParam, size: SECONDARY_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCompany(id: number) {
  const t = useTenantId();
  return useQuery({
    queryKey: companyKeys.one(t, id),
    queryFn: () => api.get<Company>(`/api/company/${id}`),
    enabled: id > 0,
  });
}

function useCompanyMutation<B, R>(call: (body: B) => Promise<R>) {
  const t = useTenantId();
  return useMutation({ mutationFn: call, onSuccess: () => announceCompanyChange(t) });
}

/** POST api/company/create: the body is the bare name. */
export const useCreateCompany = () =>
  useCompanyMutation((name: string) => api.post<Company>('/api/company/create', name));
export const useUpdateCompany = () =>
  useCompanyMutation((b: { Id: number; Name: string; Code: string | null }) =>
    api.put<Company>('/api/company/update', b),
  );
export const useReplaceCompany = () =>
  useCompanyMutation((b: { Id: number; ReplaceWithId: number }) =>
    api.put<{ MovedBackups: number }>('/api/company/replace', b),
  );
export const useDeleteCompany = () =>
  useCompanyMutation((id: number) => api.delete<{ UnassignedBackups: number }>(`/api/company/${id}`));

export function useCompanyRules(id: number) {
  const t = useTenantId();
  return useQuery({
    queryKey: companyKeys.rules(t, id),
    queryFn: () => api.get<CompanyRules>(`/api/company/${id}/rules`),
    enabled: id > 0,
  });
}

export const useSaveCompanyRules = () =>
  useCompanyMutation((b: { id: number; rules: RuleSet }) =>
    api.put<CompanyRules>(`/api/company/${b.id}/rules`, { Rules: b.rules }),
  );

/** POST api/company/test: the backups a rule set matches, without saving it. */
export function useTestCompanyRules() {
  return useMutation({
    mutationFn: (rules: RuleSet) => api.post<CompanyRulesTestAnswer>('/api/company/test', { Rules: rules, Size: 50 }),
  });
}

export type ApplyKind = 'rules' | 'clients';
const applyPath = (kind: ApplyKind) => (kind === 'rules' ? '/api/company/apply' : '/api/client/apply');

/** GET api/company/apply or api/client/apply: what applying would assign now. */
export function useApplyPreview(kind: ApplyKind) {
  const t = useTenantId();
  return useQuery({
    queryKey: kind === 'rules' ? companyKeys.applyPreview(t) : companyKeys.clientPreview(t),
    queryFn: () => api.get<ApplyCompany[]>(applyPath(kind)),
  });
}

export const useApply = (kind: ApplyKind) =>
  useCompanyMutation((_: void) => api.put<ApplyCompaniesAnswer>(applyPath(kind)));

/** GET api/client/mapping: client ids seen on backups with their company and suggestion. */
export function useClientMappings() {
  const t = useTenantId();
  return useQuery({
    queryKey: companyKeys.clients(t),
    queryFn: () => api.get<ClientMappingRow[]>('/api/client/mapping'),
  });
}

export const useMapClient = () =>
  useCompanyMutation((b: { Kind: ClientKind; ClientId: string; CompanyId: number }) =>
    api.put<ClientMapping>('/api/client/map', b),
  );
export const useDeleteClientMapping = () =>
  useCompanyMutation((id: number) => api.delete<ClientMapping>(`/api/client/${id}`));
