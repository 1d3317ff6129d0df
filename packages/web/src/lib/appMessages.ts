import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppMessage, RealtimeEvent } from '@vigil/contract';
import { queryClient } from './queries';
import { api } from './session';
import { realtime, useRealtimeState } from './realtime';

export const messageKeys = {
  all: ['messages'] as const,
  active: ['messages', 'active'] as const,
  admin: ['messages', 'admin'] as const,
};

/** Applies a pushed event to a cached list: updated messages replace (or join), deleted ones go. */
function applyEvent(list: AppMessage[] | undefined, event: RealtimeEvent): AppMessage[] | undefined {
  if (!list) return list;
  if (event.type === 'MessageDeleted') return list.filter((m) => m.Id !== event.id);
  const rest = list.filter((m) => m.Id !== event.message.Id);
  return [event.message, ...rest];
}

/**
 * GET api/messages/active, kept current by the real-time channel: events update the cache at
 * once, and each (re)connection reloads the list in case events were missed while away.
 */
export function useActiveMessages() {
  const state = useRealtimeState();
  const query = useQuery({
    queryKey: messageKeys.active,
    queryFn: () => api.get<AppMessage[]>('/api/messages/active'),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  useEffect(
    () =>
      realtime.onEvent((event) => {
        queryClient.setQueryData<AppMessage[]>(messageKeys.active, (list) => applyEvent(list, event));
        void queryClient.invalidateQueries({ queryKey: messageKeys.admin });
      }),
    [],
  );
  useEffect(() => {
    if (state === 'connected') void queryClient.invalidateQueries({ queryKey: messageKeys.active });
  }, [state]);
  return query;
}
