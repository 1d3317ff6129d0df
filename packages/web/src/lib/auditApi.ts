/**
 * Calls shared by the Audit and Daily Activity screens and the audit popups: one day's
 * results, one result, the audit marks, the filter choices, and the changes (verify,
 * remediate, restore, add, edit, delete) with the refresh they cause here and in other tabs.
 */
import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AuditAction,
  AuditBackupRow,
  AuditResult,
  AuditResultDetail,
  EditAuditResult,
  NewAuditResult,
  Paged,
} from '@vigil/contract';
import { appBroadcast } from './broadcast';
import type { MarkKind } from './auditWindows';
import type { IsoDay } from './days';
import { queryClient, useAuth } from './queries';
import { api } from './session';

/** Tenant-scoped keys: an impersonated tenant never reads another's cache. */
export const auditKeys = {
  all: (t: number | null) => ['audit', t] as const,
  backups: (t: number | null, q: unknown) => ['audit', t, 'backups', q] as const,
  options: (t: number | null) => ['audit', t, 'options'] as const,
  counts: (t: number | null, q: unknown) => ['audit', t, 'counts', q] as const,
  dayResults: (t: number | null, policyId: number, date: string) => ['audit', t, 'day', policyId, date] as const,
  result: (t: number | null, id: number) => ['audit', t, 'result', id] as const,
  marks: (t: number | null, policyId: number, date: string) => ['audit', t, 'marks', policyId, date] as const,
  uiSettings: (t: number | null) => ['audit', t, 'ui-settings'] as const,
  filters: (t: number | null) => ['audit', t, 'filters'] as const,
  userFilters: (t: number | null) => ['audit', t, 'user-filters'] as const,
};

export const dailyKeys = {
  all: (t: number | null) => ['daily-activity', t] as const,
  list: (t: number | null, q: unknown) => ['daily-activity', t, 'list', q] as const,
  statusLog: (t: number | null, id: number, date: string) => ['daily-activity', t, 'status-log', id, date] as const,
  group: (t: number | null, id: number, date: string) => ['daily-activity', t, 'group', id, date] as const,
};

/** The tables a change touches, by their broadcast names (features §4.8). */
export const AUDIT_TABLES = ['audit', 'daily-activity'] as const;

/** Refreshes the audit and daily activity data here, and tells the other tabs and windows. */
export async function announceAuditChange(tenantId: number | null): Promise<void> {
  const bus = appBroadcast();
  for (const table of AUDIT_TABLES) bus.post('table-update', { table });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: auditKeys.all(tenantId) }),
    queryClient.invalidateQueries({ queryKey: dailyKeys.all(tenantId) }),
  ]);
}

/** Refreshes this tab's audit data when another tab or a popup window changed it. */
export function useAuditTableUpdates(): void {
  const auth = useAuth();
  const tenantId = auth?.tenantId ?? null;
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === 'audit') void queryClient.invalidateQueries({ queryKey: auditKeys.all(tenantId) });
        if (table === 'daily-activity') void queryClient.invalidateQueries({ queryKey: dailyKeys.all(tenantId) });
      }),
    [tenantId],
  );
}

export function useTenantId(): number | null {
  return useAuth()?.tenantId ?? null;
}

/** GET api/policy/audit/results: a backup's results of one day, newest first. */
export function useDayResults(policyId: number | null, date: IsoDay, enabled = true) {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.dayResults(t, policyId ?? 0, date),
    queryFn: () => api.get<AuditResult[]>('/api/policy/audit/results', { query: { policyId, date } }),
    enabled: enabled && !!policyId,
    retry: false,
  });
}

export function fetchDayResults(tenantId: number | null, policyId: number, date: IsoDay): Promise<AuditResult[]> {
  return queryClient.fetchQuery({
    queryKey: auditKeys.dayResults(tenantId, policyId, date),
    queryFn: () => api.get<AuditResult[]>('/api/policy/audit/results', { query: { policyId, date } }),
    staleTime: 10_000,
  });
}

