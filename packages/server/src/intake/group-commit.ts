import type { Database, QueryFn } from '../db/client.ts';
import type { BlobStore } from '../platform/blobs.ts';

/** One e-mail row waiting to be written: one per tenant among an e-mail's recipients. */
export interface PendingRow {
  tenantId: number;
  source: string;
  mailboxId: number | null;
  envelopeFrom: string;
  recipient: string;
  plusTag: string | null;
  messageId: string;
  hash: string;
  subject: string;
  from: string;
  size: number;
  blobKey: string;
  /** Null: now (the commit's time). */
  receivedAt: Date | null;
}

export interface StoredRow {
  emailId: number;
  tenantId: number;
  duplicate: boolean;
}

interface Arrival {
  rows: PendingRow[];
  raw: Buffer;
  hash: string;
  resolve: (stored: StoredRow[]) => void;
  reject: (err: unknown) => void;
}

/** How long the first e-mail of a quiet moment waits for others to share its commit. */
const GATHER_MS = 4;
/** Rows one commit carries at most. */
const MAX_ROWS = 500;
/**
 * Commits under way at once: while one batch's blobs are fsynced or its rows commit, the next
 * batch gathers and starts, so the disk and the database work side by side.
 */
const MAX_ACTIVE = 2;

/**
 * Group commit of accepted e-mails: the e-mails that arrive while a commit is under way go
 * together in the next one, so the cost per e-mail falls as the rate rises. A commit is one
 * INSERT of all its rows; with the blobs in the database their batch (`putMany`) goes in the
 * same transaction, otherwise each blob is already durable before its row joins a commit. Each
 * caller is answered only after its blob and its rows are durable, then `onStored` has the new
 * e-mails' ids.
 */
export class GroupCommit {
  private pending: Arrival[] = [];
  private active = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly blobs: BlobStore,
    /** Runs after each commit with the ids of the e-mails it stored for the first time. */
    private readonly onStored: (emailIds: number[]) => Promise<void>,
  ) {}

  submit(rows: PendingRow[], raw: Buffer, hash: string): Promise<StoredRow[]> {
    return new Promise((resolve, reject) => {
      const arrival = { rows, raw, hash, resolve, reject };
      if (this.inTransaction) {
        this.pending.push(arrival);
        this.schedule();
        return;
      }
      // Files and objects: each blob is written the moment it arrives (measured faster here than
      // waiting for a batch's slowest fsync); its row then joins the next group commit.
      this.blobs.put('email', raw, hash).then(() => {
        this.pending.push(arrival);
        this.schedule();
      }, reject);
    });
  }

  /** Blobs in the database commit in the rows' transaction: one commit makes both durable. */
  private get inTransaction(): boolean {
    return this.blobs.backend === 'postgres';
  }

  private schedule(): void {
    if (this.timer || this.active >= MAX_ACTIVE || !this.pending.length) return;
    // A few milliseconds of gathering turns a busy stream of e-mails into one commit.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.startOne();
    }, GATHER_MS);
  }

  private startOne(): void {
    if (this.active >= MAX_ACTIVE || !this.pending.length) return;
    let rows = 0;
    let n = 0;
    while (n < this.pending.length && (n === 0 || rows + this.pending[n].rows.length <= MAX_ROWS)) {
      rows += this.pending[n].rows.length;
      n++;
    }
    const batch = this.pending.splice(0, n);
    this.active++;
    void this.commit(batch).finally(() => {
      this.active--;
      // What gathered meanwhile goes at once: it has waited for a commit already.
      if (this.pending.length) this.startOne();
      this.schedule();
    });
  }

  private async commit(batch: Arrival[]): Promise<void> {
    try {
      // Sorted by key, so two commits holding the same bytes never wait on each other crosswise.
      const items = batch
        .map((a) => ({ kind: 'email', data: a.raw, hash: a.hash }))
        .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
      const rows = batch.flatMap((a) => a.rows);
      const out = this.inTransaction
        ? await this.database.transaction(async (q) => {
            await this.blobs.putMany(items, q);
            return insertRows(q, rows);
          })
        : await insertRows((text, params) => this.database.query(text, params), rows);
      const fresh = out.filter((e) => !e.duplicate).map((e) => e.emailId);
      if (fresh.length) await this.onStored(fresh);
      let i = 0;
      for (const a of batch) {
        a.resolve(out.slice(i, i + a.rows.length));
        i += a.rows.length;
      }
    } catch (err) {
      for (const a of batch) a.reject(err);
    }
  }
}

type Found = { id: string; tenant_id: number; message_id: string; content_hash: string };

/** Writes the rows in one statement; an e-mail already stored (tenant, Message-ID, bytes) is a duplicate. */
async function insertRows(query: QueryFn, rows: PendingRow[]): Promise<StoredRow[]> {
  const col = <K extends keyof PendingRow>(k: K) => rows.map((r) => r[k]);
  const inserted = await query<Found>(
    `INSERT INTO emails (tenant_id, source, mailbox_id, envelope_from, recipient, plus_tag, message_id, content_hash,
       subject, from_address, size, blob_key, received_at)
     SELECT t, s, mb, ef, rc, pt, mi, ch, sj, fa, sz, bk, coalesce(ra, now())
       FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[], $11::int[], $12::text[], $13::timestamptz[])
         AS k(t, s, mb, ef, rc, pt, mi, ch, sj, fa, sz, bk, ra)
     ON CONFLICT (tenant_id, message_id, content_hash) DO NOTHING
     RETURNING id, tenant_id, message_id, content_hash`,
    [
      col('tenantId'),
      col('source'),
      col('mailboxId'),
      col('envelopeFrom'),
      col('recipient'),
      col('plusTag'),
      col('messageId'),
      col('hash'),
      col('subject'),
      col('from'),
      col('size'),
      col('blobKey'),
      rows.map((r) => (r.receivedAt ? r.receivedAt.toISOString() : null)),
    ],
  );
  const key = (t: number, m: string, h: string) => `${t}\u0000${m}\u0000${h}`;
  const fresh = new Map(inserted.rows.map((r) => [key(r.tenant_id, r.message_id, r.content_hash), Number(r.id)]));
  const missing = rows.filter((r) => !fresh.has(key(r.tenantId, r.messageId, r.hash)));
  const existing = new Map<string, number>();
  if (missing.length) {
    const found = await query<Found>(
      `SELECT e.id, e.tenant_id, e.message_id, e.content_hash FROM emails e
         JOIN unnest($1::int[], $2::text[], $3::text[]) AS k(tenant_id, message_id, content_hash)
           ON e.tenant_id = k.tenant_id AND e.message_id = k.message_id AND e.content_hash = k.content_hash`,
      [missing.map((r) => r.tenantId), missing.map((r) => r.messageId), missing.map((r) => r.hash)],
    );
    for (const r of found.rows) existing.set(key(r.tenant_id, r.message_id, r.content_hash), Number(r.id));
  }
  // The same e-mail twice in one batch: the first is fresh, the rest are duplicates of it.
  const claimed = new Set<string>();
  return rows.map((r) => {
    const k = key(r.tenantId, r.messageId, r.hash);
    if (fresh.has(k) && !claimed.has(k)) {
      claimed.add(k);
      return { emailId: fresh.get(k)!, tenantId: r.tenantId, duplicate: false };
    }
    return { emailId: fresh.get(k) ?? existing.get(k) ?? 0, tenantId: r.tenantId, duplicate: true };
  });
}
