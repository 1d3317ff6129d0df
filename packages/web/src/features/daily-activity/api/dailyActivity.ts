import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DailyActivityQuery,
  DailyActivityRow,
  GroupDetails as GroupDetailsSchema,
  Paged,
  StatusLog as StatusLogSchema,
} from '@vigil/contract';
import { dailyKeys, useTenantId } from '../../../lib/auditApi';
import type { ResultStatusCode } from '../../../lib/audit';
import type { IsoDay } from '../../../lib/days';
import { api } from '../../../lib/session';

export type StatusLog = z.infer<typeof StatusLogSchema>;
export type GroupDetails = z.infer<typeof GroupDetailsSchema>;
type OrderBy = NonNullable<z.input<typeof DailyActivityQuery>['OrderBy']>;

export interface DailyFilters {
  companies: number[];
  includeNoCompany: boolean;
  statuses: ResultStatusCode[];
  vendors: string[];
  search: string;
}

export const EMPTY_DAILY_FILTERS: DailyFilters = {
  companies: [],
  includeNoCompany: false,
  statuses: [],
  vendors: [],
  search: '',
};

/** The body of `POST api/daily-activity/daily-backups` for one page. */
export function dailyQuery(
  f: DailyFilters,
  o: { date: IsoDay; page: number; size: number; orderBy?: OrderBy; ascending?: boolean },
): z.input<typeof DailyActivityQuery> {
  return {
    Date: o.date,
    ...(f.companies.length ? { Companies: [...f.companies].sort((a, b) => a - b) } : {}),
    ...(f.includeNoCompany ? { IncludeNoCompany: true } : {}),
    ...(f.statuses.length ? { Statuses: [...f.statuses].sort() } : {}),
    ...(f.vendors.length ? { Vendors: [...f.vendors].sort() } : {}),
    ...(f.search.trim() ? { Search: f.search.trim() } : {}),
    Page: o.page,
    Size: o.size,
    ...(o.orderBy ? { OrderBy: o.orderBy, OrderAscending: o.ascending ?? true } : {}),
  };
}

export function useDailyActivity(
  f: DailyFilters,
  o: { date: IsoDay; size: number; orderBy?: OrderBy; ascending?: boolean },
) {
  const t = useTenantId();
  const body = (page: number) => dailyQuery(f, { ...o, page });
  return useInfiniteQuery({
    queryKey: dailyKeys.list(t, body(0)),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<DailyActivityRow>>('/api/daily-activity/daily-backups', body(pageParam), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** GET api/daily-activity/status-log/{backupId}: the day's results in time order. */
export function useStatusLog(backupId: number | null, date: IsoDay) {
  const t = useTenantId();
  return useQuery({
    queryKey: dailyKeys.statusLog(t, backupId ?? 0, date),
    queryFn: () => api.get<StatusLog>(`/api/daily-activity/status-log/${backupId}`, { query: { date } }),
    enabled: !!backupId,
    retry: false,
  });
}

/** GET api/daily-activity/group-details/{backupId}: the backup and its day in counts, with marks. */
export function useGroupDetails(backupId: number | null, date: IsoDay) {
  const t = useTenantId();
  return useQuery({
    queryKey: dailyKeys.group(t, backupId ?? 0, date),
    queryFn: () => api.get<GroupDetails>(`/api/daily-activity/group-details/${backupId}`, { query: { date } }),
    enabled: !!backupId,
    retry: false,
  });
}
