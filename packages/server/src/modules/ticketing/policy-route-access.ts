// Access, tags and query schemas shared by the policy ticket routes.
import { z } from 'zod';

/**
 * A backup's tickets (the Audit ticketing popup): list, details, create, link, unlink, note.
 * Reading needs the audit; changing needs the right to edit audit results. A backup outside
 * the caller's companies is not there.
 */
export const tags = ['Tickets'];
export const canView = { access: { permissions: ['audit.getAudit'] } };
export const canEdit = { access: { permissions: ['audit.getAudit', 'audit.editAuditResults'] } };

export const DetailsQuery = z.object({ ticketID: z.coerce.number().int().positive() });
export const LinkQuery = z.object({
  ticketId: z.string().trim().min(1, 'Ticket number is required').max(100),
  policyId: z.coerce.number().int().positive(),
});
export const PolicyQuery = z.object({ policyId: z.coerce.number().int().positive() });
/** The ticket id as a JSON string (a bare number is taken too). */
export const TicketIdBody = z.union([z.string(), z.number()]);
export const UNLINKED = 'Ticket unlinked';
export const NOTE_ADDED = 'Note added';
