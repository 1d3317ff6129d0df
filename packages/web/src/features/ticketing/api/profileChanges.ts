// Saving and deleting ticket profiles, and the refresh every window makes when one changes.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TicketProfileInput, TicketProfileUpdate } from '@vigil/contract';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from './keys';

/** A profile change reaches this tab's lists and, through the broadcast, every other window. */
async function profilesChanged(t: number | null) {
  await queryClient.invalidateQueries({ queryKey: ticketKeys.all(t) });
}

/** POST api/ticket/profiles (create) or PUT (update, with Id). */
export function useSaveProfile() {
  const t = useTenantId();
  return useMutation({
    mutationFn: async (input: TicketProfileInput | TicketProfileUpdate): Promise<number> => {
      if ('Id' in input) {
        await api.put<unknown>('/api/ticket/profiles', input);
        return input.Id;
      }
      return (await api.post<{ Id: number }>('/api/ticket/profiles', input)).Id;
    },
    onSuccess: async (id, input) => {
      // Features §2.4: windows announce a created profile with its Id, and updates.
      if ('Id' in input) appBroadcast().post('ticket-profile-updated', { Id: id });
      else appBroadcast().post('ticket-profile-created', { Id: id });
      await profilesChanged(t);
    },
  });
}

/** DELETE api/ticket/profiles/{id} (409 while rules use it). */
export function useDeleteProfile() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/ticket/profiles/${id}`),
    onSuccess: async (_, id) => {
      appBroadcast().post('ticket-profile-updated', { Id: id });
      await profilesChanged(t);
    },
  });
}

/** Refreshes profile and rule data when an editor window saves. */
export function useProfileEvents(onCreated?: (id: number) => void): void {
  const t = useTenantId();
  useEffect(() => {
    const bus = appBroadcast();
    const offCreated = bus.subscribe('ticket-profile-created', ({ Id }) => {
      void profilesChanged(t).then(() => onCreated?.(Id));
    });
    const offUpdated = bus.subscribe('ticket-profile-updated', () => void profilesChanged(t));
    return () => {
      offCreated();
      offUpdated();
    };
  }, [t, onCreated]);
}
