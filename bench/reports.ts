/**
 * Report files at scale: the audit benchmark's tenant (200 companies, 5,000 active backups,
 * 365 days of results rolled up by the real rollup writer), with the files asked for the way
 * the screen asks for them — `POST /api/reports/pdf | excel | csv` through Fastify's inject
 * (document built from the daily rollup, then rendered; no network).
 *
 *   npm run bench -- reports [--db=pglite|postgres] [--backups=5000] [--days=365] [--iterations=3]
 *
 * Targets: Backup Status Summary over 30 days as PDF ≤ 5 s with ≤ 300 MB peak memory, as
 * Excel ≤ 5 s; Daily Results over 30 days (~150,000 rows) as streamed CSV ≤ 3 s. Memory is
 * sampled every 5 ms during each call: the process RSS peak, and the heap's growth over the
 * call (RSS on PGlite includes the embedded database's own memory).
 */
import { migrateDatabase } from '../packages/server/src/db/client.ts';
import { buildReportDocument } from '../packages/server/src/modules/reports/generate.ts';
import { ReportFilters } from '@vigil/contract';
import { BENCH_ADMIN, benchApp, openBenchDatabase, rollUpTenant, seedBenchTenant } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';
import { generateAuditTenant } from './_audit-data.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as 'pglite' | 'postgres';
const backupCount = Number(arg('backups', '5000'));
const dayCount = Number(arg('days', '365'));
const iterations = Math.max(1, Number(arg('iterations', '3')));
const companyCount = Math.max(1, Math.round(backupCount / 25));
const PASSWORD = 'Bench!Reports1';
const MB = 1024 * 1024;
const last30 = { DateRange: { Preset: 'last30days' } };

const CASES = [
  { name: 'summaryPdf', url: '/api/reports/pdf', type: 'BackupStatusSummary', targetMs: 5000, targetMb: 300 },
  { name: 'summaryExcel', url: '/api/reports/excel', type: 'BackupStatusSummary', targetMs: 5000 },
  { name: 'dailyResultsCsv', url: '/api/reports/csv', type: 'DailyResults', targetMs: 3000 },
] as const;

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `fn` while sampling memory; answers its time, the RSS peak and the heap's growth. */
async function measured<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; ms: number; peakRssMb: number; heapGrowthMb: number }> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  let peakHeap = heapBefore;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const started = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - started;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    return { value, ms, peakRssMb: round(peakRss / MB), heapGrowthMb: round((peakHeap - heapBefore) / MB) };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const { database, cleanup } = await openBenchDatabase(dbKind, 'reports');
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, PASSWORD);
    const { app, deps, today } = await benchApp(database, tenantId, 'reports');

    const started = performance.now();
    await generateAuditTenant(database, tenantId, today, {
      backups: backupCount,
      days: dayCount,
      companies: companyCount,
    });
    await rollUpTenant(database, deps, tenantId);
    await database.exec('VACUUM ANALYZE');
    const prepareSeconds = (performance.now() - started) / 1000;
    console.log(`${backupCount} backups, ${dayCount} days ready in ${prepareSeconds.toFixed(1)} s`);

    const login = await app.inject({
      method: 'POST',
      url: '/api/UserAuth/Login',
      payload: { UserName: BENCH_ADMIN, Password: PASSWORD },
    });
    const token = (login.json() as { accessToken: string }).accessToken;

    // The documents alone (queries and shaping, no rendering).
    const documents: Record<string, unknown> = {};
    for (const type of ['BackupStatusSummary', 'DailyResults'] as const) {
      const xs: number[] = [];
      let rows = 0;
      for (let i = 0; i < iterations; i++) {
        const m = await measured(() =>
          buildReportDocument(database, { tenantId, visible: null }, type, ReportFilters.parse(last30)),
        );
        xs.push(m.ms);
        rows = m.value.sections.reduce((n, s) => n + s.rows.length, 0);
      }
      documents[type] = { rows, medianMs: round(median(xs)), maxMs: round(Math.max(...xs)) };
    }

    const files: Record<string, unknown> = {};
    for (const c of CASES) {
      const runs: { ms: number; peakRssMb: number; heapGrowthMb: number; bytes: number }[] = [];
      // One call first so the renderers' code and fonts are loaded, as on a running server.
      for (let i = 0; i <= iterations; i++) {
        const m = await measured(async () => {
          const r = await app.inject({
            method: 'POST',
            url: c.url,
            headers: { authorization: `Bearer ${token}` },
            payload: { type: c.type, filters: last30 },
          });
          if (r.statusCode !== 200) throw new Error(`${c.url} answered ${r.statusCode}: ${r.body.slice(0, 300)}`);
          return r.rawPayload.length;
        });
        if (i > 0) runs.push({ ms: m.ms, peakRssMb: m.peakRssMb, heapGrowthMb: m.heapGrowthMb, bytes: m.value });
      }
      const ms = median(runs.map((r) => r.ms));
      const peakRssMb = Math.max(...runs.map((r) => r.peakRssMb));
      const heapGrowthMb = Math.max(...runs.map((r) => r.heapGrowthMb));
      files[c.name] = {
        type: c.type,
        url: c.url,
        bytes: runs[0].bytes,
        medianMs: round(ms),
        maxMs: round(Math.max(...runs.map((r) => r.ms))),
        peakRssMb,
        heapGrowthMb,
        targetMs: c.targetMs,
        meetsTime: ms <= c.targetMs,
        ...('targetMb' in c ? { targetMb: c.targetMb, meetsMemory: heapGrowthMb <= c.targetMb } : {}),
      };
      console.log(c.name, JSON.stringify(files[c.name]));
    }

    writeRunResults('reports', dbKind, {
      companies: companyCount,
      backups: backupCount,
      days: dayCount,
      prepareSeconds: Math.round(prepareSeconds),
      iterations,
      documents,
      files,
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
