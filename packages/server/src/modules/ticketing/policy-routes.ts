import { z } from 'zod';
import { CreateForPolicyInput, IdParam, PolicyTicketsQuery, UpdateTicketDetailsInput } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { addTicketNote, createManualTicket, linkExistingTicket, unlinkTicket } from './engine/index.ts';
import { linkedTo, openTicketsOf, policyTickets, ticketById, ticketDetails } from './policy-tickets.ts';
import { visibleBackup, visibleTicket } from './ticket-rows.ts';

/**
 * A backup's tickets (the Audit ticketing popup): list, details, create, link, unlink, note.
 * Reading needs the audit; changing needs the right to edit audit results. A backup outside
 * the caller's companies is not there.
 */
const tags = ['Tickets'];
const canView = { access: { permissions: ['audit.getAudit'] } };
const canEdit = { access: { permissions: ['audit.getAudit', 'audit.editAuditResults'] } };

const DetailsQuery = z.object({ ticketID: z.coerce.number().int().positive() });
const LinkQuery = z.object({
  ticketId: z.string().trim().min(1, 'Ticket number is required').max(100),
  policyId: z.coerce.number().int().positive(),
});
const PolicyQuery = z.object({ policyId: z.coerce.number().int().positive() });
/** The ticket id as a JSON string (a bare number is taken too). */
const TicketIdBody = z.union([z.string(), z.number()]);
export const UNLINKED = 'Ticket unlinked';
export const NOTE_ADDED = 'Note added';

export function policyTicketRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const db = deps.database;

  r.post('/api/policy/tickets', { config: canView, schema: { tags, body: PolicyTicketsQuery } }, async (req) =>
    policyTickets(db, tenantOf(req), await visibleCompanies(db, req), req.body),
  );

  r.get('/api/policy/ticket-link', { config: canView, schema: { tags, querystring: PolicyQuery } }, async (req) => ({
    Tickets: await openTicketsOf(db, tenantOf(req), await visibleCompanies(db, req), req.query.policyId),
  }));

  r.get('/api/ticket/get-details', { config: canView, schema: { tags, querystring: DetailsQuery } }, async (req) =>
    ticketDetails(deps, tenantOf(req), await visibleCompanies(db, req), req.query.ticketID),
  );

  r.get('/api/ticket/link', { config: canEdit, schema: { tags, querystring: LinkQuery } }, async (req) => {
    const tenantId = tenantOf(req);
    const visible = await visibleCompanies(db, req);
    const { ticketId, policyId } = req.query;
    await visibleBackup(db, tenantId, visible, policyId);
    const id =
      (await linkedTo(db, tenantId, policyId, ticketId)) ??
      (await linkExistingTicket(deps, tenantId, policyId, ticketId, req.auth.userId));
    return ticketById(db, tenantId, visible, id);
  });

  r.post(
    '/api/ticket/UnlinkFromPolicy/:id',
    { config: canEdit, schema: { tags, params: IdParam, body: TicketIdBody } },
    async (req) => {
      const tenantId = tenantOf(req);
      const ticketId = Number(req.body);
      if (!Number.isInteger(ticketId) || ticketId <= 0) throw badRequest('The ticket id must be a number', 'body');
      const visible = await visibleCompanies(db, req);
      await visibleBackup(db, tenantId, visible, req.params.id);
      await visibleTicket(db, tenantId, visible, ticketId);
      await unlinkTicket(deps, tenantId, req.params.id, ticketId, req.auth.userId);
      return { Id: ticketId, Message: UNLINKED };
    },
  );

  r.post(
    '/api/ticket/UpdateDetails',
    { config: canEdit, schema: { tags, body: UpdateTicketDetailsInput } },
    async (req) => {
      const tenantId = tenantOf(req);
      const visible = await visibleCompanies(db, req);
      await visibleTicket(db, tenantId, visible, req.body.TicketId);
      await addTicketNote(deps, tenantId, req.body.TicketId, {
        note: req.body.Note,
        close: req.body.Close ?? false,
        userId: req.auth.userId,
      });
      return { ...(await ticketById(db, tenantId, visible, req.body.TicketId)), Message: NOTE_ADDED };
    },
  );

  r.post(
    '/api/ticket/CreateForPolicy/:id',
    { config: canEdit, schema: { tags, params: IdParam, body: CreateForPolicyInput } },
    async (req) => {
      const tenantId = tenantOf(req);
      const visible = await visibleCompanies(db, req);
      await visibleBackup(db, tenantId, visible, req.params.id);
      const id = await createManualTicket(deps, tenantId, req.params.id, {
        profileId: req.body.ProfileId,
        subject: req.body.Subject ?? null,
        description: req.body.Description ?? null,
        userId: req.auth.userId,
      });
      return ticketById(db, tenantId, visible, id);
    },
  );
}
