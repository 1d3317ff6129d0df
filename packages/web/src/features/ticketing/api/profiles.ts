// Reading ticket profiles: the list, one profile, the PSA they send to, and the dropdown of rules.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  NotificationKindValue,
  Paged,
  ProfilePsaConfig,
  TicketProfile,
  TicketProfileListItem,
} from '@vigil/contract';
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
