import type { Database, QueryFn } from '../../db/client.ts';
import { readRules, rulesSql } from '../../matching/rules.ts';

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

const push = (params: unknown[], v: unknown) => {
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

/**
 * SELECT of (backup_id, company_id): every candidate backup with each company whose rules match
 * it. One pass over the backups; each row is tested against every company's rule set. Null when
 * no company has rules.
 */
export async function ruleMatchSql(q: QueryFn, opts: MatchOptions, params: unknown[]): Promise<string | null> {
  const sets = await loadCompanyRules(q, opts.tenantId, opts.companyIds);
  if (!sets.length) return null;
  const cases = sets.map((s) => `CASE WHEN ${rulesSql(s.rules, params)} THEN ${Number(s.companyId)} END`);
  return `SELECT b.id AS backup_id, x.company_id
            FROM backups b CROSS JOIN LATERAL unnest(ARRAY[${cases.join(', ')}]::int[]) AS x(company_id)
           WHERE ${candidateSql(opts, params)} AND x.company_id IS NOT NULL`;
}

/**
 * SELECT of (backup_id, company_id) from client ids: a saved mapping of the id, else a company
 * whose name or code equals the id (an exact match maps by itself; soft matches wait for a user).
 */
export function mappingMatchSql(opts: MatchOptions, params: unknown[]): string {
  const cand = candidateSql(opts, params);
  const effective = (kind: 'Tag' | 'Vendor', column: string) => `
    SELECT b.id AS backup_id,
           CASE WHEN m.id IS NOT NULL THEN m.company_id ELSE ex.id END AS company_id
      FROM backups b
      LEFT JOIN client_mappings m
        ON m.tenant_id = $1 AND m.kind = '${kind}' AND lower(m.client_id) = lower(btrim(b.${column}))
      LEFT JOIN LATERAL (
        SELECT c.id FROM companies c
         WHERE c.tenant_id = $1
           AND (lower(btrim(c.name)) = lower(btrim(b.${column})) OR lower(btrim(c.code)) = lower(btrim(b.${column})))
         ORDER BY (lower(btrim(c.name)) = lower(btrim(b.${column}))) DESC, c.id LIMIT 1
      ) ex ON m.id IS NULL
     WHERE ${cand} AND btrim(COALESCE(b.${column}, '')) <> ''`;
  const only = opts.companyIds ? ` AND company_id = ANY(${push(params, opts.companyIds)}::int[])` : '';
  return `SELECT backup_id, company_id FROM (${effective('Tag', 'client_tag')}
          UNION ALL ${effective('Vendor', 'vendor_client_id')}) mm WHERE company_id IS NOT NULL${only}`;
}

/**
 * Inside a transaction: no JIT compilation for the rest of it. The planner over-estimates the
 * rule match (a row per backup and company) and would spend longer compiling than running.
 */
export async function noJit(q: QueryFn): Promise<void> {
  await q('SET LOCAL jit = off');
}

export interface AssignOutcome {
  assigned: number;
  conflicts: number;
  /** Backups given per company and how (rule or mapping). */
  perCompany: { companyId: number; source: string; count: number }[];
}

/**
 * Assigns candidate backups in one statement: client-id mappings first (they name one client
 * exactly), then rules for what no mapping claims. Run it inside the caller's transaction.
 */
export async function assignCompanies(
  q: QueryFn,
  opts: MatchOptions,
  use: { rules: boolean; mappings: boolean },
): Promise<AssignOutcome> {
  await noJit(q);
  const params: unknown[] = [opts.tenantId];
  const mm = use.mappings ? mappingMatchSql(opts, params) : null;
  const rm = use.rules ? await ruleMatchSql(q, opts, params) : null;
  if (!mm && !rm) return { assigned: 0, conflicts: 0, perCompany: [] };
  const ctes = [
    `mm AS (${mm ?? 'SELECT NULL::int AS backup_id, NULL::int AS company_id WHERE FALSE'})`,
    `rm AS (${rm ?? 'SELECT NULL::int AS backup_id, NULL::int AS company_id WHERE FALSE'})`,
    `pick AS (
       SELECT backup_id, min(company_id) AS company_id, count(DISTINCT company_id) AS n,
              array_agg(DISTINCT company_id) AS cids, 'mapping' AS src
         FROM mm GROUP BY backup_id
       UNION ALL
       SELECT backup_id, min(company_id), count(DISTINCT company_id), array_agg(DISTINCT company_id), 'rule'
         FROM rm WHERE NOT EXISTS (SELECT 1 FROM mm WHERE mm.backup_id = rm.backup_id) GROUP BY backup_id)`,
    `chosen AS (SELECT * FROM pick${opts.assignOnly ? ` WHERE cids && ${push(params, opts.assignOnly)}::int[]` : ''})`,
    `upd AS (
       UPDATE backups t SET company_id = p.company_id, company_source = p.src
         FROM chosen p
        WHERE t.id = p.backup_id AND p.n = 1 AND t.tenant_id = $1 AND t.company_id IS NULL
        RETURNING t.id, t.company_id, p.src)`,
  ];
  const r = await q<{ company_id: number | null; src: string; n: number }>(
    `WITH ${ctes.join(',\n')}
     SELECT company_id, src, count(*)::int AS n FROM upd GROUP BY company_id, src
     UNION ALL
     SELECT NULL, 'conflict', count(*)::int FROM chosen WHERE n > 1`,
    params,
  );
  const perCompany = r.rows
    .filter((x) => x.company_id !== null)
    .map((x) => ({ companyId: Number(x.company_id), source: x.src, count: Number(x.n) }));
  return {
    assigned: perCompany.reduce((s, x) => s + x.count, 0),
    conflicts: Number(r.rows.find((x) => x.src === 'conflict')?.n ?? 0),
    perCompany,
  };
}

/** Re-applies one tenant's rules and mappings to its Inactive backups without a company. */
export async function reapplyTenant(database: Database, tenantId: number): Promise<AssignOutcome> {
  return database.transaction((q) =>
    assignCompanies(q, { tenantId, scope: 'inactive' }, { rules: true, mappings: true }),
  );
}

/** Every tenant that has company rules or client mappings (the scheduled re-apply). */
export async function reapplyAllTenants(database: Database): Promise<AssignOutcome> {
  const tenants = await database.query<{ tenant_id: number }>(
    `SELECT tenant_id FROM company_rules UNION SELECT tenant_id FROM client_mappings
     UNION SELECT DISTINCT tenant_id FROM backups
      WHERE state = 'Inactive' AND company_id IS NULL AND (client_tag IS NOT NULL OR vendor_client_id IS NOT NULL)`,
  );
  const total: AssignOutcome = { assigned: 0, conflicts: 0, perCompany: [] };
  for (const { tenant_id } of tenants.rows) {
    const o = await reapplyTenant(database, tenant_id);
    total.assigned += o.assigned;
    total.conflicts += o.conflicts;
    total.perCompany.push(...o.perCompany);
  }
  return total;
}

/**
 * New backups from the intake get their company from mappings and rules: called after a parse
 * batch commits, with the backups it discovered. Only Inactive backups without a company are
 * touched, so a backup a user already placed never moves.
 */
export async function assignNewBackups(database: Database, backupIds: number[]): Promise<void> {
  if (!backupIds.length) return;
  const r = await database.query<{ tenant_id: number; ids: number[] }>(
    `SELECT tenant_id, array_agg(id) AS ids FROM backups
      WHERE id = ANY($1::int[]) AND company_id IS NULL AND state = 'Inactive' GROUP BY tenant_id`,
    [[...new Set(backupIds)]],
  );
  for (const row of r.rows) {
    await database.transaction((q) =>
      assignCompanies(
        q,
        { tenantId: row.tenant_id, scope: 'inactive', backupIds: row.ids.map(Number) },
        { rules: true, mappings: true },
      ),
    );
  }
}
