import type { Database } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { readRules } from '../../matching/rules.ts';
import { badRequest } from '../../platform/errors.ts';
import { ownCompany, saveRules } from './rows.ts';
import type { Viewer } from './types.ts';

/** The most rule groups a company keeps (the contract's limit on one rule set). */
const MAX_GROUPS = 50;

export const REPLACE_ITSELF = 'A company cannot be replaced with itself.';

/**
 * Moves everything of one company to another and deletes it: backups (keeping how each was
 * assigned), client-id mappings, the users who could see it, its rule groups (added to the
 * target's), its code when the target has none, and template company limits.
 */
export async function replaceCompany(
  database: Database,
  actor: Actor,
  v: Viewer,
  id: number,
  withId: number,
): Promise<{ Id: number; ReplaceWithId: number; MovedBackups: number; MovedMappings: number }> {
  if (id === withId) throw badRequest(REPLACE_ITSELF, 'ReplaceWithId');
  return database.transaction(async (q) => {
    // A fixed lock order keeps two opposite replaces from deadlocking.
    const [a, b] = id < withId ? [id, withId] : [withId, id];
    const first = await ownCompany(q, v, a, true);
    const second = await ownCompany(q, v, b, true);
    const source = a === id ? first : second;
    const target = a === id ? second : first;
    const moved = await q<{ n: number }>(
      `WITH m AS (UPDATE backups SET company_id = $3 WHERE tenant_id = $1 AND company_id = $2 RETURNING 1)
       SELECT count(*)::int AS n FROM m`,
      [v.tenantId, id, withId],
    );
    // A mapping of the same client id already on the target wins; the source's copy goes.
    await q(
      `DELETE FROM client_mappings s USING client_mappings t
        WHERE s.tenant_id = $1 AND s.company_id = $2 AND t.tenant_id = $1 AND t.company_id = $3
          AND t.kind = s.kind AND lower(t.client_id) = lower(s.client_id)`,
      [v.tenantId, id, withId],
    );
    const mappings = await q<{ n: number }>(
      `WITH m AS (UPDATE client_mappings SET company_id = $3 WHERE tenant_id = $1 AND company_id = $2 RETURNING 1)
       SELECT count(*)::int AS n FROM m`,
      [v.tenantId, id, withId],
    );
    await q(
      `INSERT INTO user_companies (user_id, company_id, tenant_id)
       SELECT user_id, $3, $1 FROM user_companies WHERE tenant_id = $1 AND company_id = $2
       ON CONFLICT DO NOTHING`,
      [v.tenantId, id, withId],
    );
    const rules = await q<{ company_id: number; rules: unknown }>(
      'SELECT company_id, rules FROM company_rules WHERE company_id = ANY($1::int[]) AND tenant_id = $2',
      [[id, withId], v.tenantId],
    );
    const from = readRules(rules.rows.find((r) => r.company_id === id)?.rules);
    if (from.Groups.length) {
      const to = readRules(rules.rows.find((r) => r.company_id === withId)?.rules);
      const seen = new Set(to.Groups.map((g) => JSON.stringify(g)));
      const merged = [...to.Groups, ...from.Groups.filter((g) => !seen.has(JSON.stringify(g)))].slice(0, MAX_GROUPS);
      await saveRules(q, v.tenantId, withId, { Groups: merged });
    }
    if (!target.code && source.code) {
      await q('UPDATE companies SET code = $3 WHERE id = $1 AND tenant_id = $2', [withId, v.tenantId, source.code]);
    }
    await q(
      `UPDATE templates SET company_ids = (
         SELECT COALESCE(jsonb_agg(DISTINCT CASE WHEN e::int = $2 THEN $3 ELSE e::int END), '[]'::jsonb)
           FROM jsonb_array_elements_text(company_ids) e)
        WHERE tenant_id = $1 AND company_ids @> jsonb_build_array($2::int)`,
      [v.tenantId, id, withId],
    );
    await q('DELETE FROM companies WHERE id = $1 AND tenant_id = $2', [id, v.tenantId]);
    const answer = {
      Id: id,
      ReplaceWithId: withId,
      MovedBackups: Number(moved.rows[0].n),
      MovedMappings: Number(mappings.rows[0].n),
    };
    await logActivity(q, actor, {
      action: 'Company replaced',
      entityType: 'Company',
      entityId: id,
      entityName: source.name,
      before: { Id: id, Name: source.name },
      after: { ...answer, ReplaceWithName: target.name },
    });
    return answer;
  });
}
