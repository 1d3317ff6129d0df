import type { CompanyRules, CompanyRulesTestAnswer, RuleSet } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { readRules, rulesSql } from '../../matching/rules.ts';
import { ownCompany, saveRules, toMatched, type BackupDbRow } from './rows.ts';
import type { Viewer } from './types.ts';

/** A company's matching rules: read, saved, and tried against the backups. */

export async function companyRules(database: Database, v: Viewer, id: number): Promise<CompanyRules> {
  const run: QueryFn = (text, params) => database.query(text, params);
  await ownCompany(run, v, id);
  const r = await run<{ rules: unknown }>('SELECT rules FROM company_rules WHERE company_id = $1', [id]);
  return { CompanyId: id, Rules: readRules(r.rows[0]?.rules) };
}

export async function setCompanyRules(
  database: Database,
  actor: Actor,
  v: Viewer,
  id: number,
  rules: RuleSet,
): Promise<CompanyRules> {
  // Groups without conditions mean nothing; they are not kept.
  const clean: RuleSet = { Groups: rules.Groups.filter((g) => g.Conditions.length) };
  await database.transaction(async (q) => {
    const c = await ownCompany(q, v, id, true);
    const old = await q<{ rules: unknown }>('SELECT rules FROM company_rules WHERE company_id = $1', [id]);
    await saveRules(q, v.tenantId, id, clean);
    await logActivity(q, actor, {
      action: 'Company rules changed',
      entityType: 'Company',
      entityId: id,
      entityName: c.name,
      before: readRules(old.rows[0]?.rules),
      after: clean,
    });
  });
  return { CompanyId: id, Rules: clean };
}

/** The backups a rule set matches (any state but retired), first `size` and how many. */
export async function testRules(
  database: Database,
  v: Viewer,
  rules: RuleSet,
  size: number,
): Promise<CompanyRulesTestAnswer> {
  const run: QueryFn = (text, params) => database.query(text, params);
  const params: unknown[] = [v.tenantId];
  const cond = rulesSql(rules, params);
  let vis = '';
  if (v.visible) {
    params.push(v.visible);
    vis = ` AND b.company_id = ANY($${params.length}::int[])`;
  }
  params.push(size);
  const r = await run<BackupDbRow & { total: number }>(
    `SELECT b.id, c.name AS company_name, b.device_name, b.job_name, b.vendor,
            COALESCE(b.vendor_client_id, b.client_tag) AS client_id, b.state, count(*) OVER ()::int AS total
       FROM backups b LEFT JOIN companies c ON c.id = b.company_id
      WHERE b.tenant_id = $1 AND b.state <> 'Retired' AND ${cond}${vis}
      ORDER BY lower(b.device_name), lower(b.job_name), b.id
      LIMIT $${params.length}`,
    params,
  );
  return { Total: Number(r.rows[0]?.total ?? 0), Backups: r.rows.map((b) => toMatched(b)) };
}
