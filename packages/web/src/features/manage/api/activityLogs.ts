import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActivityActionOption, ActivityLogQuery, ActivityLogRow, Paged } from '@vigil/contract';
import { useAuth } from '../../../lib/queries';
import { api } from '../../../lib/session';

type ActionOption = z.infer<typeof ActivityActionOption>;

export const activityKeys = {
  all: (t: number | null) => ['activity-logs', t] as const,
  list: (t: number | null, q: unknown) => ['activity-logs', t, 'list', q] as const,
  actions: (t: number | null) => ['activity-logs', t, 'actions'] as const,
};

export interface ActivityFilters {
  actions: string[];
  search: string;
  /** Instants (ISO) the range starts and ends at, inclusive. */
  from: string | null;
  to: string | null;
}

export const EMPTY_ACTIVITY_FILTERS: ActivityFilters = { actions: [], search: '', from: null, to: null };

/** The body of `POST api/user/activity-logs` for one page. */
export function activityQuery(
  f: ActivityFilters,
  o: { page: number; size: number; ascending: boolean },
): z.input<typeof ActivityLogQuery> {
  return {
    Page: o.page,
    Size: o.size,
    ...(f.actions.length ? { Actions: [...f.actions].sort() as z.input<typeof ActivityLogQuery>['Actions'] } : {}),
    ...(f.search.trim() ? { Search: f.search.trim() } : {}),
    ...(f.from ? { DateFrom: f.from } : {}),
    ...(f.to ? { DateTo: f.to } : {}),
    ...(o.ascending ? { OrderAscending: true } : {}),
  };
}

/** The log, a page at a time (newest first unless `ascending`). */
export function useActivityLogs(f: ActivityFilters, o: { size: number; ascending: boolean }) {
  const t = useAuth()?.tenantId ?? null;
  const body = (page: number) => activityQuery(f, { ...o, page });
  return useInfiniteQuery({
    queryKey: activityKeys.list(t, body(0)),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<ActivityLogRow>>('/api/user/activity-logs', body(pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** GET api/user/activity-logs/actions/dropdown: every action the log records. */
export function useActivityActions() {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: activityKeys.actions(t),
    queryFn: () => api.get<ActionOption[]>('/api/user/activity-logs/actions/dropdown'),
    staleTime: Infinity,
  });
}
