import { useMutation } from '@tanstack/react-query';
import type { SupportTicket, SupportTicketInput } from '@vigil/contract';
import { api } from '../../../lib/session';

/** POST /api/support/ticket. */
export function useSendSupportTicket() {
  return useMutation({
    mutationFn: (ticket: SupportTicketInput) => api.post<SupportTicket>('/api/support/ticket', ticket),
  });
}
