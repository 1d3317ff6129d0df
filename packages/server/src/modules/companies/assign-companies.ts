// Assigning candidate backups to companies in one statement.
import type { QueryFn } from '../../db/client.ts';
import { type MatchOptions, push } from './assign-candidates.ts';
import { mappingMatchSql, ruleMatchSql } from './match-sql.ts';

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
