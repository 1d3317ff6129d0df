// Unlinking a ticket from a backup, adding a note, and opening a ticket now.
import { CreateForPolicyInput, IdParam, UpdateTicketDetailsInput } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { badRequest } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { addTicketNote, createManualTicket, unlinkTicket } from './engine/index.ts';
import { ticketById } from './policy-tickets.ts';
import { visibleBackup, visibleTicket } from './ticket-rows.ts';
import { tags, canEdit, TicketIdBody, UNLINKED, NOTE_ADDED } from './policy-route-access.ts';

export function policyTicketActionRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const db = deps.database;

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
