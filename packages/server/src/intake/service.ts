import libmime from 'libmime';
import type { Database } from '../db/client.ts';
import { BlobStore } from '../platform/blobs.ts';
import { storableText } from '../platform/input.ts';
import { GroupCommit, type PendingRow } from './group-commit.ts';
import { bannedIn, recipientIn, type Directory, type Recipient } from './directory.ts';

export interface AcceptInput {
  raw: Buffer;
  envelopeFrom: string;
  recipients: Recipient[];
  source: 'smtp' | 'imap' | 'upload';
  mailboxId?: number | null;
  /** When the e-mail arrived, if before now (an e-mail filed from the SMTP spool). */
  receivedAt?: Date;
}

export interface AcceptedEmail {
  emailId: number;
  tenantId: number;
  duplicate: boolean;
}

export const PARSE_QUEUE = 'parse-email';
export { ALERT_ADDRESS_SUFFIX } from './directory.ts';

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
  ) {
    this.commit = new GroupCommit(database, blobs, (ids) =>
      this.queueMs > 0 ? Promise.resolve(this.queueParse(ids)) : this.enqueue(ids),
    );
  }

  /** Blobs and rows of accepted e-mails, committed in groups. */
  private readonly commit: GroupCommit;

  /** Forget cached tenants, aliases and banned senders (after they change). */
  invalidate(): void {
    this.directory = null;
    for (const hear of this.invalidated) hear();
  }

  /** Told when the cached directory is dropped (the SMTP thread keeps its own copy). */
  readonly invalidated: (() => void)[] = [];

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

  /** The tenants, aliases and banned senders the door checks against (cached for `cacheMs`). */
  directoryNow(): Promise<Directory> {
    return this.load();
  }

  /** Which tenant an envelope recipient belongs to, or null (550 at RCPT). */
  async resolveRecipient(address: string): Promise<Recipient | null> {
    return recipientIn(await this.load(), this.inboundDomain, address);
  }

  /** The banned-list entry matching a sender (an address or its @domain), if any. */
  async bannedSender(address: string): Promise<number | null> {
    const hit = bannedIn(await this.load(), address);
    if (hit !== null) this.countRefusal(hit);
    return hit;
  }

  /** One more e-mail refused for the banned-list entry `id`. */
  countRefusal(id: number): void {
    void this.database
      .query('UPDATE banned_emails SET refused_count = refused_count + 1 WHERE id = $1', [id])
      .catch(() => undefined);
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
      receivedAt: input.receivedAt ?? null,
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
      return await this.commit.submit(rows, raw, hash);
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
