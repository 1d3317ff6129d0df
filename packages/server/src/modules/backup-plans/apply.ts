import type { BackupPlanApplyAnswer } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { notFound } from '../../platform/errors.ts';
import { visibilitySql } from '../audit/common.ts';
import { loadPlans, winnerSql } from './rows.ts';

/** Which plan governs which backup: applying the plans, and the backups some rules match. */

/**
 * Applies plans: every matching non-retired backup gets the settings of its winning plan (the
 * first enabled match). Without override, a backup another plan already governs keeps that
 * plan; with it, every match is re-applied. `ids` limits the write to backups whose winner is
 * one of them.
 */
export async function applyPlans(
  deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>,
  actor: Actor,
  ids: number[] | undefined,
  override: boolean,
  visible: number[] | null,
): Promise<BackupPlanApplyAnswer> {
  const result = await deps.database.transaction(async (q) => {
    const plans = await loadPlans(q, actor.tenantId, true);
    const wanted = ids ? new Set(ids) : null;
    if (wanted) for (const id of wanted) if (!plans.some((p) => p.id === id)) throw notFound();
    const params: unknown[] = [actor.tenantId];
    const winner = winnerSql(plans, params);
    const rows = await q<{ id: number; current: number | null; winner: number }>(
      `SELECT id, current, winner FROM (
         SELECT b.id, b.backup_plan_id AS current, ${winner} AS winner FROM backups b
          WHERE b.tenant_id = $1 AND b.state IN ('Inactive', 'Active') AND ${visibilitySql(visible, params)}
       ) x WHERE winner IS NOT NULL ORDER BY id`,
      params,
    );
    const byPlan = new Map<number, number[]>();
    let kept = 0;
    for (const r of rows.rows) {
      if (wanted && !wanted.has(r.winner)) continue;
      if (!override && r.current !== null && r.current !== r.winner) {
        kept += 1;
        continue;
      }
      byPlan.set(r.winner, [...(byPlan.get(r.winner) ?? []), r.id]);
    }
    const answer: BackupPlanApplyAnswer['Plans'] = [];
    const reroll: number[] = [];
    for (const p of plans) {
      const list = byPlan.get(p.id);
      if (!list) continue;
      // The plan's tags replace the tags any plan gave these backups before.
      await q('DELETE FROM backup_tags WHERE tenant_id = $1 AND backup_id = ANY($2::int[]) AND plan_id IS NOT NULL', [
        actor.tenantId,
        list,
      ]);
      const w = await writeBackupSettings(q, actor.tenantId, list, p.settings, {
        backupPlanId: p.id,
        companySource: 'plan',
        tags: 'add',
      });
      reroll.push(...w.reroll);
      answer.push({ Id: p.id, Name: p.name, Applied: w.ids.length });
      await logActivity(q, actor, {
        action: 'Backup plan applied',
        entityType: 'BackupPlan',
        entityId: p.id,
        entityName: p.name,
        after: { Backups: w.ids.length, Override: override },
      });
    }
    return { answer, kept, reroll };
  });
  const how = await queueReroll(deps, result.reroll);
  return {
    Plans: result.answer,
    Applied: result.answer.reduce((n, p) => n + p.Applied, 0),
    Kept: result.kept,
    Reroll: how,
  };
}

export { planBackups } from './plan-backups.ts';
