import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { UserLevel } from '@vigil/contract';
import { openDatabase, type Database } from '../packages/server/src/db/client.ts';
import { seedTenant } from '../packages/server/src/seed/demo.ts';

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
