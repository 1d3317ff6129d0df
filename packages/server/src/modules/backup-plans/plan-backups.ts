// The backups some rules, or a saved plan's rules, match.
import type { BackupPlanBackup, Paged, RuleSet } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { rulesSql } from '../../matching/rules.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { NO_COMPANY, visibilitySql } from '../audit/common.ts';
import { loadPlans, queryOf, winnerSql } from './rows.ts';

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
