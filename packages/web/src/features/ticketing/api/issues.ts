import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Paged, TicketDetails, TicketIssue } from '@vigil/contract';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from './keys';

export type IssueState = 'Open' | 'Closed' | 'Failed' | 'All';

/** GET api/ticket/issues, a page at a time. */
export function useIssues(q: { State: IssueState; Search: string; Size: number }) {
  const t = useTenantId();
  return useInfiniteQuery({
    queryKey: ticketKeys.issues(t, q),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<TicketIssue>>('/api/ticket/issues', {
        signal,
        query: { Page: pageParam, Size: q.Size, State: q.State, Search: q.Search.trim() || undefined },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** GET api/ticket/get-details?ticketID=. */
export function useTicketDetails(id: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.details(t, id ?? 0),
    queryFn: () => api.get<TicketDetails>('/api/ticket/get-details', { query: { ticketID: id } }),
    enabled: !!id,
  });
}
