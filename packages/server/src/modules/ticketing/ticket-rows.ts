import type { NotificationKindValue, PolicyTicket, TicketState } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { requireVisible, visibleSql } from '../audit/scope.ts';

/**
 * Reading tickets the way a user may see them. A backup outside the caller's companies, or a
 * ticket none of whose backups the caller can see, is simply not there (404).
 */

export interface TicketDbRow {
  id: number;
  subject: string;
  state: string;
  kind: number;
  manual: boolean;
  external_id: string | null;
  external_number: string | null;
  external_url: string | null;
  opened_at: Date | string;
  closed_at: Date | string | null;
}

export const TICKET_COLUMNS = `t.id, t.subject, t.state, t.kind, t.manual, t.external_id, t.external_number,
  t.external_url, t.created_at AS opened_at, t.closed_at`;

export const LIVE_STATES = `('Pending', 'Open')`;

export function toPolicyTicket(r: TicketDbRow): PolicyTicket {
  return {
    Id: r.id,
    Subject: r.subject,
    State: r.state as TicketState,
    Kind: r.kind as NotificationKindValue,
    ExternalId: r.external_id,
    ExternalNumber: r.external_number,
    ExternalUrl: r.external_url,
    OpenedAt: new Date(r.opened_at).toISOString(),
    ClosedAt: r.closed_at === null ? null : new Date(r.closed_at).toISOString(),
    Manual: r.manual,
  };
}

/** The backup (any state) when the caller may see it; 404 otherwise. */
export async function visibleBackup(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  backupId: number,
): Promise<{ id: number; day_start_hour: number }> {
  await requireVisible(database, { tenantId, visible }, 'backup', [backupId]);
  const r = await database.query<{ id: number; day_start_hour: number }>(
    `SELECT b.id, b.day_start_hour FROM backups b WHERE b.tenant_id = $1 AND b.id = $2 AND b.state <> 'Merged'`,
    [tenantId, backupId],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/**
 * SQL (on tickets aliased `t`): the caller sees one of the backups the ticket is linked to now;
 * a ticket linked to none any more (unlinked, its backups removed) goes by its past links.
 */
export function ticketVisibleSql(visible: number[] | null, params: unknown[]): string {
  return visibleSql('ticket', visible, params);
}

export async function visibleTicket(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  ticketId: number,
): Promise<TicketDbRow> {
  const params: unknown[] = [tenantId, ticketId];
  const r = await database.query<TicketDbRow>(
    `SELECT ${TICKET_COLUMNS} FROM tickets t
      WHERE t.tenant_id = $1 AND t.id = $2 AND ${ticketVisibleSql(visible, params)}`,
    params,
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}
