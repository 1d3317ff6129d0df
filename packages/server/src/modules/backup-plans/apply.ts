import type { BackupPlanApplyAnswer, BackupPlanBackup, Paged, RuleSet } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { rulesSql } from '../../matching/rules.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { NO_COMPANY, visibilitySql } from '../audit/common.ts';
import { loadPlans, queryOf, winnerSql } from './rows.ts';

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

/** The backups some rules (or a saved plan's) match, with the plan governing each and its tags. */
export async function planBackups(
  database: Database,
  tenantId: number,
  input: { Rules?: RuleSet; Id?: number; Page: number; Size: number },
  visible: number[] | null,
): Promise<Paged<BackupPlanBackup>> {
  const plans = await loadPlans(queryOf(database), tenantId);
  let rules = input.Rules;
  if (!rules) {
    if (!input.Id) throw badRequest('Give Rules or a plan Id', 'Rules');
    const p = plans.find((x) => x.id === input.Id);
    if (!p) throw notFound();
    rules = p.rules;
  }
  const params: unknown[] = [tenantId];
  const winner = winnerSql(plans, params);
  const match = rulesSql(rules, params);
  const vis = visibilitySql(visible, params);
  params.push(input.Size, (input.Page - 1) * input.Size);
  const r = await database.query<{
    id: number;
    device_name: string;
    job_name: string;
    vendor: string;
    company_name: string | null;
    state: string;
    backup_plan_id: number | null;
    plan_name: string | null;
    winner: number | null;
    tags: { Value: string; PlanId: number | null; PlanName: string | null }[] | null;
    total: number;
  }>(
    `SELECT b.id, b.device_name, b.job_name, b.vendor, c.name AS company_name, b.state, b.backup_plan_id,
            bp.name AS plan_name, ${winner} AS winner, count(*) OVER ()::int AS total,
            (SELECT json_agg(json_build_object('Value', t.tag, 'PlanId', t.plan_id, 'PlanName', tp.name) ORDER BY t.tag)
               FROM backup_tags t LEFT JOIN backup_plans tp ON tp.id = t.plan_id WHERE t.backup_id = b.id) AS tags
       FROM backups b
       LEFT JOIN companies c ON c.id = b.company_id
       LEFT JOIN backup_plans bp ON bp.id = b.backup_plan_id
      WHERE b.tenant_id = $1 AND b.state IN ('Inactive', 'Active') AND ${match} AND ${vis}
      ORDER BY lower(b.device_name), lower(b.job_name), b.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const names = new Map(plans.map((p) => [p.id, p.name]));
  const total = r.rows[0]?.total ?? 0;
  return {
    Results: r.rows.map((x) => ({
      Id: x.id,
      DeviceName: x.device_name,
      JobName: x.job_name,
      Vendor: x.vendor,
      CompanyName: x.company_name ?? NO_COMPANY,
      State: x.state,
      BackupPlanId: x.backup_plan_id,
      BackupPlanName: x.plan_name,
      WinningPlanId: x.winner,
      WinningPlanName: x.winner === null ? null : (names.get(x.winner) ?? null),
      Tags: x.tags ?? [],
    })),
    Page: input.Page,
    PageSize: input.Size,
    Total: total,
    TotalPages: Math.ceil(total / input.Size),
  };
}
