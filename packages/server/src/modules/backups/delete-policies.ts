// Delete backups and their results (features §4.7).
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { visibilitySql } from '../audit/common.ts';
import { endTicketsForBackups } from '../ticketing/engine/index.ts';
import { type OperationOutcome, entityName, lockOwned, settingsView } from './operation-context.ts';

/**
 * Delete: the backup and its results go. If e-mails for it keep arriving it is discovered
 * again as a new inactive backup. Linked PSA tickets are unlinked, or closed with ClosePsaTicket.
 */
export async function deletePolicies(
  ctx: Deps,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
  closePsaTicket: boolean,
): Promise<OperationOutcome> {
  // Tickets end while their links to the backups exist (the links go with the backups), and
  // only when every id may be deleted: otherwise the delete below answers 404.
  const params: unknown[] = [actor.tenantId, [...new Set(ids)]];
  const owned = await ctx.database.query<{ id: number }>(
    `SELECT b.id FROM backups b WHERE b.tenant_id = $1 AND b.id = ANY($2::int[]) AND b.state <> 'Merged'
        AND ${visibilitySql(visible, params)}`,
    params,
  );
  if (owned.rows.length === new Set(ids).size)
    await endTicketsForBackups(ctx, actor.tenantId, [...new Set(ids)], closePsaTicket, actor.userId);
  const done = await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, ids, ['Inactive', 'Active', 'Retired'], visible);
    const list = rows.map((r) => r.PolicyId);
    // Backups merged into these go with them.
    await q(`DELETE FROM backups WHERE parent_id = ANY($1::int[]) AND state = 'Merged'`, [list]);
    await q('DELETE FROM backups WHERE id = ANY($1::int[])', [list]);
    await logActivity(
      q,
      actor,
      rows.map((r) => ({
        action: 'Backup deleted' as const,
        entityType: 'Backup' as const,
        entityId: r.PolicyId,
        entityName: entityName(r),
        before: { ...settingsView(r), Results: r.ResultCount },
        after: { ClosePsaTicket: closePsaTicket },
      })),
    );
    return list;
  });
  return { ids: done, queued: false };
}