/** GET api/audit-result/{id}: one result with its backup and e-mail. */
export function useAuditResult(id: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.result(t, id ?? 0),
    queryFn: () => api.get<AuditResultDetail>(`/api/audit-result/${id}`),
    enabled: !!id,
    staleTime: 60_000,
  });
}

/** GET api/audit-result/verify: every mark (verify, remediate, restore) of a backup's day. */
export function useMarks(policyId: number | null, date: IsoDay) {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.marks(t, policyId ?? 0, date),
    queryFn: () => api.get<AuditAction[]>('/api/audit-result/verify', { query: { policyId, date } }),
    enabled: !!policyId,
  });
}

export interface CompanyOption {
  id: number | null;
  name: string;
}
export interface VendorOption {
  id: string;
  name: string;
}
export interface AuditOptions {
  companies: CompanyOption[];
  vendors: VendorOption[];
  tags: string[];
}

/** The most backups the choice lists are gathered from (the API's largest page). */
export const OPTIONS_PAGE_SIZE = 1000;

export function optionsFrom(rows: readonly AuditBackupRow[]): AuditOptions {
  const companies = new Map<number | null, string>();
  const vendors = new Map<string, string>();
  const tags = new Set<string>();
  for (const r of rows) {
    companies.set(r.CompanyId, r.CompanyName);
    vendors.set(r.Vendor, r.VendorName);
    for (const t of r.Tags) tags.add(t);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    // "No company" first, then A to Z.
    companies: [...companies]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => (a.id === null ? -1 : b.id === null ? 1 : byName(a, b))),
    vendors: [...vendors].map(([id, name]) => ({ id, name })).sort(byName),
    tags: [...tags].sort((a, b) => a.localeCompare(b)),
  };
}

/**
 * The companies, vendors and tags to filter by. The API has no list calls for these yet, so
 * they are read from the active backups themselves (one page of up to 1,000 backups).
 */
export function useAuditOptions(enabled = true) {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.options(t),
    queryFn: async () =>
      optionsFrom(
        (
          await api.post<Paged<AuditBackupRow>>('/api/policy/audit-backups', {
            Page: 1,
            Size: OPTIONS_PAGE_SIZE,
            HistoryDays: 1,
            OrderBy: 'PolicyId',
          })
        ).Results,
      ),
    staleTime: 5 * 60_000,
    enabled,
  });
}

type NewResult = z.input<typeof NewAuditResult>;
type EditResult = z.input<typeof EditAuditResult>;

/** PUT api/audit-result/{verify|remediate|restore}: marks a day of one or many backups. */
export function useMark(kind: MarkKind) {
  const t = useTenantId();
  return useMutation({
    mutationFn: (body: { PolicyIds: number[]; Date: IsoDay; Notes?: string }) =>
      api.put<AuditAction[]>(`/api/audit-result/${kind}`, body),
    onSuccess: () => announceAuditChange(t),
  });
}

/** PUT api/audit-result/delete-{kind}: takes the mark off. */
export function useUnmark(kind: MarkKind) {
  const t = useTenantId();
  return useMutation({
    mutationFn: (body: { PolicyIds: number[]; Date: IsoDay }) =>
      api.put<{ Deleted: number }>(`/api/audit-result/delete-${kind}`, body),
    onSuccess: () => announceAuditChange(t),
  });
}

export function useAddResult() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (body: NewResult) => api.post<AuditResult>('/api/audit-result', body),
    onSuccess: () => announceAuditChange(t),
  });
}

export function useEditResult() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (body: EditResult) => api.put<AuditResult>('/api/audit-result/edit', body),
    onSuccess: () => announceAuditChange(t),
  });
}

export function useDeleteResults() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<{ Deleted: number }>('/api/audit-result/delete', { ResultIds: ids }),
    onSuccess: () => announceAuditChange(t),
  });
}
