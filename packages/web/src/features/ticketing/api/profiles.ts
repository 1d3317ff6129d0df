import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  NotificationKindValue,
  Paged,
  ProfilePsaConfig,
  TicketProfile,
  TicketProfileInput,
  TicketProfileListItem,
  TicketProfileUpdate,
} from '@vigil/contract';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from './keys';

export interface ProfileListQuery {
  Page: number;
  Size: number;
  Search?: string;
}

/** POST api/ticket/profiles/list. */
export function useProfileList(q: ProfileListQuery) {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.profileList(t, q),
    queryFn: ({ signal }) => api.post<Paged<TicketProfileListItem>>('/api/ticket/profiles/list', q, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET api/ticket/profiles/{id}. */
export function useProfile(id: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.profile(t, id ?? 0),
    queryFn: () => api.get<TicketProfile>(`/api/ticket/profiles/${id}`),
    enabled: !!id && id > 0,
    retry: false,
  });
}

/** GET api/ticket/profiles/psa: the PSA the profiles send to (CrmTypeId 0 when none). */
export function useProfilePsa() {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.psa(t),
    queryFn: () => api.get<ProfilePsaConfig>('/api/ticket/profiles/psa'),
  });
}

export interface ProfileOption {
  Id: number;
  Name: string;
  Type: NotificationKindValue;
}

/** GET api/ticket/profiles/dropdown. */
export function useProfileDropdown() {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.dropdown(t),
    queryFn: () => api.get<ProfileOption[]>('/api/ticket/profiles/dropdown'),
  });
}

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
