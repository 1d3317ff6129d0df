/**
 * Bulk edit of backups through the real API (Fastify inject, no network): 1,000 active backups
 * of one tenant edited in one `PUT api/policy-operation/batch` call, target ≤ 1 s. Two edits:
 * settings that do not change statuses (company, tags, notes, failure threshold), and a
 * schedule change, which re-rolls the backups' history (each backup here has 30 days of
 * results).
 *
 *   npm run bench -- bulk-edit [--db=pglite|postgres] [--backups=1000] [--iterations=5]
 *
 * Figures go to bench/results/bulk-edit.json, one entry per database.
 */
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { migrateDatabase, type Database } from '../packages/server/src/db/client.ts';
import { RollupWriter } from '../packages/server/src/rollup/rollup.ts';
import { openBenchDatabase, seedBenchTenant } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '1000'));
const iterations = Number(arg('iterations', '5'));
const PASSWORD = 'Bench!Bulk1';
const TARGET_MS = 1000;
const DAYS = 30;

const round = (ms: number) => Math.round(ms);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Company i (1-based) claims devices named "c<i>-…" (first group) and jobs containing
 * "client <i>/" from the generic vendor (second group). Backup n belongs to company n % C + 1 by
 * device name; every 50th also carries the job tag of the next company (a conflict); every 20th
 * has a device name no rule knows.
 */
/** Active backups with a daily result for DAYS days, rolled up as activation leaves them. */
async function generate(database: Database, tenantId: number): Promise<number[]> {
  const r = await database.query<{ id: number }>(
    `INSERT INTO backups (tenant_id, vendor, device_name, job_name, state, activated_at, schedule)
     SELECT $1, 'generic-csv', 'dev-' || g, 'Nightly ' || g, 'Active', now(), '{"kind":"weekly","weekdays":127}'::jsonb
       FROM generate_series(1, $2) g RETURNING id`,
    [tenantId, backupCount],
  );
  const ids = r.rows.map((x) => x.id);
  await database.query(
    `INSERT INTO results (tenant_id, backup_id, status, filed_at, result_kind, source)
     SELECT $1, b, CASE WHEN (b + d) % 9 = 0 THEN 3 ELSE 1 END, now() - make_interval(days => d, hours => 2),
            'Primary Backup', 'api'
       FROM unnest($2::int[]) b, generate_series(1, $3) d`,
    [tenantId, ids, DAYS],
  );
  const rollup = new RollupWriter(database);
  for (let i = 0; i < ids.length; i += 200) await rollup.rerollAll(ids.slice(i, i + 200));
  return ids;
}

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'bulk');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, PASSWORD);
    const config = loadConfig({
      VIGIL_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), 'vigil-bench-bulk-data'),
      PARSE_THREADS: '0',
    });
    const { app } = await buildApp({ config, database, logger: false, serveWeb: false });
    await app.ready();
    const t = performance.now();
    const ids = await generate(database, tenantId);
    const company = await database.query<{ id: number }>(
      "INSERT INTO companies (tenant_id, name) VALUES ($1, 'Bulk Co') RETURNING id",
      [tenantId],
    );
    await database.exec('VACUUM ANALYZE');
    console.log(
      `generated ${backupCount} active backups with ${DAYS} days of results in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const login = await app.inject({
      method: 'POST',
      url: '/api/UserAuth/Login',
      payload: { UserName: 'admin@bench.test', Password: PASSWORD },
    });
    const token = (login.json() as { accessToken: string }).accessToken;
    const batch = async (settings: object) => {
      const s = performance.now();
      const r = await app.inject({
        method: 'PUT',
        url: '/api/policy-operation/batch',
        headers: { authorization: `Bearer ${token}` },
        payload: { PolicyIds: ids, Settings: settings },
      });
      const ms = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`batch answered ${r.statusCode}: ${r.body}`);
      return ms;
    };
    const plain: number[] = [];
    const schedule: number[] = [];
    for (let i = 0; i < iterations; i++) {
      plain.push(
        await batch({
          CompanyId: i % 2 ? company.rows[0].id : null,
          Notes: `Bulk note ${i}`,
          FailureThreshold: (i % 3) + 1,
          Tags: [`Bulk ${i}`],
        }),
      );
      schedule.push(
        await batch({
          Schedule: { kind: 'weekly', weekdays: i % 2 ? 62 : 127 },
          StatusCalculation: i % 2 ? 'Worst' : 'Last',
        }),
      );
    }
    const logged = await database.query<{ n: string }>('SELECT count(*) AS n FROM activity_logs WHERE tenant_id = $1', [
      tenantId,
    ]);
    const figures = {
      db: dbKind,
      backups: backupCount,
      historyDays: DAYS,
      iterations,
      settingsEditMs: { median: round(median(plain)), runs: plain.map(round) },
      scheduleEditWithRerollMs: { median: round(median(schedule)), runs: schedule.map(round) },
      activityLogRows: Number(logged.rows[0].n),
      targetMs: TARGET_MS,
      withinTarget: median(plain) <= TARGET_MS,
    };
    console.log(
      `${dbKind}: bulk edit of ${backupCount} backups ${figures.settingsEditMs.median} ms (target ${TARGET_MS}); ` +
        `with a schedule change and re-roll of ${DAYS} days each ${figures.scheduleEditWithRerollMs.median} ms`,
    );
    writeRunResults('bulk-edit', dbKind, figures);
    await app.close();
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
