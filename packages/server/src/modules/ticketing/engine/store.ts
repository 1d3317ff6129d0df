import type { QueryFn } from '../../../db/client.ts';

export type OutboxAction = 'create' | 'note' | 'close';

/** What an outbox row carries: the texts as they were when the change was decided. */
export interface OutboxPayload {
  /** create: the ticket's subject and body; note and close: the note. */
  subject?: string;
  text: string;
  /** Webhook event name and the backups the change is about. */
  event?: 'ticket.opened' | 'ticket.noted' | 'ticket.closed';
  backupIds?: number[];
}

/** Queues an action; false when the same (ticket, action, dedupe) is already queued or done. */
export async function queueAction(
  q: QueryFn,
  tenantId: number,
  ticketId: number,
  action: OutboxAction,
  dedupe: string,
  payload: OutboxPayload,
): Promise<boolean> {
  const r = await q(
    `INSERT INTO ticket_outbox (tenant_id, ticket_id, action, dedupe, payload) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (ticket_id, action, dedupe) DO NOTHING RETURNING id`,
    [tenantId, ticketId, action, dedupe, JSON.stringify(payload)],
  );
  return r.rows.length > 0;
}

export async function addEvent(
  q: QueryFn,
  tenantId: number,
  ticketId: number,
  kind: 'created' | 'note' | 'closed' | 'reopened' | 'linked' | 'unlinked' | 'error' | 'delivered',
  text: string,
  userId: number | null = null,
): Promise<void> {
  await q('INSERT INTO ticket_events (ticket_id, tenant_id, kind, text, user_id) VALUES ($1, $2, $3, $4, $5)', [
    ticketId,
    tenantId,
    kind,
    text,
    userId,
  ]);
}

export async function linkBackups(q: QueryFn, tenantId: number, ticketId: number, backupIds: number[]): Promise<void> {
  if (!backupIds.length) return;
  await q(
    `INSERT INTO ticket_backups (ticket_id, backup_id, tenant_id) SELECT $1, x, $2 FROM unnest($3::int[]) AS x
     ON CONFLICT (ticket_id, backup_id) DO UPDATE SET unlinked_at = NULL, created_at = now()
       WHERE ticket_backups.unlinked_at IS NOT NULL`,
    [ticketId, tenantId, backupIds],
  );
}

/** Ends a live ticket in Vigil (Closed or Unlinked); false when it was not live any more. */
export async function endTicket(
  q: QueryFn,
  ticketId: number,
  state: 'Closed' | 'Unlinked',
  lastNotedDay?: string | null,
): Promise<boolean> {
  const r = await q(
    `UPDATE tickets SET state = $2, closed_at = now(), updated_at = now(),
            last_noted_day = COALESCE($3, last_noted_day)
      WHERE id = $1 AND state IN ('Pending', 'Open') RETURNING id`,
    [ticketId, state, lastNotedDay ?? null],
  );
  return r.rows.length > 0;
}

/** A ticket ended in Vigil only: a create that never reached its target is not sent any more. */
export async function dropUndelivered(q: QueryFn, ticketId: number): Promise<void> {
  await q(
    `UPDATE ticket_outbox SET state = 'failed', last_error = 'Ended in Vigil before it was delivered'
      WHERE ticket_id = $1 AND action = 'create' AND state = 'queued' AND attempts = 0`,
    [ticketId],
  );
}

/** Interprets a JSON settings value as a string id for the PSA (numbers and text both occur). */
export function idText(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim()) return v.trim();
  return null;
}
