import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { UserLevel } from '@vigil/contract';
import { openDatabase, type Database } from '../packages/server/src/db/client.ts';
import { seedTenant } from '../packages/server/src/seed/demo.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Deps } from '../packages/server/src/deps.ts';

/**
 * What the API benchmarks share: a throw-away database of the kind asked for (a PGlite data dir
 * in the temp folder, or a new database on the PostgreSQL of BENCH_DATABASE_URL, default the
 * test cluster on 5433), and a tenant with one administrator to sign in as.
 */
export type BenchDbKind = 'pglite' | 'postgres';

export const BENCH_ADMIN = 'admin@bench.test';

export async function openBenchDatabase(
  kind: BenchDbKind,
  name: string,
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), `vigil-bench-${name}-`));
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      cleanup: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
  const dbName = `vigil_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The benchmark tenant "Bench MSP" with its administrator; answers the tenant id. */
export function seedBenchTenant(database: Database, password: string): Promise<number> {
  return seedTenant(database, {
    name: 'Bench MSP',
    slug: 'bench',
    password,
    people: [
      {
        email: BENCH_ADMIN,
        firstName: 'Bench',
        lastName: 'Admin',
        level: UserLevel.Administrator,
        group: 'Administrators',
      },
    ],
  });
}

/**
 * The app on a bench database, as the benchmarks drive it (no logger, no web, inline parsing),
 * and the bench tenant's calendar today in its own time zone.
 */
export async function benchApp(
  database: Database,
  tenantId: number,
  name: string,
): Promise<{ app: FastifyInstance; deps: Deps; today: string }> {
  const config = loadConfig({
    VIGIL_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: path.join(os.tmpdir(), `vigil-bench-${name}-data`),
    PARSE_THREADS: '0',
  });
  const { app, deps } = await buildApp({ config, database, logger: false, serveWeb: false });
  await app.ready();
  const tz = (await database.query<{ tz: string }>('SELECT time_zone_id AS tz FROM tenants WHERE id = $1', [tenantId]))
    .rows[0].tz;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
  return { app, deps, today };
}

/** Rolls up every backup of the tenant, 100 at a time. */
export async function rollUpTenant(database: Database, deps: Deps, tenantId: number): Promise<void> {
  const ids = (
    await database.query<{ id: number }>('SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id', [tenantId])
  ).rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 100) await deps.rollup.rerollAll(ids.slice(i, i + 100));
}
