// A backup's tickets and links, and one ticket's details.
import { PolicyTicketsQuery } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { linkExistingTicket } from './engine/index.ts';
import { linkedTo, openTicketsOf, policyTickets, ticketById, ticketDetails } from './policy-tickets.ts';
import { visibleBackup } from './ticket-rows.ts';
import { tags, canView, canEdit, DetailsQuery, LinkQuery, PolicyQuery } from './policy-route-access.ts';

export function policyTicketReadRoutes(app: App, deps: Deps): void {
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
}
