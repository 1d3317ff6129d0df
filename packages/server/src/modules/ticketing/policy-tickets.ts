import { NotificationKind, type TicketDetails, type TicketEvent } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { userNameSql } from '../audit/common.ts';
import { psaForTenant } from '../integrations/service.ts';
import { toPolicyTicket, visibleTicket } from './ticket-rows.ts';

/**
 * A backup's tickets (the Audit ticketing popup): the ones linked to it now, newest first,
 * optionally only those open on a day; their timelines; and what the PSA says about them.
 */

/**
 * One ticket with its timeline and, for a PSA ticket, the PSA's own view fetched now. A PSA
 * that cannot be reached leaves `Psa` null: the popup still shows what Vigil knows.
 */
export async function ticketDetails(
  deps: Deps,
  tenantId: number,
  visible: number[] | null,
  ticketId: number,
): Promise<TicketDetails> {
  const row = await visibleTicket(deps.database, tenantId, visible, ticketId);
  const events = await deps.database.query<{ at: Date | string; kind: string; text: string; user_name: string | null }>(
    `SELECT e.created_at AS at, e.kind, e.text, ${userNameSql('u')} AS user_name
       FROM ticket_events e LEFT JOIN users u ON u.id = e.user_id
      WHERE e.ticket_id = $1 AND e.tenant_id = $2 ORDER BY e.id`,
    [ticketId, tenantId],
  );
  return {
    ...toPolicyTicket(row),
    Events: events.rows.map((e): TicketEvent => ({
      At: new Date(e.at).toISOString(),
      Kind: e.kind as TicketEvent['Kind'],
      Text: e.text,
      UserName: e.user_name,
    })),
    Psa: row.kind === NotificationKind.PSA && row.external_id ? await psaView(deps, tenantId, row.external_id) : null,
  };
}

async function psaView(deps: Deps, tenantId: number, externalId: string): Promise<TicketDetails['Psa']> {
  try {
    const psa = await psaForTenant(deps, tenantId);
    if (!psa) return null;
    try {
      const t = await psa.client.getTicket(externalId);
      if (!t) return null;
      return {
        StatusName: t.statusName,
        Closed: t.closed,
        CompanyName: t.companyName,
        Notes: t.notes.map((n) => ({ At: n.at, Text: n.text, Author: n.author })),
      };
    } finally {
      await psa.flush();
    }
  } catch {
    return null;
  }
}

export { BAD_DATE, policyTickets } from './policy-ticket-list.ts';
export { openTicketsOf, linkedTo, ticketById } from './ticket-lookup.ts';
