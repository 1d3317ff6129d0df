// A backup's tickets as the Audit ticketing popup lists them.
import { type PolicyTickets, type PolicyTicketsQuery } from '@vigil/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { dayWindow } from '../../status/index.ts';
import { tenantClock } from '../audit/common.ts';
import { TICKET_COLUMNS, toPolicyTicket, visibleBackup, type TicketDbRow } from './ticket-rows.ts';

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
