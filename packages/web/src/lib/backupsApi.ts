import { useEffect } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  OperationAnswer,
  Paged,
  PolicyBatchEdit,
  PolicyCount,
  PolicyListQuery,
  PolicyRow,
  ScheduleRule,
  ToActivateRow,
} from '@vigil/contract';
import { announceAuditChange, useTenantId } from './auditApi';
import { appBroadcast } from './broadcast';
import { queryClient } from './queries';
import { api } from './session';

export type PolicyListKind = 'inactive' | 'active' | 'retire';

export const manageKeys = {
  all: (t: number | null) => ['manage', t] as const,
  count: (t: number | null) => ['manage', t, 'policy-count'] as const,
  list: (t: number | null, kind: PolicyListKind, q: unknown) => ['manage', t, 'list', kind, q] as const,
  byIds: (t: number | null, ids: readonly number[], activate: boolean) =>
    ['manage', t, 'by-ids', activate, ids.join(',')] as const,
  scheduleOptions: (t: number | null) => ['manage', t, 'schedule-options'] as const,
  companies: (t: number | null) => ['manage', t, 'company-options'] as const,
};

/** Tells other tabs and windows that backups changed (features §4.8 table updates: policies). */
export async function announcePolicyChange(tenantId: number | null): Promise<void> {
  appBroadcast().post('table-update', { table: 'policies' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: manageKeys.all(tenantId) }),
    announceAuditChange(tenantId),
  ]);
}

/** Refreshes this tab's Manage data when another tab or a popup changed backups. */
export function usePolicyTableUpdates(): void {
  const t = useTenantId();
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === 'policies') void queryClient.invalidateQueries({ queryKey: manageKeys.all(t) });
      }),
    [t],
  );
}

export function usePolicyCount(enabled = true) {
  const t = useTenantId();
  return useQuery({
    queryKey: manageKeys.count(t),
    queryFn: () => api.get<PolicyCount>('/api/account/policy-count'),
    enabled,
    // New backups arrive by e-mail at any time: opening the screen always asks again.
    staleTime: 0,
  });
}

/** A Manage list; page 1 replaces, later pages append (platform §4). */
export function usePolicies(kind: PolicyListKind, q: Omit<PolicyListQuery, 'Page'>) {
  const t = useTenantId();
  return useInfiniteQuery({
    queryKey: manageKeys.list(t, kind, q),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<PolicyRow>>(`/api/backup/${kind}`, { ...q, Page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
    // New backups arrive by e-mail (and templates activate them) at any time: opening the
    // screen always asks again, and an open list looks again every minute.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/** The backups an editor opens: with activation suggestions when activating. */
export function usePoliciesForEdit(ids: readonly number[], activate: boolean) {
  const t = useTenantId();
  return useQuery({
    queryKey: manageKeys.byIds(t, ids, activate),
    queryFn: () =>
      activate
        ? api.post<ToActivateRow[]>('/api/policy/to-activate', { PolicyIds: ids })
        : api.post<PolicyRow[]>('/api/policy/by-ids', { PolicyIds: ids }),
    enabled: ids.length > 0,
  });
}

export interface ScheduleOptionItem {
  ScheduleId: number | null;
  Name: string;
  Rule: ScheduleRule;
}

export function useScheduleOptions() {
  const t = useTenantId();
  return useQuery({
    queryKey: manageKeys.scheduleOptions(t),
    queryFn: () => api.get<ScheduleOptionItem[]>('/api/schedule/options'),
    staleTime: 60_000,
  });
}

export interface CompanyChoice {
  Id: number;
  Name: string;
}

/** Every company of the tenant, for the editors' company field. */
export function useCompanyChoices() {
  const t = useTenantId();
  return useQuery({
    queryKey: manageKeys.companies(t),
    queryFn: async () => {
      const r = await api.post<{ data: CompanyChoice[] }>('/api/company/list', {
        Page: 1,
        Size: 1000,
        IncludeEmpty: true,
        IncludeLocal: true,
      });
      return r.data.map((c) => ({ Id: c.Id, Name: c.Name }));
    },
    staleTime: 30_000,
  });
}

function useOperation<B>(method: 'put' | 'post', path: string) {
  const t = useTenantId();
  return useMutation({
    mutationFn: (body: B) =>
      method === 'put' ? api.put<OperationAnswer>(path, body) : api.post<OperationAnswer>(path, body),
    onSuccess: () => announcePolicyChange(t),
  });
}

export const useBatchEdit = () => useOperation<PolicyBatchEdit>('put', '/api/policy-operation/batch');
export const useRetire = () =>
  useOperation<{ PolicyIds: number[]; ClosePsaTicket?: boolean }>('put', '/api/policy-operation/retire-batch');
export const useReactivate = () =>
  useOperation<{ PolicyIds: number[] }>('put', '/api/policy-operation/reactivate-batch');
export const useDeletePolicies = () =>
  useOperation<{ PolicyIds: number[]; ClosePsaTicket?: boolean }>('post', '/api/policy-operation/delete-batch');
export const useMerge = () =>
  useOperation<{ SourcePolicyId: number; TargetPolicyId: number }>('post', '/api/policy-operation/merge-polices');
