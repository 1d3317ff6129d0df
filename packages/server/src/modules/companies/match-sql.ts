// The SQL of company matches: from company rules and from client ids.
import type { QueryFn } from '../../db/client.ts';
import { rulesSql } from '../../matching/rules.ts';
import { type MatchOptions, candidateSql, loadCompanyRules, push } from './assign-candidates.ts';

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
