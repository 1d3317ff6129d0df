// A backup's live tickets, the one linked to a target, and a ticket by id.
import { NotificationKind, type PolicyTicket } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import {
  LIVE_STATES,
  TICKET_COLUMNS,
  toPolicyTicket,
  visibleBackup,
  visibleTicket,
  type TicketDbRow,
} from './ticket-rows.ts';

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
