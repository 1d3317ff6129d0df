import libmime from 'libmime';
import type { Database } from '../db/client.ts';
import { BlobStore } from '../platform/blobs.ts';
import { storableText } from '../platform/input.ts';

/** A recipient the listener accepted: the tenant it belongs to and the plus tag, if any. */
export interface Recipient {
  tenantId: number;
  address: string;
  plusTag: string | null;
}

export interface AcceptInput {
  raw: Buffer;
  envelopeFrom: string;
  recipients: Recipient[];
  source: 'smtp' | 'imap' | 'upload';
  mailboxId?: number | null;
}

export interface AcceptedEmail {
  emailId: number;
  tenantId: number;
  duplicate: boolean;
}

export const PARSE_QUEUE = 'parse-email';
const GATHER_MS = 4;

/** The headers the door needs before full decoding: read from the raw header block only. */
export function scanHeaders(raw: Buffer): { messageId: string; subject: string; from: string } {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1');
  let end = head.search(/\r?\n\r?\n/);
  if (end < 0) end = head.length;
  const unfolded = head.slice(0, end).replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => {
    const m = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded);
    return m ? m[1].trim() : '';
  };
  const decode = (v: string) => {
    try {
      return v.includes('=?') ? libmime.decodeWords(v) : v;
    } catch {
      return v;
    }
  };
  const fromRaw = header('From');
  const addr = /<([^>]+)>/.exec(fromRaw)?.[1] ?? /[^\s<>"]+@[^\s<>"]+/.exec(fromRaw)?.[0] ?? '';
  // Columns get what PostgreSQL can hold (no NULs, capped); the blob keeps the bytes as sent.
  return {
    messageId: storableText(header('Message-ID').replace(/^<|>$/g, ''), 500),
    subject: storableText(decode(header('Subject')), 1000),
    from: storableText(addr.toLowerCase(), 320),
  };
}

interface PendingRow {
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
}

interface Directory {
  at: number;
  slugs: Map<string, number>;
  aliases: Map<string, number>;
  banned: { email: string; id: number }[];
}

/**
 * The one door into the pipeline for SMTP, IMAP and uploads: stores the raw bytes in the blob
 * store, writes the e-mail row (deduplicated by tenant, Message-ID and content hash), and queues
 * parsing. When `accept` resolves, the e-mail is durable.
 */
export class IngestService {
  private directory: Directory | null = null;
  private loading: Promise<Directory> | null = null;
  /** Called after new e-mails are queued (wakes the local parse worker). */
  onQueued: (() => void) | null = null;

  constructor(
    private readonly database: Database,
    readonly blobs: BlobStore,
    private readonly inboundDomain: string,
    private readonly enqueue: (emailIds: number[]) => Promise<void>,
    private readonly cacheMs = 2000,
    /** How long stored e-mails gather before one parse job names them all (0: at once, inline). */
    private readonly queueMs = 100,
  ) {}

  /** Forget cached tenants, aliases and banned senders (after they change). */
  invalidate(): void {
    this.directory = null;
  }

