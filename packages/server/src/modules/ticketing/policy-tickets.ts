import {
  NotificationKind,
  type PolicyTicket,
  type PolicyTickets,
  type PolicyTicketsQuery,
  type TicketDetails,
  type TicketEvent,
} from '@vigil/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { dayWindow } from '../../status/index.ts';
import { tenantClock, userNameSql } from '../audit/common.ts';
import { psaForTenant } from '../integrations/service.ts';
import {
  LIVE_STATES,
  TICKET_COLUMNS,
  toPolicyTicket,
  visibleBackup,
  visibleTicket,
  type TicketDbRow,
} from './ticket-rows.ts';

/**
 * A backup's tickets (the Audit ticketing popup): the ones linked to it now, newest first,
 * optionally only those open on a day; their timelines; and what the PSA says about them.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const BAD_DATE = 'Date must be a day (YYYY-MM-DD)';

export async function policyTickets(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  query: z.infer<typeof PolicyTicketsQuery>,
): Promise<PolicyTickets> {
  const backup = await visibleBackup(database, tenantId, visible, query.PolicyId);
  const params: unknown[] = [tenantId, backup.id];
  const where = ['t.tenant_id = $1', 'tb.backup_id = $2', 'tb.unlinked_at IS NULL'];
  if (query.Date) {
    if (!DAY.test(query.Date) || Number.isNaN(Date.parse(`${query.Date}T00:00:00Z`)))
      throw badRequest(BAD_DATE, 'Date');
    // Open at some moment of the backup's business day in the tenant's zone.
    const { timeZone } = await tenantClock(database, tenantId);
    const { opensAt, closesAt } = dayWindow(query.Date, timeZone, backup.day_start_hour);
    params.push(closesAt.toISOString(), opensAt.toISOString());
    where.push(
      `t.created_at < $${params.length - 1}::timestamptz`,
      `(t.closed_at IS NULL OR t.closed_at >= $${params.length}::timestamptz)`,
    );
  }
  params.push(query.Size, (query.Page - 1) * query.Size);
  const r = await database.query<TicketDbRow & { total: string | number }>(
    `SELECT ${TICKET_COLUMNS}, count(*) OVER () AS total
       FROM tickets t JOIN ticket_backups tb ON tb.ticket_id = t.id
      WHERE ${where.join(' AND ')}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = Number(r.rows[0]?.total ?? 0);
  if (!r.rows.length && query.Page > 1) {
    const c = await database.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM tickets t JOIN ticket_backups tb ON tb.ticket_id = t.id WHERE ${where.join(' AND ')}`,
      params.slice(0, -2),
    );
    total = Number(c.rows[0].n);
  }
  return { Tickets: r.rows.map(toPolicyTicket), TicketsCount: total };
}

/** The backup's live (Pending or Open) tickets. */
export async function openTicketsOf(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  backupId: number,
): Promise<PolicyTicket[]> {
  await visibleBackup(database, tenantId, visible, backupId);
  const r = await database.query<TicketDbRow>(
    `SELECT ${TICKET_COLUMNS} FROM tickets t JOIN ticket_backups tb ON tb.ticket_id = t.id
      WHERE t.tenant_id = $1 AND tb.backup_id = $2 AND tb.unlinked_at IS NULL AND t.state IN ${LIVE_STATES}
      ORDER BY t.created_at DESC, t.id DESC`,
    [tenantId, backupId],
  );
  return r.rows.map(toPolicyTicket);
}

/** A live ticket of the backup that already points at this PSA ticket (linking twice is a no-op). */
export async function linkedTo(
  database: Database,
  tenantId: number,
  backupId: number,
  externalId: string,
): Promise<number | null> {
  const r = await database.query<{ id: number }>(
    `SELECT t.id FROM tickets t JOIN ticket_backups tb ON tb.ticket_id = t.id
      WHERE t.tenant_id = $1 AND tb.backup_id = $2 AND tb.unlinked_at IS NULL AND t.external_id = $3
        AND t.kind = $4 AND t.state IN ${LIVE_STATES}
      ORDER BY t.id DESC LIMIT 1`,
    [tenantId, backupId, externalId, NotificationKind.PSA],
  );
  return r.rows[0]?.id ?? null;
}

export async function ticketById(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  ticketId: number,
): Promise<PolicyTicket> {
  return toPolicyTicket(await visibleTicket(database, tenantId, visible, ticketId));
}

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
