import type { RuleSet, TemplateBackup, TemplateTestAnswer } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { rulesSql } from '../../matching/rules.ts';
import { NO_COMPANY, visibilitySql } from '../audit/common.ts';
import { checkCompanies, loadTemplate, queryOf } from './rows.ts';

/** Matches listed by a test or a preview; the counts are always complete. */
export const PREVIEW_LIMIT = 500;

/** What a template's rules and companies match. */

export /** A backup a template matches, as the screens list it. */
interface MatchDbRow {
  id: number;
  device_name: string;
  job_name: string;
  vendor: string;
  backup_type: string;
  company_id: number | null;
  company_name: string | null;
  state: string;
  template_id: number | null;
  template_name: string | null;
}

export const MATCH_COLUMNS = `b.id, b.device_name, b.job_name, b.vendor, b.backup_type, b.company_id, c.name AS company_name,
  b.state, b.template_id, tt.name AS template_name`;

export const MATCH_FROM = `FROM backups b
  LEFT JOIN companies c ON c.id = b.company_id
  LEFT JOIN templates tt ON tt.id = b.template_id`;

export function toBackup(r: MatchDbRow): TemplateBackup {
  return {
    Id: r.id,
    DeviceName: r.device_name,
    JobName: r.job_name,
    Vendor: r.vendor,
    BackupType: r.backup_type,
    CompanyId: r.company_id,
    CompanyName: r.company_name ?? NO_COMPANY,
    State: r.state,
    TemplateId: r.template_id,
    TemplateName: r.template_name,
  };
}

/**
 * The condition (backups `b`) for what a template's rules and companies match: the tenant's
 * Inactive and Active backups (retired ones are left alone) the caller may see.
 */
export function matchSql(
  tenantId: number,
  rules: RuleSet,
  companyIds: number[],
  visible: number[] | null,
  params: unknown[],
): string {
  params.push(tenantId);
  const parts = [`b.tenant_id = $${params.length}`, `b.state IN ('Inactive', 'Active')`, rulesSql(rules, params)];
  if (companyIds.length) {
    params.push(companyIds);
    parts.push(`b.company_id = ANY($${params.length}::int[])`);
  }
  parts.push(visibilitySql(visible, params));
  return parts.join(' AND ');
}

export async function linkedBackups(
  database: Database,
  tenantId: number,
  id: number,
  visible: number[] | null,
): Promise<TemplateBackup[]> {
  await loadTemplate(queryOf(database), tenantId, id);
  const params: unknown[] = [tenantId, id];
  const r = await database.query<MatchDbRow>(
    `SELECT ${MATCH_COLUMNS} ${MATCH_FROM}
      WHERE b.tenant_id = $1 AND b.template_id = $2 AND ${visibilitySql(visible, params)}
      ORDER BY lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  return r.rows.map(toBackup);
}

/** What some rules would match, without saving anything. */
export async function testRules(
  database: Database,
  tenantId: number,
  rules: RuleSet,
  companyIds: number[],
  visible: number[] | null,
): Promise<TemplateTestAnswer> {
  await checkCompanies(queryOf(database), tenantId, companyIds);
  const params: unknown[] = [];
  const where = matchSql(tenantId, rules, companyIds, visible, params);
  const r = await database.query<MatchDbRow & { total: number }>(
    `SELECT ${MATCH_COLUMNS}, count(*) OVER ()::int AS total ${MATCH_FROM} WHERE ${where}
      ORDER BY lower(b.device_name), lower(b.job_name), b.id LIMIT ${PREVIEW_LIMIT}`,
    params,
  );
  return { Backups: r.rows.map(toBackup), Total: r.rows[0]?.total ?? 0 };
}
