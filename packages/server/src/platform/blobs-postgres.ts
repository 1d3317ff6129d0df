import type { Database, QueryFn } from '../db/client.ts';
import { blobMissing, BlobStore, type BlobEntry, type BlobItem } from './blobs.ts';

/** Rows a statement carries at most (three parameters each, well under PostgreSQL's 65,535). */
const CHUNK = 500;

/** The drivers hand bytea back as a Buffer (pg) or a Uint8Array (PGlite). */
function toBuffer(v: Uint8Array): Buffer {
  return Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

/**
 * Blobs in the `blobs` table of the database (BLOB_STORE=postgres): every node shares them with
 * nothing else to run, and a batch is one INSERT. A blob commits with its statement, so a crash
 * never leaves half of one. Works on PGlite too.
 */
export class PostgresBlobStore extends BlobStore {
  readonly backend = 'postgres' as const;

  constructor(private readonly database: Database) {
    super();
  }

  async putMany(
    items: BlobItem[],
    query: QueryFn = (text, params) => this.database.query(text, params),
  ): Promise<string[]> {
    const { keys, byKey } = this.unique(items);
    const rows = [...byKey];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const params: unknown[] = [];
      const values = chunk.map(([key, item]) => {
        params.push(key, item.data, item.data.length);
        const n = params.length;
        return `($${n - 2}, $${n - 1}, $${n})`;
      });
      // Bytes already stored stay; their write time is refreshed for the orphan sweep (at most
      // once a minute, so a burst of the same e-mail does not rewrite the row each time).
      await query(
        `INSERT INTO blobs (key, data, size) VALUES ${values.join(', ')}
         ON CONFLICT (key) DO UPDATE SET created_at = now()
         WHERE blobs.created_at < now() - interval '1 minute'`,
        params,
      );
    }
    return keys;
  }

  async get(key: string): Promise<Buffer> {
    const r = await this.database.query<{ data: Uint8Array }>('SELECT data FROM blobs WHERE key = $1', [
      this.checkKey(key),
    ]);
    if (!r.rows.length) throw blobMissing(key);
    return toBuffer(r.rows[0].data);
  }

  async stat(key: string): Promise<BlobEntry | null> {
    const r = await this.database.query<{ size: string | number; ms: string | number }>(
      'SELECT size, (extract(epoch FROM created_at) * 1000)::float8 AS ms FROM blobs WHERE key = $1',
      [this.checkKey(key)],
    );
    return r.rows.length ? { key, size: Number(r.rows[0].size), writtenMs: Number(r.rows[0].ms) } : null;
  }

  async delete(key: string): Promise<boolean> {
    const r = await this.database.query('DELETE FROM blobs WHERE key = $1', [this.checkKey(key)]);
    return r.rowCount > 0;
  }

  /** Pages through the table by key, so a large store is never read into memory at once. */
  async *list(kind?: string): AsyncGenerator<BlobEntry> {
    let after = kind === undefined ? '' : `${kind}/`;
    const prefix = kind === undefined ? '' : `${kind}/`;
    for (;;) {
      const r = await this.database.query<{ key: string; size: string | number; ms: string | number }>(
        `SELECT key, size, (extract(epoch FROM created_at) * 1000)::float8 AS ms FROM blobs
         WHERE key > $1 AND starts_with(key, $2) ORDER BY key LIMIT 1000`,
        [after, prefix],
      );
      for (const row of r.rows) yield { key: row.key, size: Number(row.size), writtenMs: Number(row.ms) };
      if (r.rows.length < 1000) return;
      after = r.rows[r.rows.length - 1].key;
    }
  }

  override async listOlderThan(kind: string, beforeMs: number): Promise<string[]> {
    const r = await this.database.query<{ key: string }>(
      'SELECT key FROM blobs WHERE starts_with(key, $1) AND created_at < to_timestamp($2::float8 / 1000)',
      [`${kind}/`, beforeMs],
    );
    return r.rows.map((row) => row.key);
  }
}
