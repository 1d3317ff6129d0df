import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<Schema>;

export interface SqlResult<T> {
  rows: T[];
  rowCount: number;
}

export type QueryFn = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<SqlResult<T>>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One parameterised statement. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<T>>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (query: QueryFn) => Promise<T>): Promise<T>;
  /** Several statements without parameters (used by the job queue's own migrations). */
  exec(text: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' keeps everything in memory. */
  dataDir?: string;
  /** A PGlite data dir dump (tests load copies of one migrated template). */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.dataDir ?? 'memory://', opts.loadDataDir);
}

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  return pgliteDatabase(client);
}

/** The Database over an open PGlite (tests lend one PGlite to file after file). */
export function pgliteDatabase(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await client.query<T>(text, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async transaction<T>(fn: (query: QueryFn) => Promise<T>) {
      return client.transaction(async (tx) =>
        fn(async <R>(text: string, params: unknown[] = []) => {
          const r = await tx.query<R>(text, params);
          return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
        }),
      );
    },
    async exec(text: string) {
      await client.exec(text);
    },
    async ping() {
      await client.query('select 1');
      return true;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    pool,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pool.query(text, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async transaction<T>(fn: (query: QueryFn) => Promise<T>) {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const out = await fn(async <R>(text: string, params: unknown[] = []) => {
          const r = await conn.query(text, params);
          return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
        });
        await conn.query('COMMIT');
        return out;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async ping() {
      await pool.query('select 1');
      return true;
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so several processes starting at
 * once (api, ingest and worker roles) migrate and seed one after the other. PGlite has one
 * process by construction and runs `fn` directly.
 */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (!database.pool) return fn();
  const conn = await database.pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(7401113)');
    return await fn();
  } finally {
    await conn.query('SELECT pg_advisory_unlock(7401113)').catch(() => undefined);
    conn.release();
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db, { migrationsFolder });
  }
}
