import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { tenantClock } from '../audit/common.ts';
import { detect, type Finding } from './detectors/index.ts';
import { insightContext, readEvidence } from './evidence.ts';
import { storedSuggestion } from './stored.ts';

export interface InsightRun {
  tenantId: number;
  computedAt: Date;
  durationMs: number;
  /** Suggestions found (open and dismissed). */
  found: number;
}

const fingerprintOf = (f: Finding) =>
  createHash('sha1')
    .update(JSON.stringify([f.type, f.evidence]))
    .digest('hex');

/**
 * Computes a tenant's insights and replaces its suggestions in one transaction: new ones are
 * inserted, changed ones updated, gone ones deleted. A dismissed suggestion stays dismissed while
 * its fingerprint (the evidence that matters, e.g. the schedule and the change, or the last
 * result) is unchanged; when the evidence changes it opens again.
 */
export async function computeInsights(database: Database, tenantId: number, now = new Date()): Promise<InsightRun> {
  const started = performance.now();
  const { timeZone } = await tenantClock(database, tenantId, now);
  const ctx = insightContext(now, timeZone);
  const evidence = await readEvidence(database, tenantId, ctx);
  const rows = evidence.flatMap((e) => detect(e, ctx).map((f) => ({ backupId: e.id, f })));
  await database.transaction(async (q) => {
    // One run per tenant at a time: the daily job and a user's recompute can meet.
    await q('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['insights', tenantId]);
    const backupIds = rows.map((r) => r.backupId);
    const types = rows.map((r) => r.f.type);
    await q(
      `DELETE FROM insights i WHERE i.tenant_id = $1
          AND NOT EXISTS (SELECT 1 FROM unnest($2::int[], $3::text[]) AS x(backup_id, type)
                           WHERE x.backup_id = i.backup_id AND x.type = i.type)`,
      [tenantId, backupIds, types],
    );
    if (rows.length) {
      await q(
        `INSERT INTO insights AS i (tenant_id, backup_id, type, detail, suggestion, fingerprint)
         SELECT $1, x.backup_id, x.type, x.detail, x.suggestion::jsonb, x.fingerprint
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
                AS x(backup_id, type, detail, suggestion, fingerprint)
         ON CONFLICT (backup_id, type) DO UPDATE SET
           detail = EXCLUDED.detail, suggestion = EXCLUDED.suggestion, fingerprint = EXCLUDED.fingerprint,
           dismissed_at = CASE WHEN i.fingerprint = EXCLUDED.fingerprint THEN i.dismissed_at END,
           created_at = CASE WHEN i.fingerprint = EXCLUDED.fingerprint THEN i.created_at ELSE now() END
         WHERE i.detail <> EXCLUDED.detail OR i.fingerprint <> EXCLUDED.fingerprint
            OR i.suggestion <> EXCLUDED.suggestion`,
        [
          tenantId,
          backupIds,
          types,
          rows.map((r) => r.f.detail),
          rows.map((r) => JSON.stringify(storedSuggestion(r.f))),
          rows.map((r) => fingerprintOf(r.f)),
        ],
      );
    }
  });
  const durationMs = Math.round(performance.now() - started);
  await database.query(
    `INSERT INTO insight_runs (tenant_id, computed_at, duration_ms) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id) DO UPDATE SET computed_at = EXCLUDED.computed_at, duration_ms = EXCLUDED.duration_ms`,
    [tenantId, now, durationMs],
  );
  return { tenantId, computedAt: now, durationMs, found: rows.length };
}

/** Every tenant, one after the other (the daily job). */
export async function computeAllInsights(database: Database, now = new Date()): Promise<InsightRun[]> {
  const tenants = await database.query<{ id: number }>('SELECT id FROM tenants ORDER BY id');
  const runs: InsightRun[] = [];
  for (const t of tenants.rows) runs.push(await computeInsights(database, t.id, now));
  return runs;
}
