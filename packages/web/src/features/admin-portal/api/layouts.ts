import { useMutation, useQuery } from '@tanstack/react-query';
import type { DashboardLayout, DashboardLayoutInput } from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';

export const layoutKeys = {
  all: ['admin', 'dashboard-layouts'] as const,
  one: (id: number) => ['admin', 'dashboard-layouts', id] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: layoutKeys.all });

/** `GET /api/dashboard/layout/all`: every layout, published or not. */
export function useDashboardLayouts() {
  return useQuery({
    queryKey: layoutKeys.all,
    queryFn: () => api.get<DashboardLayout[]>('/api/dashboard/layout/all'),
  });
}

/** `GET /api/dashboard/layout/{id}`: one layout with its tiles, for the editor. */
export function useDashboardLayout(id: number | null) {
  return useQuery({
    queryKey: layoutKeys.one(id ?? 0),
    queryFn: () => api.get<DashboardLayout>(`/api/dashboard/layout/${id}`),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Create (`POST`) or update (`PUT`) by whether the body carries an id. */
export function useSaveLayout() {
  return useMutation({
    mutationFn: (body: DashboardLayoutInput) =>
      body.id
        ? api.put<DashboardLayout>('/api/dashboard/layout', body)
        : api.post<DashboardLayout>('/api/dashboard/layout', body),
    onSuccess: refresh,
  });
}

export function usePublishLayout() {
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      api.patch<DashboardLayout>(`/api/dashboard/layout/${id}/${publish}`),
    // The switch moves at once and moves back if the server refuses.
    onMutate: async ({ id, publish }) => {
      // A refetch in flight (after a save) would put the old value back over ours.
      await queryClient.cancelQueries({ queryKey: layoutKeys.all });
      const before = queryClient.getQueryData<DashboardLayout[]>(layoutKeys.all);
      queryClient.setQueryData<DashboardLayout[]>(layoutKeys.all, (rows) =>
        rows?.map((r) => (r.id === id ? { ...r, isPublished: publish } : r)),
      );
      return { before };
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(layoutKeys.all, context.before);
    },
    onSettled: refresh,
  });
}

export function useDeleteLayout() {
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/dashboard/layout/${id}`),
    onSuccess: refresh,
  });
}
