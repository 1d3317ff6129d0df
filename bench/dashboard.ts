/**
 * Dashboard tile data at scale: the audit benchmark's tenant (200 companies, 5,000 active
 * backups, 365 days of results rolled up by the real rollup writer) and one dashboard of 8
 * tiles — 2 Histograms over 30 days, a Pie, 2 Counts, a Bar, a Column and an Insight — loaded
 * the way the screen loads it, `GET /api/dashboard/{id}/tile` through Fastify's inject (server
 * time, no network).
 *
 *   npm run bench -- dashboard [--db=pglite|postgres] [--backups=5000] [--days=365] [--iterations=50]
 *
 * PostgreSQL: `--db=postgres` makes a throw-away database on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5433/postgres). Target: all 8 tiles ≤ 150 ms p95.
 */
import { migrateDatabase } from '../packages/server/src/db/client.ts';
import { tileData } from '../packages/server/src/modules/dashboards/tile-data.ts';
import { TileDefinition } from '@vigil/contract';
import { BENCH_ADMIN, benchApp, openBenchDatabase, rollUpTenant, seedBenchTenant } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';
import { generateAuditTenant } from './_audit-data.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '5000'));
const dayCount = Number(arg('days', '365'));
const iterations = Math.max(20, Number(arg('iterations', '50')));
const companyCount = Math.max(1, Math.round(backupCount / 25));
const PASSWORD = 'Bench!Dash1';
const TARGET_MS = 150;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};
const stats = (xs: number[]) => ({ p50: pct(xs, 50), p95: pct(xs, 95), max: pct(xs, 100), n: xs.length });

const last30 = { DateRange: { Preset: 'last30days' } };
const yesterday = { DateRange: { Preset: 'yesterday' } };
const TILES = [
  { title: 'Last 30 days', type: 'Histogram', filters: last30 },
  { title: 'Failures, 30 days', type: 'Histogram', filters: { ...last30, Status: [3, 4], Tags: ['servers'] } },
  { title: 'Yesterday', type: 'PieChart', filters: yesterday },
  { title: 'Problems', type: 'Count', filters: { ...yesterday, Status: [3, 4] } },
  { title: 'No success for 3 days', type: 'Count', daysWithoutSuccess: 3, filters: yesterday },
  { title: 'By status', type: 'Bar', barChartGroupBy: 0, filters: yesterday },
  { title: 'By company', type: 'Column', barChartGroupBy: 1, filters: yesterday },
  { title: 'Not updating', type: 'Insight', insightType: 'BackupNotUpdating' },
];

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'dashboard');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, PASSWORD);
    const { app, deps, today } = await benchApp(database, tenantId, 'dashboard');

    const started = performance.now();
    await generateAuditTenant(database, tenantId, today, {
      backups: backupCount,
      days: dayCount,
      companies: companyCount,
    });
    await rollUpTenant(database, deps, tenantId);
    // Open suggestions for one backup in 25, as the insight job leaves them.
    await database.query(
      `INSERT INTO insights (tenant_id, backup_id, type, detail, fingerprint)
       SELECT $1, id, 'BackupNotUpdating', 'No result for several days', 'bench-' || id
         FROM backups WHERE tenant_id = $1 AND id % 25 = 0`,
      [tenantId],
    );
    await database.exec('VACUUM ANALYZE');
    const prepareSeconds = (performance.now() - started) / 1000;
    const dayRows = Number(
      (await database.query<{ n: string }>('SELECT count(*) AS n FROM backup_days WHERE tenant_id = $1', [tenantId]))
        .rows[0].n,
    );
    console.log(`${backupCount} backups, ${dayRows} backup days ready in ${prepareSeconds.toFixed(1)} s`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/UserAuth/Login',
      payload: { UserName: BENCH_ADMIN, Password: PASSWORD },
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
      return { ms, body: r.json() as unknown };
    };

    const dashboard = (await call('POST', '/api/dashboard', { name: 'NOC' })).body as { id: number };
    for (const tile of TILES) await call('POST', `/api/dashboard/${dashboard.id}/tile`, tile);

    // Warm-up, then the measured loads of the whole dashboard.
    for (let i = 0; i < 3; i++) await call('GET', `/api/dashboard/${dashboard.id}/tile`);
    const load: number[] = [];
    for (let i = 0; i < iterations; i++) load.push((await call('GET', `/api/dashboard/${dashboard.id}/tile`)).ms);

    // Each tile's own query time, through the service (no HTTP, no sign-in check).
    const perTile: Record<string, ReturnType<typeof stats>> = {};
    const scope = { database, tenantId, visible: null, today };
    for (const tile of TILES) {
      const def = TileDefinition.parse(tile);
      const xs: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const s = performance.now();
        await tileData(scope, def);
        xs.push(performance.now() - s);
      }
      perTile[`${tile.type}: ${tile.title}`] = stats(xs);
    }

    const loadStats = stats(load);
    writeRunResults('dashboard', dbKind, {
      companies: companyCount,
      backups: backupCount,
      days: dayCount,
      backupDays: dayRows,
      prepareSeconds: Math.round(prepareSeconds),
      tiles: TILES.length,
      allTilesMs: loadStats,
      perTileMs: perTile,
      targetMs: TARGET_MS,
      meetsTarget: loadStats.p95 <= TARGET_MS,
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
