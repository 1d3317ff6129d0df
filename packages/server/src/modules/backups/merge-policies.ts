// Merge one backup into another: results, tags, marks and suppressed days move (features §4.7).
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { badRequest } from '../../platform/errors.ts';
import { type Ctx, type OperationOutcome, entityName, lockOwned } from './operation-context.ts';

/**
 * Merge: the source's results, tags, marks and suppressed days join the target; the source
 * stays behind as a 'Merged' row pointing at the target, so e-mails still arriving under the
 * source's name are filed to the target. The target's history is re-rolled.
 */
export async function mergePolicies(
  ctx: Ctx,
  actor: Actor,
  visible: number[] | null,
  sourceId: number,
  targetId: number,
): Promise<OperationOutcome> {
  if (sourceId === targetId) throw badRequest('A backup cannot be merged into itself', 'TargetPolicyId');
  await ctx.database.transaction(async (q) => {
    const rows = await lockOwned(q, actor, [sourceId, targetId], ['Inactive', 'Active', 'Retired'], visible);
    const source = rows.find((r) => r.PolicyId === sourceId)!;
    const target = rows.find((r) => r.PolicyId === targetId)!;
    await q('UPDATE results SET backup_id = $2, business_day = NULL WHERE backup_id = $1', [sourceId, targetId]);
    await q(
      `INSERT INTO backup_tags (tenant_id, backup_id, tag, plan_id)
       SELECT tenant_id, $2, tag, plan_id FROM backup_tags WHERE backup_id = $1 ON CONFLICT DO NOTHING`,
      [sourceId, targetId],
    );
    await q(
      `UPDATE audit_actions a SET backup_id = $2 WHERE a.backup_id = $1
          AND NOT EXISTS (SELECT 1 FROM audit_actions x WHERE x.backup_id = $2 AND x.day = a.day AND x.kind = a.kind)`,
      [sourceId, targetId],
    );
    await q(
      `UPDATE suppressed_days a SET backup_id = $2 WHERE a.backup_id = $1
          AND NOT EXISTS (SELECT 1 FROM suppressed_days x WHERE x.backup_id = $2 AND x.day = a.day)`,
      [sourceId, targetId],
    );
    await q('DELETE FROM backup_days WHERE backup_id = $1', [sourceId]);
    // Earlier merges into the source now point at the target.
    await q(`UPDATE backups SET parent_id = $2 WHERE parent_id = $1 AND state = 'Merged'`, [sourceId, targetId]);
    await q(
      `UPDATE backups SET state = 'Merged', parent_id = $2, retired_at = now(), current_status = 0, status_since = NULL,
              last_success_day = NULL, last_success_at = NULL, rolled_to = NULL WHERE id = $1`,
      [sourceId, targetId],
    );
    await q(
      `UPDATE backups t SET last_email_at = GREATEST(t.last_email_at, s.last_email_at),
              last_result_at = GREATEST(t.last_result_at, s.last_result_at)
         FROM backups s WHERE t.id = $2 AND s.id = $1`,
      [sourceId, targetId],
    );
    await logActivity(q, actor, {
      action: 'Backups merged',
      entityType: 'Backup',
      entityId: targetId,
      entityName: entityName(target),
      before: { Source: { PolicyId: sourceId, Name: entityName(source), Results: source.ResultCount } },
      after: {
        Target: { PolicyId: targetId, Name: entityName(target), Results: target.ResultCount + source.ResultCount },
      },
    });
  });
  const mode = await queueReroll(ctx, [targetId]);
  return { ids: [sourceId, targetId], queued: mode === 'queued' };
}
