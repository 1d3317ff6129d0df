import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type Database } from '../src/db/client.ts';

/**
 * PGlite databases for API test files, lent one after another instead of loaded per file.
 *
 * Loading the template dump into a new PGlite costs 0.5–0.9 s on a busy 2-core machine, once per
 * file. A lent database is put back to the template's state when its file drops it: every table
 * emptied and refilled with the template's rows, every sequence set back, every setting reset.
 * Anything the reset does not cover (a table, function, type, trigger, index or constraint the
 * file added or removed outside a schema of its own) retires the database instead, and the next
 * file gets a fresh load. A database is also retired after `MAX_LENDS` files, so one long-lived
 * WebAssembly heap never carries the whole run.
 *
 * Each file sees the database through its own lease: once the file drops it, any late call from
 * that file (a timer its app left behind) throws as on a closed database, instead of writing
 * into the next file's data.
 */
const MAX_LENDS = 20;
const MAX_IDLE = 3;

interface Snapshot {
  schemas: string[];
  relations: string[];
  signature: string;
  tables: { name: string; columns: string[]; rows: string }[];
  allTables: string[];
  sequences: { name: string; value: string; called: boolean }[];
}

interface Pooled {
  client: PGlite;
  lends: number;
}

const idle: Pooled[] = [];
let snapshot: Promise<Snapshot> | null = null;

const SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const ident = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

async function rows<T>(client: PGlite, text: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(text, params)).rows;
}

async function schemasOf(client: PGlite): Promise<string[]> {
  const r = await rows<{ s: string }>(client, `select n.nspname s from pg_namespace n where ${SYSTEM} order by 1`);
  return r.map((x) => x.s);
}

async function relationsOf(client: PGlite): Promise<{ s: string; t: string; k: string }[]> {
  return rows(
    client,
    `select n.nspname s, c.relname t, c.relkind::text k from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'S', 'v', 'm', 'f') and ${SYSTEM} order by 1, 2`,
  );
}

/** Counts of the schema objects a reset does not restore: any difference retires the database. */
async function signatureOf(client: PGlite): Promise<string> {
  const [r] = await rows<Record<string, number>>(
    client,
    `select
      (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${SYSTEM})::int procs,
      (select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${SYSTEM})::int types,
      (select count(*) from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM})::int indexes,
      (select count(*) from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM})::int triggers,
      (select count(*) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where ${SYSTEM})::int constraints,
      (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace where a.attnum > 0 and not a.attisdropped and ${SYSTEM})::int columns,
      (select count(*) from pg_roles)::int roles`,
  );
  return JSON.stringify(r);
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const relations = await relationsOf(client);
  const tables: Snapshot['tables'] = [];
  const sequences: Snapshot['sequences'] = [];
  for (const rel of relations) {
    const name = ident(rel.s, rel.t);
    if (rel.k === 'r') {
      const [{ n }] = await rows<{ n: number }>(client, `select count(*)::int n from only ${name}`);
      if (!n) continue;
      const columns = (
        await rows<{ a: string }>(
          client,
          `select attname a from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
          [name],
        )
      ).map((c) => quote(c.a));
      const [{ j }] = await rows<{ j: string }>(
        client,
        `select coalesce(json_agg(t), '[]'::json)::text j from (select ${columns.join(', ')} from only ${name}) t`,
      );
      tables.push({ name, columns, rows: j });
    } else if (rel.k === 'S') {
      const [v] = await rows<{ last_value: string; is_called: boolean }>(
        client,
        `select last_value::text, is_called from ${name}`,
      );
      sequences.push({ name, value: v.last_value, called: v.is_called });
    }
  }
  return {
    schemas: await schemasOf(client),
    relations: relations.map((r) => `${r.s}.${r.t}:${r.k}`),
    signature: await signatureOf(client),
    tables,
    allTables: relations.filter((r) => r.k === 'r' || r.k === 'p').map((r) => ident(r.s, r.t)),
    sequences,
  };
}

/** Puts the database back to the template's state; false when it cannot (the caller retires it). */
async function reset(client: PGlite, snap: Snapshot): Promise<boolean> {
  try {
    await client.exec('discard all');
    for (const s of await schemasOf(client))
      if (!snap.schemas.includes(s)) await client.exec(`drop schema ${quote(s)} cascade`);
    const relations = (await relationsOf(client)).map((r) => `${r.s}.${r.t}:${r.k}`);
    if (relations.join('\n') !== snap.relations.join('\n')) return false;
    if ((await signatureOf(client)) !== snap.signature) return false;
    await client.transaction(async (tx) => {
      await tx.exec(`truncate ${snap.allTables.join(', ')} restart identity cascade`);
      await tx.exec('set local session_replication_role = replica');
      for (const t of snap.tables)
        await tx.query(
          `insert into ${t.name} (${t.columns.join(', ')}) overriding system value
            select ${t.columns.join(', ')} from json_populate_recordset(null::${t.name}, $1::json)`,
          [t.rows],
        );
      await tx.query(
        `select setval(s::regclass, v::bigint, c) from unnest($1::text[], $2::text[], $3::bool[]) as x(s, v, c)`,
        [snap.sequences.map((s) => s.name), snap.sequences.map((s) => s.value), snap.sequences.map((s) => s.called)],
      );
    });
    return true;
  } catch {
    return false;
  }
}

/** A lease: the client as the file sees it, closed for good once the file drops it. */
function lease(client: PGlite): { database: Database; revoke: () => void } {
  let revoked = false;
  const view = new Proxy(client, {
    get(target, prop) {
      if (revoked && prop !== 'closed') throw new Error('this test database was dropped');
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const database = pgliteDatabase(view);
  return {
    database: { ...database, close: async () => undefined },
    revoke: () => {
      revoked = true;
    },
  };
}

export async function lendPglite(dumpPath: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  let pooled = idle.pop();
  if (!pooled) {
    const client = await PGlite.create('memory://', { loadDataDir: new Blob([readFileSync(dumpPath)]) });
    snapshot ??= takeSnapshot(client);
    await snapshot;
    pooled = { client, lends: 0 };
  }
  pooled.lends++;
  const { database, revoke } = lease(pooled.client);
  const own = pooled;
  let dropped = false;
  return {
    database,
    async drop() {
      if (dropped) return;
      dropped = true;
      revoke();
      if (own.lends < MAX_LENDS && idle.length < MAX_IDLE && (await reset(own.client, await snapshot!))) idle.push(own);
      else await own.client.close().catch(() => undefined);
    },
  };
}
