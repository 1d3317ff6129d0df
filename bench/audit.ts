/**
 * Audit at scale: a generated tenant of 200 companies, 5,000 active backups and 365 days of
 * results (about two million), rolled up by the real rollup writer, then the real API answering
 * through Fastify's inject (server time, no network).
 *
 *   npm run bench -- audit [--db=pglite|postgres] [--backups=5000] [--days=365] [--iterations=200]
 *
 * Targets: audit page (50 rows × 30-day history, any filter) p95 ≤ 50 ms; Daily Activity for one
 * day ≤ 100 ms; a schedule change on one backup re-rolls its year in ≤ 200 ms.
 */
import { migrateDatabase } from '../packages/server/src/db/client.ts';
import { benchApp, openBenchDatabase, seedBenchTenant } from './_bench-db.ts';
import { writeResults } from './_results.ts';
import { generateAuditTenant } from './_audit-data.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '5000'));
const dayCount = Number(arg('days', '365'));
const iterations = Number(arg('iterations', '200'));
const companyCount = Math.max(1, Math.round(backupCount / 25));
const PASSWORD = 'Bench!Audit1';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};
const stats = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100), n: xs.length });

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'audit');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, PASSWORD);
    const { app, deps, today } = await benchApp(database, tenantId, 'audit');

    let t = performance.now();
    await generateAuditTenant(database, tenantId, today, {
      backups: backupCount,
      days: dayCount,
      companies: companyCount,
    });
    const generateSeconds = (performance.now() - t) / 1000;
    const resultCount = Number(
      (await database.query<{ n: string }>('SELECT count(*) AS n FROM results WHERE tenant_id = $1', [tenantId]))
        .rows[0].n,
    );
    console.log(`generated ${backupCount} backups, ${resultCount} results in ${generateSeconds.toFixed(1)} s`);

    t = performance.now();
    const ids = (
      await database.query<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id', [tenantId])
    ).rows.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 100) await deps.rollup.rerollAll(ids.slice(i, i + 100));
    const rollupSeconds = (performance.now() - t) / 1000;
    const dayRows = Number(
      (await database.query<{ n: string }>('SELECT count(*) AS n FROM backup_days WHERE tenant_id = $1', [tenantId]))
        .rows[0].n,
    );
    console.log(`rolled up ${dayRows} backup days in ${rollupSeconds.toFixed(1)} s`);
    // What the hourly maintenance job (PGlite) and autovacuum (PostgreSQL) do in production.
    await database.exec('VACUUM ANALYZE');

    const login = await app.inject({
      method: 'POST',
      url: '/api/UserAuth/Login',
      payload: { UserName: 'admin@bench.test', Password: PASSWORD },
    });
    const token = (login.json() as { accessToken: string }).accessToken;
    const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const s = performance.now();
      const r = await app.inject({
        method,
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - s;
      if (r.statusCode !== 200) throw new Error(`${method} ${url} answered ${r.statusCode}: ${r.body}`);
      return { ms, body: r.json() as { Total?: number } };
    };

    const companyIds = (
      await database.query<{ id: number }>('SELECT id FROM companies WHERE tenant_id = $1', [tenantId])
    ).rows.map((r) => r.id);
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    const filters: Record<string, unknown>[] = [
      {},
      { Statuses: [3] },
      { Statuses: [4] },
      { Companies: companyIds.slice(0, 5) },
      { Vendors: ['veeam-br', 'cove'] },
      { Tags: ['servers'] },
      { Search: 'SRV-01' },
      { DaysWithoutSuccess: 3 },
      { FilterScheduled: true },
      { OrderBy: 'DaysInStatus', OrderAscending: false },
      { OrderBy: 'CompanyName', OrderAscending: true, Statuses: [1, 2] },
    ];
    const audit: number[] = [];
    const perFilter: Record<string, number[]> = {};
    // Warm-up, then measured rounds over every filter and random pages.
    for (const f of filters) await call('POST', '/api/policy/audit-backups', { ...f, Date: yesterday, Size: 50 });
    for (let i = 0; i < iterations; i++) {
      const f = filters[i % filters.length];
      const first = await call('POST', '/api/policy/audit-backups', { ...f, Date: yesterday, Size: 50, Page: 1 });
      const pages = Math.max(1, Math.ceil((first.body.Total ?? 0) / 50));
      const page = 1 + ((i * 7919) % pages);
      const r = await call('POST', '/api/policy/audit-backups', { ...f, Date: yesterday, Size: 50, Page: page });
      audit.push(r.ms);
      (perFilter[JSON.stringify(f)] ??= []).push(r.ms);
    }

    const daily: number[] = [];
    for (let i = 0; i < Math.max(20, iterations / 5); i++) {
      const day = new Date(Date.parse(today) - (1 + (i % 30)) * 86_400_000).toISOString().slice(0, 10);
      daily.push((await call('POST', '/api/daily-activity/daily-backups', { Date: day, Size: 50 })).ms);
    }

    const reroll: number[] = [];
    for (let i = 0; i < 20; i++) {
      const id = ids[(i * 211) % ids.length];
      const weekdays = i % 2 ? 62 : 127;
      await database.query('UPDATE backups SET schedule = $2 WHERE id = $1', [
        id,
        JSON.stringify({ kind: 'weekly', weekdays }),
      ]);
      const s = performance.now();
      await deps.rollup.rerollAll([id]);
      reroll.push(performance.now() - s);
    }

    const auditStats = stats(audit);
    const dailyStats = stats(daily);
    const rerollStats = stats(reroll);
    writeResults(`audit-${dbKind}`, {
      database: dbKind,
      companies: companyCount,
      backups: backupCount,
      days: dayCount,
      results: resultCount,
      backupDays: dayRows,
      generateSeconds: Math.round(generateSeconds),
      fullRollupSeconds: Math.round(rollupSeconds),
      auditPageMs: auditStats,
      auditPageP95ByFilter: Object.fromEntries(Object.entries(perFilter).map(([k, v]) => [k, pct(v, 95)])),
      dailyActivityMs: dailyStats,
      scheduleChangeRerollMs: rerollStats,
      meetsTarget: auditStats.p95 <= 50 && dailyStats.p95 <= 100 && rerollStats.p95 <= 200,
    });
    await app.close();
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
