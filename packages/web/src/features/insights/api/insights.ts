import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type { Insight, InsightActionInput, InsightOverview, InsightType, Paged } from '@vigil/contract';
import { useTenantId } from '../../../lib/auditApi';
import { announcePolicyChange } from '../../../lib/backupsApi';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const insightKeys = {
  all: (t: number | null) => ['insights', t] as const,
  overview: (t: number | null) => ['insights', t, 'overview'] as const,
  list: (t: number | null, type: InsightType, q: unknown) => ['insights', t, 'list', type, q] as const,
};

export interface InsightActionResult {
  Applied: number;
  Dismissed: number;
  Message: string;
}

/** `GET /api/insight`: a count per type and when they were computed. */
export function useInsightOverview() {
  const t = useTenantId();
  return useQuery({
    queryKey: insightKeys.overview(t),
    queryFn: () => api.get<InsightOverview>('/api/insight'),
    staleTime: 0,
  });
}

/** `POST /api/insight`: compute now; the answer is the new overview. */
export function useRecomputeInsights() {
  const t = useTenantId();
  return useMutation({
    mutationFn: () => api.post<InsightOverview>('/api/insight'),
    onSuccess: async (overview) => {
      queryClient.setQueryData(insightKeys.overview(t), overview);
      await queryClient.invalidateQueries({ queryKey: [...insightKeys.all(t), 'list'] });
    },
  });
}

/** One type's suggestions; page 1 replaces, later pages append (features §4.4). */
export function useInsightList(type: InsightType, q: { Size: number; Search?: string }) {
  const t = useTenantId();
  return useInfiniteQuery({
    queryKey: insightKeys.list(t, type, q),
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<Insight>>(`/api/insight/${type}`, { query: { ...q, Page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.Page < last.TotalPages ? last.Page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Apply or dismiss; applying changes backups, so Manage and Audit lists refresh too. */
export function useInsightAction(type: InsightType) {
  const t = useTenantId();
  return useMutation({
    mutationFn: (body: InsightActionInput) => api.post<InsightActionResult>(`/api/insight/${type}`, body),
    onSuccess: async (_r, body) => {
      await queryClient.invalidateQueries({ queryKey: insightKeys.all(t) });
      if (body.Action === 'apply') await announcePolicyChange(t);
    },
  });
}
