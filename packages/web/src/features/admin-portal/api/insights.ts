import { keepPreviousData, useInfiniteQuery, useMutation, type InfiniteData } from '@tanstack/react-query';
import type { AdminInsightRow, Paged } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const adminInsightKeys = {
  all: ['admin', 'insights'] as const,
  list: (q: unknown) => ['admin', 'insights', q] as const,
};

/** `POST /api/admin/insights`: per tenant, a count per insight type; page 1 replaces, later pages append. */
export function useAdminInsights(q: { Size: number; Search?: string }) {
  return useInfiniteQuery({
    queryKey: adminInsightKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<AdminInsightRow>>('/api/admin/insights', { ...q, Page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/insights/{tenantId}`: compute one tenant now; its row is replaced in place. */
export function useRecomputeTenantInsights() {
  return useMutation({
    mutationFn: (tenantId: number) => api.post<AdminInsightRow>(`/api/admin/insights/${tenantId}`),
    onSuccess: (row) =>
      queryClient.setQueriesData<InfiniteData<Paged<AdminInsightRow>>>({ queryKey: adminInsightKeys.all }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                Results: p.Results.map((r) => (r.TenantId === row.TenantId ? row : r)),
              })),
            }
          : data,
      ),
  });
}
