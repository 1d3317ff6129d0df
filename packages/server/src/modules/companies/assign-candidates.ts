// Which backups company assignment considers, and the companies with rules.
import type { QueryFn } from '../../db/client.ts';
import { readRules } from '../../matching/rules.ts';

/**
 * Putting backups under companies by themselves: company assignment rules (company_rules) and
 * client-id mappings (client_mappings, plus client ids that equal a company's name or code).
 * Everything here is set-based SQL, so re-applying every rule of a tenant to thousands of
 * backups is one statement.
 *
 * Which backups are candidates:
 * - 'unassigned': backups without a company that are Inactive or Active (what a user applies
 *   from the "Apply companies" preview);
 * - 'inactive': Inactive backups without a company (what happens by itself: new backups from
 *   the intake and the scheduled re-apply), so a backup already being monitored never changes
 *   company without a user asking.
 * A backup claimed by more than one company is skipped (a conflict) and stays unassigned.
 */
export type Scope = 'unassigned' | 'inactive';

export interface MatchOptions {
  tenantId: number;
  scope: Scope;
  /** Only these backups (new backups from the intake). */
  backupIds?: number[];
  /** Only these companies' rules and mappings take part (a company-restricted user's companies). */
  companyIds?: number[] | null;
  /**
   * Only these companies receive backups (a partial apply). Every company's rules still take
   * part, so a backup another company also claims stays a conflict.
   */
  assignOnly?: number[] | null;
}

export const push = (params: unknown[], v: unknown) => {
  params.push(v);
  return `$${params.length}`;
};

/** Candidate backups (aliased `b`); the tenant is `$1`. */
export function candidateSql(opts: MatchOptions, params: unknown[]): string {
  const states = opts.scope === 'inactive' ? `('Inactive')` : `('Inactive', 'Active')`;
  let s = `b.tenant_id = $1 AND b.company_id IS NULL AND b.state IN ${states}`;
  if (opts.backupIds) s += ` AND b.id = ANY(${push(params, opts.backupIds)}::int[])`;
  return s;
}

/** The companies of a tenant with rules, and their rule sets. */
export async function loadCompanyRules(
  q: QueryFn,
  tenantId: number,
  companyIds?: number[] | null,
): Promise<{ companyId: number; name: string; rules: ReturnType<typeof readRules> }[]> {
  const params: unknown[] = [tenantId];
  const only = companyIds ? ` AND c.id = ANY(${push(params, companyIds)}::int[])` : '';
  const r = await q<{ company_id: number; name: string; rules: unknown }>(
    `SELECT r.company_id, c.name, r.rules FROM company_rules r JOIN companies c ON c.id = r.company_id
      WHERE r.tenant_id = $1 AND c.tenant_id = $1${only} ORDER BY r.company_id`,
    params,
  );
  return r.rows
    .map((x) => ({ companyId: x.company_id, name: x.name, rules: readRules(x.rules) }))
    .filter((x) => x.rules.Groups.some((g) => g.Conditions.length));
}
