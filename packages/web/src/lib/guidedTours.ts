import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuidedTourId, GuidedTours } from '@vigil/contract';
import { useAuth } from './queries';
import { api } from './session';

export const guidedTourKey = (userId: number) => ['guided-tours', userId] as const;

/** The tours with this one added, each once. */
export function withDismissed(current: readonly GuidedTourId[], id: GuidedTourId): GuidedTourId[] {
  return current.includes(id) ? [...current] : [...current, id];
}

/** Whether a tour still has to be offered: only once its state is known, and not dismissed. */
export function tourPending(tours: GuidedTours | undefined, id: GuidedTourId): boolean {
  return !!tours && !tours.Dismissed.includes(id);
}

/** GET api/account/guided-tours: the tours this user finished or dismissed. */
export function useGuidedTours() {
  const auth = useAuth();
  return useQuery({
    queryKey: guidedTourKey(auth?.userId ?? 0),
    queryFn: () => api.get<GuidedTours>('/api/account/guided-tours'),
    enabled: !!auth,
    staleTime: Infinity,
  });
}

/** Remembers a finished or dismissed tour for this user (server side, so every browser knows). */
export function useDismissTour() {
  const auth = useAuth();
  const client = useQueryClient();
  const key = guidedTourKey(auth?.userId ?? 0);
  return useMutation({
    mutationFn: async (id: GuidedTourId) => {
      const current = client.getQueryData<GuidedTours>(key)?.Dismissed ?? [];
      return api.put<GuidedTours>('/api/account/guided-tours', { Dismissed: withDismissed(current, id) });
    },
    onSuccess: (data) => client.setQueryData(key, data),
  });
}
