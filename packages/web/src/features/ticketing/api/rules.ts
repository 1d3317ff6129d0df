import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TicketRule, TicketRuleInput } from '@vigil/contract';
import { appBroadcast } from '../../../lib/broadcast';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { ticketKeys, useTenantId } from './keys';

export const RULES_TABLE = 'ticketing-rules';

async function rulesChanged(t: number | null) {
  appBroadcast().post('table-update', { table: RULES_TABLE });
  await queryClient.invalidateQueries({ queryKey: ticketKeys.all(t) });
}

/** GET api/ticket/rules, by Position. */
export function useRules() {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.rules(t),
    queryFn: () => api.get<TicketRule[]>('/api/ticket/rules'),
  });
}

/** GET api/ticket/rules/{id}. */
export function useRule(id: number | null) {
  const t = useTenantId();
  return useQuery({
    queryKey: ticketKeys.rule(t, id ?? 0),
    queryFn: () => api.get<TicketRule>(`/api/ticket/rules/${id}`),
    enabled: !!id && id > 0,
    retry: false,
  });
}

/** POST api/ticket/rules, or PUT api/ticket/rules/{id}. */
export function useSaveRule() {
  const t = useTenantId();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TicketRuleInput }) =>
      id ? api.put<TicketRule>(`/api/ticket/rules/${id}`, input) : api.post<TicketRule>('/api/ticket/rules', input),
    onSuccess: () => rulesChanged(t),
  });
}

export function useDeleteRule() {
  const t = useTenantId();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/api/ticket/rules/${id}`),
    onSuccess: () => rulesChanged(t),
  });
}

/** PUT api/ticket/rules/{id}/position: after AfterId, or first when null. */
export function useMoveRule() {
  const t = useTenantId();
  return useMutation({
    mutationFn: ({ id, afterId }: { id: number; afterId: number | null }) =>
      api.put<unknown>(`/api/ticket/rules/${id}/position`, { AfterId: afterId }),
    onSettled: () => rulesChanged(t),
  });
}

/** Keeps the list in step with the rule editor windows. */
export function useRuleTableUpdates(): void {
  const t = useTenantId();
  useEffect(
    () =>
      appBroadcast().subscribe('table-update', ({ table }) => {
        if (table === RULES_TABLE) void queryClient.invalidateQueries({ queryKey: ticketKeys.rules(t) });
      }),
    [t],
  );
}
