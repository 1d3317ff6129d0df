/**
 * Insights at scale: the audit benchmark's tenant (5,000 active backups, 365 days of results,
 * about two million, rolled up by the real rollup writer), then the insight computation of the
 * whole tenant, first with an empty insights table and then again over its own suggestions.
 *
 *   npm run bench -- insights [--db=pglite|postgres] [--backups=5000] [--days=365] [--runs=3]
 *
 * Target: computing a tenant's insights ≤ 10 s.
 */
import { INSIGHT_LIMITS } from '@vigil/contract';
import { RollupWriter } from '../packages/server/src/rollup/rollup.ts';
import { migrateDatabase } from '../packages/server/src/db/client.ts';
import { computeInsights } from '../packages/server/src/modules/insights/compute.ts';
import { openBenchDatabase, seedBenchTenant } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';
import { generateAuditTenant } from './_audit-data.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '5000'));
const dayCount = Number(arg('days', '365'));
const runs = Number(arg('runs', '3'));
const TARGET_SECONDS = 10;

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'insights');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, 'Bench!Insights1');
    const tz = (
      await database.query<{ tz: string }>('SELECT time_zone_id AS tz FROM tenants WHERE id = $1', [tenantId])
    ).rows[0].tz;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());

    let t = performance.now();
    await generateAuditTenant(database, tenantId, today, {
      backups: backupCount,
      days: dayCount,
      companies: Math.max(1, Math.round(backupCount / 25)),
    });
    const generateSeconds = (performance.now() - t) / 1000;
    // A few backups the audit data does not have: silent ones and alerts.
    await database.query(`UPDATE backups SET backup_type = 'Alert' WHERE tenant_id = $1 AND id % 250 = 7`, [tenantId]);
    await database.query(
      `DELETE FROM results WHERE tenant_id = $1 AND backup_id % 200 = 3 AND filed_at > now() - interval '40 days'`,
      [tenantId],
    );
    t = performance.now();
    const rollup = new RollupWriter(database);
    const ids = (
      await database.query<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id', [tenantId])
    ).rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 100) await rollup.rerollAll(ids.slice(i, i + 100));
    const rollupSeconds = (performance.now() - t) / 1000;
    await database.exec('VACUUM ANALYZE');
    const count = async (sql: string) => Number((await database.query<{ n: string }>(sql, [tenantId])).rows[0].n);
    const results = await count('SELECT count(*) AS n FROM results WHERE tenant_id = $1');
    const backupDays = await count('SELECT count(*) AS n FROM backup_days WHERE tenant_id = $1');
    console.log(
      `generated ${backupCount} backups, ${results} results (${generateSeconds.toFixed(0)} s), ${backupDays} backup days rolled up (${rollupSeconds.toFixed(0)} s)`,
    );

    const timings: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const s = performance.now();
      const run = await computeInsights(database, tenantId);
      timings.push(Math.round(performance.now() - s));
      found = run.found;
      console.log(`run ${i + 1}: ${timings[i]} ms, ${run.found} suggestions`);
    }
    const byType = await database.query<{ type: string; n: string }>(
      'SELECT type, count(*) AS n FROM insights WHERE tenant_id = $1 GROUP BY type ORDER BY type',
      [tenantId],
    );
    const worstSeconds = Math.max(...timings) / 1000;
    writeRunResults('insights', dbKind, {
      backups: backupCount,
      days: dayCount,
      results,
      backupDays,
      weeksExamined: INSIGHT_LIMITS.weeks,
      firstRunMs: timings[0],
      repeatRunsMs: timings.slice(1),
      suggestions: found,
      suggestionsByType: Object.fromEntries(byType.rows.map((r) => [r.type, Number(r.n)])),
      targetSeconds: TARGET_SECONDS,
      withinTarget: worstSeconds <= TARGET_SECONDS,
    });
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
