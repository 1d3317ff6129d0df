import { decodeWords } from 'libmime';
import type { Database } from '../db/client.ts';
import { BlobStore } from '../platform/blobs.ts';

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
      return v.includes('=?') ? decodeWords(v) : v;
    } catch {
      return v;
    }
  };
  const fromRaw = header('From');
  const addr = /<([^>]+)>/.exec(fromRaw)?.[1] ?? /[^\s<>"]+@[^\s<>"]+/.exec(fromRaw)?.[0] ?? '';
  return {
    messageId: header('Message-ID').replace(/^<|>$/g, '').slice(0, 500),
    subject: decode(header('Subject')).slice(0, 1000),
    from: addr.toLowerCase().slice(0, 320),
  };
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
          this.database.query<{ id: number; slug: string }>('SELECT id, slug FROM tenants WHERE is_enabled'),
          this.database.query<{ tenant_id: number; local_part: string }>(
            'SELECT a.tenant_id, a.local_part FROM tenant_aliases a JOIN tenants t ON t.id = a.tenant_id WHERE t.is_enabled',
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
    const blobKey = await this.blobs.put('email', input.raw, hash);
    const head = scanHeaders(input.raw);
    const messageId = head.messageId || `sha256:${hash}`;
    // One row per tenant; the first recipient of each tenant carries its plus tag.
    const byTenant = new Map<number, Recipient>();
    for (const r of input.recipients) if (!byTenant.has(r.tenantId)) byTenant.set(r.tenantId, r);
    const out: AcceptedEmail[] = [];
    for (const r of byTenant.values()) {
      const inserted = await this.database.query<{ id: number }>(
        `INSERT INTO emails (tenant_id, source, mailbox_id, envelope_from, recipient, plus_tag, message_id, content_hash,
           subject, from_address, size, blob_key, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'Waiting')
         ON CONFLICT (tenant_id, message_id, content_hash) DO NOTHING RETURNING id`,
        [
          r.tenantId,
          input.source,
          input.mailboxId ?? null,
          input.envelopeFrom.toLowerCase().slice(0, 320),
          r.address,
          r.plusTag,
          messageId,
          hash,
          head.subject,
          head.from || input.envelopeFrom.toLowerCase().slice(0, 320),
          input.raw.length,
          blobKey,
        ],
      );
      if (inserted.rows.length) {
        out.push({ emailId: Number(inserted.rows[0].id), tenantId: r.tenantId, duplicate: false });
      } else {
        const existing = await this.database.query<{ id: number }>(
          'SELECT id FROM emails WHERE tenant_id = $1 AND message_id = $2 AND content_hash = $3',
          [r.tenantId, messageId, hash],
        );
        out.push({ emailId: Number(existing.rows[0]?.id ?? 0), tenantId: r.tenantId, duplicate: true });
      }
    }
    const fresh = out.filter((e) => !e.duplicate).map((e) => e.emailId);
    if (fresh.length) {
      try {
        await this.enqueue(fresh);
        this.onQueued?.();
      } catch {
        // The rows are durable in state Waiting; the recovery sweep queues them again.
      }
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
    if (ids.length) await this.enqueue(ids);
    return ids.length;
  }
}
