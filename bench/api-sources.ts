/**
 * One sync of a large vendor estate through the whole path: the vendor's stub server (its
 * documented paging and auth) → the connector → filing (backups discovered, results, company
 * mapping) — and beside it, in the same run, the two bare references it should approach: reading
 * the same pages with the connector alone, and a raw batched insert of as many result rows.
 *
 *   npm run bench -- api-sources [--db=pglite|postgres] [--vendor=datto,aws,azure] [--sessions=10000] [--devices=2000]
 *
 * Each vendor is one leg with its own stub and database: Datto (REST, 2,000 devices), AWS
 * Backup (10,000 backup jobs through the official SDK, SigV4-signed, 1,000 a page) and Azure
 * Backup (an Entra ID token, then each vault's backup jobs through Resource Manager, nextLink pages).
 * Target for every leg: ≤ 30 s for 10,000 sessions across 2,000 devices, memory bounded (pages streamed).
 */
import os from 'node:os';
import path from 'node:path';
import { BACKUP_SOURCES, type BackupSourceType } from '@vigil/contract';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { migrateDatabase } from '../packages/server/src/db/client.ts';
import { vendorContext } from '../packages/server/src/modules/backup-sources/context.ts';
import { saveSource } from '../packages/server/src/modules/backup-sources/service.ts';
import { runSync } from '../packages/server/src/modules/backup-sources/sync.ts';
import { connectorFor } from '../packages/server/src/modules/backup-sources/vendors/index.ts';
import { STUBS } from '../packages/server/test/vendor-stubs/index.ts';
import { openBenchDatabase, seedBenchTenant, type BenchDbKind } from './_bench-db.ts';
import { writeRunResults } from './_results.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const dbKind = arg('db', 'pglite') as BenchDbKind;
const vendors = arg('vendor', 'datto,aws,azure').split(',') as BackupSourceType[];
const sessions = Number(arg('sessions', '10000'));
const devices = Number(arg('devices', '2000'));
const customers = 50;

for (const vendor of vendors) {
  if (!STUBS[vendor]) throw new Error(`no stub for ${vendor}; there are: ${Object.keys(STUBS).join(', ')}`);
}

/** Peak resident memory while `fn` runs, sampled every 50 ms. */
async function withPeakMemory<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; peakMb: number; beforeMb: number; ms: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  try {
    const value = await fn();
    return {
      value,
      peakMb: Math.round(peak / 1048576),
      beforeMb: Math.round(before / 1048576),
      ms: Math.round(performance.now() - t0),
    };
  } finally {
    clearInterval(timer);
  }
}

/** One vendor's leg: its stub, a fresh database, the references and the sync. */
async function runLeg(vendor: BackupSourceType): Promise<Record<string, unknown> & { withinTarget: boolean }> {
  const descriptor = BACKUP_SOURCES[vendor];
  const stub = await STUBS[vendor]!({ customers, devicesPerCustomer: Math.ceil(devices / customers), sessions });
  const { database, cleanup } = await openBenchDatabase(dbKind, `api-sources-${vendor}`);
  try {
    await migrateDatabase(database);
    const tenantId = await seedBenchTenant(database, 'bench-password-1');
    const config = loadConfig({
      VIGIL_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: path.join(os.tmpdir(), 'vigil-bench-api-sources-data'),
      PARSE_THREADS: '0',
      OUTBOUND_ALLOW_PRIVATE: 'true',
    });
    const { app, deps } = await buildApp({ config, database, logger: false, serveWeb: false });
    await app.ready();

    const urlField = descriptor.Fields.find((f) => f.Kind === 'url');
    const credentials = { ...(urlField ? { [urlField.Key]: stub.url } : {}), ...stub.credentials() };
    const source = await saveSource(deps, tenantId, vendor, {
      Name: 'Bench estate',
      Region: stub.region ?? null,
      Credentials: credentials,
    });

    // Reference 1: the connector alone reading every page (the vendor's side of the ceiling).
    const connector = connectorFor(vendor)!;
    const settings = { credentials: Object.fromEntries(Object.entries(credentials)), region: stub.region ?? null };
    for (const f of descriptor.Fields)
      if (!settings.credentials[f.Key] && f.Default) settings.credentials[f.Key] = f.Default;
    const read = await withPeakMemory(async () => {
      let n = 0;
      const ctx = vendorContext(deps, vendor, new AbortController().signal);
      for await (const page of connector.sessions(ctx, settings, null)) n += page.sessions.length;
      return n;
    });

    // The sync itself: customers, assets, every session filed.
    await database.query(`UPDATE backup_sources SET sync_status = 'pending' WHERE id = $1`, [source.Id]);
    const sync = await withPeakMemory(() => runSync(deps, source.Id));
    const filed = Number(
      (await database.query<{ n: string }>('SELECT count(*) AS n FROM results WHERE source_id = $1', [source.Id]))
        .rows[0].n,
    );
    const backups = Number(
      (await database.query<{ n: string }>('SELECT count(*) AS n FROM backups WHERE source_id = $1', [source.Id]))
        .rows[0].n,
    );

    // Reference 2: a raw batched insert of as many rows of the same width (1,000 per statement).
    await database.query(
      `CREATE TABLE bench_raw (tenant_id int, backup_id int, status int, start_time timestamptz, end_time timestamptz,
       filed_at timestamptz, size_bytes bigint, session_id text, vendor_client_id text)`,
    );
    const raw = await withPeakMemory(async () => {
      for (let i = 0; i < filed; i += 1000) {
        const n = Math.min(1000, filed - i);
        const ids = Array.from({ length: n }, (_, k) => i + k);
        const at = ids.map((k) => new Date(Date.now() - k * 1000).toISOString());
        await database.query(
          `INSERT INTO bench_raw SELECT $1, x.k, 1, x.at, x.at, x.at, 1000, 's' || x.k, 'c'
           FROM unnest($2::int[], $3::timestamptz[]) AS x(k, at)`,
          [tenantId, ids, at],
        );
      }
    });

    const seconds = sync.ms / 1000;
    const figures = {
      vendor,
      sessionsInStub: sessions,
      devices,
      customers,
      syncEndedIn: sync.value,
      resultsFiled: filed,
      backupsDiscovered: backups,
      syncSeconds: Number(seconds.toFixed(2)),
      sessionsPerSecond: Math.round(filed / seconds),
      /** Resident memory before the sync (the database engine included) and its peak during it. */
      rssBeforeSyncMb: sync.beforeMb,
      syncPeakRssMb: sync.peakMb,
      referenceReadSeconds: Number((read.ms / 1000).toFixed(2)),
      referenceReadSessions: read.value,
      referenceRawInsertSeconds: Number((raw.ms / 1000).toFixed(2)),
      /** The sync's time over the bare read plus the bare insert: how close filing comes to its parts. */
      ratioToReferences: Number((sync.ms / (read.ms + raw.ms)).toFixed(2)),
      targetSeconds: 30,
      withinTarget: seconds <= 30 && filed === sessions,
    };
    await app.close();
    return figures;
  } finally {
    await stub.close();
    await cleanup();
  }
}

const legs: Record<string, Record<string, unknown>> = {};
let allWithin = true;
for (const vendor of vendors) {
  const figures = await runLeg(vendor);
  legs[vendor] = figures;
  allWithin &&= figures.withinTarget;
}
writeRunResults('api-sources', dbKind, legs);
if (!allWithin) process.exitCode = 1;
