// Retire and reactivate backups (features §4.7).
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { endTicketsForBackups } from '../ticketing/engine/index.ts';
import { type Ctx, type OperationOutcome, entityName, lockOwned } from './operation-context.ts';

/** Retire: the backup keeps its history and stops counting (leaves Audit and the counts). */
export async function retirePolicies(
  ctx: Deps,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
  closePsaTicket: boolean,
): Promise<OperationOutcome> {
  const done = await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, ids, ['Inactive', 'Active'], visible, false);
    const list = rows.map((r) => r.PolicyId);
    await q(`UPDATE backups SET state = 'Retired', retired_at = now() WHERE id = ANY($1::int[])`, [list]);
    await logActivity(
      q,
      actor,
      rows.map((r) => ({
        action: 'Backup retired' as const,
        entityType: 'Backup' as const,
        entityId: r.PolicyId,
        entityName: entityName(r),
        before: { State: r.State },
        after: { State: 'Retired', ClosePsaTicket: closePsaTicket },
      })),
    );
    return list;
  });
  await endTicketsForBackups(ctx, actor.tenantId, done, closePsaTicket, actor.userId);
  return { ids: done, queued: false };
}

/**
 * Reactivate a retired backup: back to Active when it had been activated before (its history
 * is re-rolled, results that arrived meanwhile count), else back to Inactive.
 */
export async function reactivatePolicies(
  ctx: Ctx,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
): Promise<OperationOutcome> {
  const done = await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, ids, ['Retired'], visible, false);
    const r = await q<{ id: number; state: string }>(
      `UPDATE backups SET state = CASE WHEN activated_at IS NULL THEN 'Inactive' ELSE 'Active' END, retired_at = NULL
        WHERE id = ANY($1::int[]) RETURNING id, state`,
      [rows.map((x) => x.PolicyId)],
    );
    const states = new Map(r.rows.map((x) => [x.id, x.state]));
    await logActivity(
      q,
      actor,
      rows.map((x) => ({
        action: 'Backup reactivated' as const,
        entityType: 'Backup' as const,
        entityId: x.PolicyId,
        entityName: entityName(x),
        before: { State: 'Retired' },
        after: { State: states.get(x.PolicyId) },
      })),
    );
    return r.rows.filter((x) => x.state === 'Active').map((x) => x.id);
  });
  const mode = await queueReroll(ctx, done);
  return { ids: ids, queued: mode === 'queued' };
}
