import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { NotificationKindValue, PolicyTicket, PolicyTickets, TicketDetails } from '@vigil/contract';
import { queryClient, useAuth } from '../../../../lib/queries';
import { api } from '../../../../lib/session';
import { announceAuditChange } from '../../../../lib/auditApi';

/** Features §7: a backup's tickets come ten to a page. */
export const TICKETS_PAGE_SIZE = 10;

export const ticketKeys = {
  all: (t: number | null) => ['policy-tickets', t] as const,
  list: (t: number | null, policyId: number, page: number) => ['policy-tickets', t, 'list', policyId, page] as const,
  details: (t: number | null, id: number) => ['policy-tickets', t, 'details', id] as const,
  profiles: (t: number | null) => ['policy-tickets', t, 'profiles'] as const,
};

export function usePolicyTickets(policyId: number, page: number) {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: ticketKeys.list(t, policyId, page),
    queryFn: () =>
      api.post<PolicyTickets>('/api/policy/tickets', { PolicyId: policyId, Page: page, Size: TICKETS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Tickets are created by the outbox worker shortly after a request: look again while any is pending.
    refetchInterval: (q) => (q.state.data?.Tickets.some((x) => x.State === 'Pending') ? 3000 : false),
  });
}

/** Features §7: a failed detail fetch gives an empty list (no events, no PSA notes). */
export function useTicketDetails(id: number | null) {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: ticketKeys.details(t, id ?? 0),
    queryFn: async (): Promise<TicketDetails | null> => {
      try {
        return await api.get<TicketDetails>('/api/ticket/get-details', { query: { ticketID: id } });
      } catch {
        return null;
      }
    },
    enabled: !!id,
  });
}

export function useProfileChoices(enabled: boolean) {
  const t = useAuth()?.tenantId ?? null;
  return useQuery({
    queryKey: ticketKeys.profiles(t),
    queryFn: () =>
      api.get<{ Id: number; Name: string; Type: NotificationKindValue }[]>('/api/ticket/profiles/dropdown'),
    enabled,
  });
}

/** After any change: this backup's tickets, and the Audit grid's ticket counts everywhere. */
async function refreshAfterChange(tenantId: number | null) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ticketKeys.all(tenantId) }),
    announceAuditChange(tenantId),
  ]);
}

export function useCreateTicket(policyId: number) {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (body: { ProfileId: number; Subject: string | null; Description: string | null }) =>
      api.post<PolicyTicket>(`/api/ticket/CreateForPolicy/${policyId}`, body),
    onSuccess: () => refreshAfterChange(t),
  });
}

export function useLinkTicket(policyId: number) {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (externalId: string) =>
      api.get<PolicyTicket>('/api/ticket/link', { query: { ticketId: externalId, policyId } }),
    onSuccess: () => refreshAfterChange(t),
  });
}

export function useUnlinkTicket(policyId: number) {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    // The body is the ticket id as a JSON string (platform §7).
    mutationFn: (ticketId: number) => api.post<unknown>(`/api/ticket/UnlinkFromPolicy/${policyId}`, String(ticketId)),
    onSuccess: () => refreshAfterChange(t),
  });
}

export function useAddNote() {
  const t = useAuth()?.tenantId ?? null;
  return useMutation({
    mutationFn: (body: { TicketId: number; Note: string; Close: boolean }) =>
      api.post<PolicyTicket>('/api/ticket/UpdateDetails', body),
    onSuccess: () => refreshAfterChange(t),
  });
}
