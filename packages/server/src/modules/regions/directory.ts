import { timingSafeEqual } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { regionDirectory } from '../../db/schema/index.ts';
import { directoryKey, type DirectoryKind, type RegionMap } from './regions.ts';

const TIMEOUT_MS = 3000;
const BATCH = 500;
/** Keys per call to the directory (its body limit is 1 MB). */
const SEND = 5000;

export interface DirectoryChange {
  Region: string;
  Add: string[];
  Remove: string[];
}

/**
 * The shared sign-in directory. The deployment that keeps it answers from its own table; the
 * others ask it over HTTP with the regions' shared secret. Only keyed hashes travel.
 */
export class RegionDirectory {
  constructor(
    private readonly database: Database,
    readonly map: RegionMap,
  ) {}

  get keepsDirectory(): boolean {
    return this.map.directoryUrl === null;
  }

  key(kind: DirectoryKind, value: string): string {
    return directoryKey(this.map.secret, kind, value);
  }

  /** The home region of a key, or null when the directory does not know it (or cannot be reached). */
  async lookup(key: string): Promise<string | null> {
    if (this.keepsDirectory) {
      const [row] = await this.database.db
        .select({ region: regionDirectory.region })
        .from(regionDirectory)
        .where(eq(regionDirectory.key, key));
      return row?.region ?? null;
    }
    const res = await fetch(`${this.map.directoryUrl}/api/regions/directory/${key}`, {
      headers: { authorization: `Bearer ${this.map.secret}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`region directory answered ${res.status}`);
    return ((await res.json()) as { Region: string }).Region;
  }

  /** Whether a caller presented the regions' shared secret. */
  authorised(header: string | undefined): boolean {
    if (!this.map.secret || !header?.startsWith('Bearer ')) return false;
    const given = Buffer.from(header.slice(7));
    const expected = Buffer.from(this.map.secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Applies one region's additions and removals to the kept directory. */
  async apply(change: DirectoryChange): Promise<{ Added: number; Removed: number }> {
    const db = this.database.db;
    let removed = 0;
    for (let i = 0; i < change.Remove.length; i += BATCH) {
      const keys = change.Remove.slice(i, i + BATCH);
      const gone = await db
        .delete(regionDirectory)
        .where(sql`${inArray(regionDirectory.key, keys)} AND ${regionDirectory.region} = ${change.Region}`)
        .returning({ key: regionDirectory.key });
      removed += gone.length;
    }
    let added = 0;
    for (let i = 0; i < change.Add.length; i += BATCH) {
      const rows = change.Add.slice(i, i + BATCH).map((key) => ({ key, region: change.Region }));
      // An e-mail or tenant that already has a home region keeps it: a second region's account
      // with the same address is not routed to.
      const fresh = await db
        .insert(regionDirectory)
        .values(rows)
        .onConflictDoNothing({ target: regionDirectory.key })
        .returning({ key: regionDirectory.key });
      added += fresh.length;
    }
    return { Added: added, Removed: removed };
  }

  /**
   * Registers this region's sign-in e-mails and tenants: works out what changed since the last
   * sync (against the entries it registered before) and sends only that.
   */
  async sync(): Promise<{ Added: number; Removed: number }> {
    const region = this.map.current.Name;
    const local = await this.database.query<{ kind: DirectoryKind; value: string }>(
      `SELECT 'email' AS kind, email AS value FROM users UNION ALL SELECT 'tenant' AS kind, slug AS value FROM tenants`,
    );
    const wanted = new Set(local.rows.map((r) => this.key(r.kind, r.value)));
    const known = await this.database.query<{ key: string; region: string }>(
      'SELECT key, region FROM region_directory',
    );
    const taken = new Set(known.rows.map((r) => r.key));
    const had = new Set(known.rows.filter((r) => r.region === region).map((r) => r.key));
    const change: DirectoryChange = {
      Region: region,
      Add: [...wanted].filter((k) => !taken.has(k)),
      Remove: [...had].filter((k) => !wanted.has(k)),
    };
    if (this.keepsDirectory) return this.apply(change);
    const total = { Added: 0, Removed: 0 };
    for (let i = 0; i < Math.max(change.Add.length, change.Remove.length); i += SEND) {
      const part = { Region: region, Add: change.Add.slice(i, i + SEND), Remove: change.Remove.slice(i, i + SEND) };
      const res = await fetch(`${this.map.directoryUrl}/api/regions/directory`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.map.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(part),
        signal: AbortSignal.timeout(TIMEOUT_MS * 5),
      });
      if (!res.ok) throw new Error(`region directory answered ${res.status}`);
      // Remember what the directory now holds for this region, so the next sync sends only changes.
      await this.apply(part);
      const done = (await res.json()) as { Added: number; Removed: number };
      total.Added += done.Added;
      total.Removed += done.Removed;
    }
    return total;
  }
}