  private async load(): Promise<Directory> {
    if (this.directory && Date.now() - this.directory.at < this.cacheMs) return this.directory;
    this.loading ??= (async () => {
      try {
        const [t, a, b] = await Promise.all([
          // A disabled tenant's mail is still taken and stored: switching it back on loses nothing.
          this.database.query<{ id: number; slug: string }>('SELECT id, slug FROM tenants'),
          this.database.query<{ tenant_id: number; local_part: string }>(
            'SELECT a.tenant_id, a.local_part FROM tenant_aliases a',
          ),
          this.database.query<{ id: number; email: string }>('SELECT id, email FROM banned_emails'),
        ]);
        this.directory = {
          at: Date.now(),
          slugs: new Map(t.rows.map((r) => [r.slug.toLowerCase(), r.id])),
          aliases: new Map(a.rows.map((r) => [r.local_part, r.tenant_id])),
          banned: b.rows,
        };
        return this.directory;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** Which tenant an envelope recipient belongs to, or null (550 at RCPT). */
  async resolveRecipient(address: string): Promise<Recipient | null> {
    const at = address.lastIndexOf('@');
    if (at < 1) return null;
    const domain = address.slice(at + 1).toLowerCase();
    if (domain !== this.inboundDomain.toLowerCase()) return null;
    const local = address.slice(0, at).toLowerCase();
    const plus = local.indexOf('+');
    const base = plus >= 0 ? local.slice(0, plus) : local;
    const tag = plus >= 0 ? local.slice(plus + 1).slice(0, 100) || null : null;
    const dir = await this.load();
    const tenantId = dir.slugs.get(base) ?? dir.aliases.get(base);
    if (tenantId === undefined) return null;
    return { tenantId, address: `${local}@${domain}`, plusTag: tag };
  }

  /** The banned-list entry matching a sender (an address or its @domain), if any. */
  async bannedSender(address: string): Promise<number | null> {
    const a = address.toLowerCase();
    if (!a) return null;
    const domain = a.slice(a.lastIndexOf('@'));
    const dir = await this.load();
    const hit = dir.banned.find((b) => b.email === a || (b.email.startsWith('@') && b.email === domain));
    if (!hit) return null;
    void this.database
      .query('UPDATE banned_emails SET refused_count = refused_count + 1 WHERE id = $1', [hit.id])
      .catch(() => undefined);
    return hit.id;
  }

  /** Makes an e-mail durable for each tenant among its recipients and queues its parsing. */
  async accept(input: AcceptInput): Promise<AcceptedEmail[]> {
    if (!input.recipients.length) return [];
    const hash = BlobStore.hash(input.raw);
    const head = scanHeaders(input.raw);
    const messageId = head.messageId || `sha256:${hash}`;
    const envelopeFrom = storableText(input.envelopeFrom.toLowerCase(), 320);
    // One row per tenant; the first recipient of each tenant carries its plus tag.
    const byTenant = new Map<number, Recipient>();
    for (const r of input.recipients) if (!byTenant.has(r.tenantId)) byTenant.set(r.tenantId, r);
    const rows: PendingRow[] = [...byTenant.values()].map((r) => ({
      tenantId: r.tenantId,
      source: input.source,
      mailboxId: input.mailboxId ?? null,
      envelopeFrom,
      recipient: storableText(r.address, 320),
      plusTag: r.plusTag === null ? null : storableText(r.plusTag, 100),
      messageId,
      hash,
      subject: head.subject,
      from: head.from || envelopeFrom,
      size: input.raw.length,
      blobKey: this.blobs.keyFor('email', hash),
    }));
    return this.stored(rows, input.raw, hash);
  }

  /** Blob keys of accepts still writing (their blob must not be removed under them). */
  private readonly inFlight = new Map<string, number>();

  /**
   * Writes the blob, then the rows. When the rows cannot be written the blob goes too, unless
   * another accept of the same bytes is under way or a row already refers to it; a crash between
   * the two is left to the orphan sweep (`sweepOrphanBlobs`).
   */
  private async stored(rows: PendingRow[], raw: Buffer, hash: string): Promise<AcceptedEmail[]> {
    const key = this.blobs.keyFor('email', hash);
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const n = (this.inFlight.get(key) ?? 1) - 1;
      if (n > 0) this.inFlight.set(key, n);
      else this.inFlight.delete(key);
    };
    try {
      await this.blobs.put('email', raw, hash);
      return await Promise.all(rows.map((row) => this.write(row)));
    } catch (err) {
      release();
      await this.dropUnreferenced([key]).catch(() => undefined);
      throw err;
    } finally {
      release();
    }
  }

  /** Removes those of `keys` no e-mail row refers to and no accept is writing; returns how many. */
  private async dropUnreferenced(keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const used = await this.database.query<{ blob_key: string }>(
      'SELECT DISTINCT blob_key FROM emails WHERE blob_key = ANY($1::text[])',
      [keys],
    );
    const referenced = new Set(used.rows.map((r) => r.blob_key));
    let removed = 0;
    for (const key of keys) {
      if (referenced.has(key) || this.inFlight.has(key)) continue;
      if (await this.blobs.remove(key)) removed++;
    }
    return removed;
  }

  /**
   * Removes e-mail blobs older than `olderThanMs` that no row refers to (a crash or a failure
   * between the blob and its row), and abandoned temporary files. Content-addressed blobs may be
   * shared by several rows; any one reference keeps a blob.
   */
  async sweepOrphanBlobs(olderThanMs = 15 * 60_000): Promise<number> {
    const before = Date.now() - olderThanMs;
    await this.blobs.removeTempsOlderThan('email', before);
    const old = await this.blobs.listOlderThan('email', before);
    let removed = 0;
    for (let i = 0; i < old.length; i += 500) removed += await this.dropUnreferenced(old.slice(i, i + 500));
    return removed;
  }

  private pending: { row: PendingRow; resolve: (e: AcceptedEmail) => void; reject: (err: unknown) => void }[] = [];
  private flushing = false;

  /**
   * Group commit: rows that arrive while a write is in flight go together in the next one
   * statement, so the cost per e-mail falls as the rate rises. Each caller is answered only
   * after the statement holding its row has committed.
   */
  private write(row: PendingRow): Promise<AcceptedEmail> {
    return new Promise((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      if (this.flushing || this.flushTimer) return;
      // A few milliseconds of gathering turns a busy stream of e-mails into one statement.
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        void this.flush();
      }, GATHER_MS);
    });
  }

  private flushTimer: NodeJS.Timeout | null = null;
  private toQueue: number[] = [];
  private queueTimer: NodeJS.Timeout | null = null;

  /** Parse jobs go out at most every QUEUE_MS, each naming every e-mail stored since the last. */
  private queueParse(ids: number[]) {
    this.toQueue.push(...ids);
    if (this.queueTimer) return;
    this.queueTimer = setTimeout(() => {
      this.queueTimer = null;
      const batch = this.toQueue.splice(0);
      void (async () => {
        for (let i = 0; i < batch.length; i += 200) {
          try {
            await this.enqueue(batch.slice(i, i + 200));
          } catch {
            // The rows are durable in state Waiting; the recovery sweep queues them again.
          }
        }
        this.onQueued?.();
      })();
    }, this.queueMs);
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, 500);
        try {
          const out = await this.insertRows(batch.map((b) => b.row));
          batch.forEach((b, i) => b.resolve(out[i]));
        } catch (err) {
          for (const b of batch) b.reject(err);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private async insertRows(rows: PendingRow[]): Promise<AcceptedEmail[]> {
    const col = <K extends keyof PendingRow>(k: K) => rows.map((r) => r[k]);
    const inserted = await this.database.query<{
      id: string;
      tenant_id: number;
      message_id: string;
      content_hash: string;
    }>(
      `INSERT INTO emails (tenant_id, source, mailbox_id, envelope_from, recipient, plus_tag, message_id, content_hash,
         subject, from_address, size, blob_key)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::text[], $11::int[], $12::text[])
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
      ],
    );
    const key = (t: number, m: string, h: string) => `${t}\u0000${m}\u0000${h}`;
    const fresh = new Map(inserted.rows.map((r) => [key(r.tenant_id, r.message_id, r.content_hash), Number(r.id)]));
    const missing = rows.filter((r) => !fresh.has(key(r.tenantId, r.messageId, r.hash)));
    const existing = new Map<string, number>();
    if (missing.length) {
      const found = await this.database.query<{
        id: string;
        tenant_id: number;
        message_id: string;
        content_hash: string;
      }>(
        `SELECT e.id, e.tenant_id, e.message_id, e.content_hash FROM emails e
           JOIN unnest($1::int[], $2::text[], $3::text[]) AS k(tenant_id, message_id, content_hash)
             ON e.tenant_id = k.tenant_id AND e.message_id = k.message_id AND e.content_hash = k.content_hash`,
        [missing.map((r) => r.tenantId), missing.map((r) => r.messageId), missing.map((r) => r.hash)],
      );
      for (const r of found.rows) existing.set(key(r.tenant_id, r.message_id, r.content_hash), Number(r.id));
    }
    // The same e-mail twice in one batch: the first is fresh, the rest are duplicates of it.
    const claimed = new Set<string>();
    const out = rows.map((r) => {
      const k = key(r.tenantId, r.messageId, r.hash);
      if (fresh.has(k) && !claimed.has(k)) {
        claimed.add(k);
        return { emailId: fresh.get(k)!, tenantId: r.tenantId, duplicate: false };
      }
      return { emailId: fresh.get(k) ?? existing.get(k) ?? 0, tenantId: r.tenantId, duplicate: true };
    });
    const queued = out.filter((e) => !e.duplicate).map((e) => e.emailId);
    if (queued.length) {
      if (this.queueMs > 0) this.queueParse(queued);
      else await this.enqueue(queued);
    }
    return out;
  }

  /** Queues every e-mail left Waiting (a crash between the row and its job) or stuck InProgress. */
  async requeueStranded(olderThanSeconds = 60): Promise<number> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM emails WHERE state IN ('Waiting', 'InProgress', 'Retrying', 'WaitingForRetry', 'None')
          AND received_at < now() - make_interval(secs => $1) ORDER BY id LIMIT 5000`,
      [olderThanSeconds],
    );
    const ids = rows.rows.map((r) => Number(r.id));
    for (let i = 0; i < ids.length; i += 200) await this.enqueue(ids.slice(i, i + 200));
    return ids.length;
  }
}
