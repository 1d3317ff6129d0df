import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AuditBackupRow,
  AuditFiltersDoc,
  AuditUiSettings as AuditUiSettingsSchema,
  Paged,
  UserFilter,
} from '@vigil/contract';
import { auditKeys, OPTIONS_PAGE_SIZE, useTenantId } from '../../../lib/auditApi';
import {
  auditQuery,
  toFiltersDoc,
  type AuditFilterState,
  type AuditSortKey,
  type DayStatusCode,
} from '../../../lib/audit';
import type { IsoDay } from '../../../lib/days';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export type AuditUiSettings = z.infer<typeof AuditUiSettingsSchema>;

/** GET api/account/audit-ui-settings: the grid's columns, history length and page size (server side). */
export function useAuditUiSettings() {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.uiSettings(t),
    queryFn: () => api.get<AuditUiSettings>('/api/account/audit-ui-settings'),
    staleTime: Infinity,
    retry: 1,
  });
}

/** PUT api/account/audit-ui-settings; the cache takes the change at once. */
export function useSaveAuditUiSettings() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (next: AuditUiSettings) => api.put<AuditUiSettings>('/api/account/audit-ui-settings', next),
    onMutate: (next) => queryClient.setQueryData(auditKeys.uiSettings(t), next),
  });
}

/** GET api/account/audit-filters: the filters the user left the screen with. */
export function useStoredAuditFilters() {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.filters(t),
    queryFn: () => api.get<AuditFiltersDoc>('/api/account/audit-filters'),
    staleTime: Infinity,
    retry: 1,
  });
}

export function saveAuditFilters(tenantId: number | null, filters: AuditFilterState): Promise<unknown> {
  const doc = toFiltersDoc(filters);
  queryClient.setQueryData(auditKeys.filters(tenantId), doc);
  return api.put<AuditFiltersDoc>('/api/account/audit-filters', doc);
}

/** GET api/common/user-filters: the saved filters, "All backups" (id -1) first. */
export function useUserFilters() {
  const t = useTenantId();
  return useQuery({
    queryKey: auditKeys.userFilters(t),
    queryFn: () => api.get<UserFilter[]>('/api/common/user-filters'),
  });
}

export function useSaveUserFilter() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (input: { id?: number; name: string; filters: AuditFiltersDoc }) =>
      api.post<UserFilter>('/api/user/filter', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.userFilters(t) }),
  });
}

export function useDeleteUserFilter() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(`/api/user/filter/${id}`),
    onSuccess: (_r, id) =>
      queryClient.setQueryData<UserFilter[]>(auditKeys.userFilters(t), (list) => list?.filter((f) => f.id !== id)),
  });
}

export interface AuditGridQuery {
  filters: AuditFilterState;
  date: IsoDay;
  historyDays: number;
  size: number;
  orderBy?: AuditSortKey;
  ascending?: boolean;
}

/** POST api/policy/audit-backups, page by page as the grid scrolls (platform §4: page 1 replaces). */
export function useAuditBackups(q: AuditGridQuery, enabled: boolean) {
  const t = useTenantId();
  const body = (page: number) =>
    auditQuery(q.filters, {
      date: q.date,
      historyDays: q.historyDays,
      page,
      size: q.size,
      orderBy: q.orderBy,
      ascending: q.ascending,
    });
  return useInfiniteQuery({
    queryKey: auditKeys.backups(t, body(0)),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<AuditBackupRow>>('/api/policy/audit-backups', body(pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * How many backups have each status on the day, under every filter but the status one (the
 * status chips above the grid). The API has no count call, so the day's statuses of up to
 * 1,000 backups are read in one page; `partial` says when there were more.
 */
export function useStatusCounts(filters: AuditFilterState, date: IsoDay, enabled: boolean) {
  const t = useTenantId();
  const body = auditQuery(
    { ...filters, statuses: [] },
    { date, historyDays: 1, page: 1, size: OPTIONS_PAGE_SIZE, orderBy: 'PolicyId' },
  );
  return useQuery({
    queryKey: auditKeys.counts(t, body),
    queryFn: async ({ signal }) => {
      const page = await api.post<Paged<AuditBackupRow>>('/api/policy/audit-backups', body, { signal });
      const counts = new Map<DayStatusCode, number>();
      for (const r of page.Results)
        counts.set(r.Status as DayStatusCode, (counts.get(r.Status as DayStatusCode) ?? 0) + 1);
      return { counts, total: page.Total, partial: page.Total > page.Results.length };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
