import { ImapFlow, type ImapFlowError } from 'imapflow';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { OutboundRefused, outboundPolicy, resolveOutbound, type OutboundTarget } from '../platform/outbound.ts';
import type { Secrets } from '../platform/secrets.ts';
import { imapPasswordContext } from '../platform/secrets-at-rest.ts';
import { storableText } from '../platform/input.ts';
import type { IngestService } from './service.ts';

/** A row of `mailboxes` as the poller reads it. */
export interface MailboxToPoll {
  id: number;
  tenant_id: number;
  email: string;
  host: string;
  port: number;
  secure: boolean;
  user_name: string;
  password: string;
  folder: string;
  uid_validity: number | string | null;
  last_uid: number | string;
  last_error: string | null;
}

export interface PollOptions {
  /** Messages taken from one mailbox in one poll; the rest wait for the next poll. */
  maxMessages?: number;
  /** Mailboxes polled at the same time. */
  concurrency?: number;
  /**
   * A mailbox is due when it was last polled at least this long ago. Defaults to
   * IMAP_POLL_SECONDS less 15 s of slack, so a minute's poll is not skipped because the
   * previous one started a moment late.
   */
  intervalSeconds?: number;
  /** Larger messages are skipped with a note instead of downloaded; defaults to SMTP_MAX_BYTES. */
  maxBytes?: number;
  /** No new message is started after this long in one mailbox (the rest wait for the next poll). */
  budgetMs?: number;
}

export interface PollOutcome {
  mailboxId: number;
  /** New e-mails stored. */
  fetched: number;
  /** Messages that were already stored (a re-read after a crash or a UIDVALIDITY change). */
  duplicates: number;
  /** Messages over the size limit, left in the mailbox. */
  skipped: number;
  /** Messages above last_uid left for the next poll (the per-poll cap or the time budget). */
  remaining: number;
  error: string | null;
}

interface PollDeps {
  database: Database;
  ingest: IngestService;
  config: Config;
  secrets: Secrets;
}

export const MAX_MESSAGES_PER_POLL = 500;
const CONCURRENCY = 4;
const BUDGET_MS = 4 * 60_000;
/** A note about skipped messages starts with this; it stays until a later poll stores new e-mail. */
const SKIP_NOTE = 'Skipped ';

const UNREADABLE_PASSWORD =
  "the stored password cannot be opened with this server's master key (VIGIL_SECRET_KEY or DATA_DIR/secret.key): enter the password again";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Mailboxes being polled by this process (a second poll of the same one waits for the next tick). */
const polling = new Set<number>();

/**
 * Polls every enabled mailbox of an enabled tenant that is due, a few at a time. A mailbox is
 * claimed by moving its last_polled_at in one UPDATE, so nodes running the job at the same time
 * share the work instead of polling the same mailbox twice. One failing mailbox never stops the
 * others: its error goes to its last_error.
 */
export async function pollAllMailboxes(deps: PollDeps, options: PollOptions = {}): Promise<PollOutcome[]> {
  const interval = Math.max(0, options.intervalSeconds ?? deps.config.IMAP_POLL_SECONDS - 15);
  const due = await deps.database.query<{ id: number }>(
    `SELECT m.id FROM mailboxes m JOIN tenants t ON t.id = m.tenant_id
      WHERE m.is_enabled AND t.is_enabled
        AND (m.last_polled_at IS NULL OR m.last_polled_at <= now() - make_interval(secs => $1))
      ORDER BY m.last_polled_at NULLS FIRST, m.id`,
    [interval],
  );
  const queue = due.rows.map((r) => r.id);
  const outcomes: PollOutcome[] = [];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (polling.has(id)) continue;
      polling.add(id);
      try {
        const claimed = await deps.database.query<MailboxToPoll>(
          `UPDATE mailboxes m SET last_polled_at = now() FROM tenants t
            WHERE m.id = $1 AND t.id = m.tenant_id AND m.is_enabled AND t.is_enabled
              AND (m.last_polled_at IS NULL OR m.last_polled_at <= now() - make_interval(secs => $2))
            RETURNING m.*`,
          [id, interval],
        );
        if (claimed.rows[0]) outcomes.push(await pollMailbox(deps, claimed.rows[0], options));
      } catch (err) {
        // The database failed around the claim; pollMailbox itself never throws.
        outcomes.push({ mailboxId: id, fetched: 0, duplicates: 0, skipped: 0, remaining: 0, error: String(err) });
      } finally {
        polling.delete(id);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? CONCURRENCY) }, worker));
  return outcomes;
}

/**
 * Pulls one mailbox: new messages (UID above last_uid) go through `ingest.accept` one by one,
 * oldest first; last_uid moves only after the e-mail is durable, so a crash re-reads it and the
 * store's deduplication makes that harmless. Stored messages are flagged \Seen. Never throws:
 * the outcome, and last_error, say what went wrong.
 */
export async function pollMailbox(deps: PollDeps, box: MailboxToPoll, options: PollOptions = {}): Promise<PollOutcome> {
  const { database, ingest } = deps;
  const maxBytes = options.maxBytes ?? deps.config.SMTP_MAX_BYTES;
  const cap = options.maxMessages ?? MAX_MESSAGES_PER_POLL;
  const deadline = Date.now() + (options.budgetMs ?? BUDGET_MS);
  const outcome: PollOutcome = { mailboxId: box.id, fetched: 0, duplicates: 0, skipped: 0, remaining: 0, error: null };
  const skips: string[] = [];
  const maxLiteral = maxBytes + 1024 * 1024;
  // Sealed under the master key; a value this server's key does not open is reported, not tried.
  const pass = deps.secrets.openOrPlain(box.password, imapPasswordContext(box.tenant_id));
  // The host goes through the outbound guard; the client connects to the address it checked.
  let target: OutboundTarget | null = null;
  try {
    target = await resolveOutbound(box.host, outboundPolicy(deps.config));
  } catch (err) {
    outcome.error = err instanceof OutboundRefused ? err.message : describeImapError(err, box, 'connect');
  }
  const client = new ImapFlow({
    host: target?.address ?? box.host,
    servername: target?.servername ?? undefined,
    port: box.port,
    secure: box.secure,
    auth: { user: box.user_name, pass: pass ?? '' },
    tls: { rejectUnauthorized: !deps.config.IMAP_ALLOW_SELF_SIGNED },
    logger: false,
    disableAutoIdle: true,
    clientInfo: { name: 'Vigil' },
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 120_000,
    // A server announcing a literal far above the size limit is refused rather than buffered.
    maxLiteralSize: maxLiteral,
    maxResponseSize: 2 * maxLiteral,
  });
  // Socket errors also reject the command in flight; without a listener they would crash the process.
  client.on('error', () => undefined);
  let validity = 0;
  let step = 'connect';
  const work = async () => {
    if (pass === null) {
      step = 'password';
      throw new Error(UNREADABLE_PASSWORD);
    }
    await client.connect();
    step = 'open';
    const opened = await client.mailboxOpen(box.folder);
    validity = Number(opened.uidValidity);
    let lastUid = Number(box.last_uid);
    if (box.uid_validity === null || Number(box.uid_validity) !== validity) {
      // A new UIDVALIDITY means the old UIDs mean nothing: read the folder again from the start.
      lastUid = 0;
      await database.query('UPDATE mailboxes SET uid_validity = $2, last_uid = 0 WHERE id = $1', [box.id, validity]);
    }
    step = 'search';
    // `n:*` always includes the highest UID, even below n: filter. Collect every UID before
    // sending any other command (never a command inside a running FETCH).
    const found = (await client.search({ uid: `${lastUid + 1}:*` }, { uid: true })) || [];
    const uids = found.filter((u) => u > lastUid).sort((a, b) => a - b);
    const batch = uids.slice(0, cap);
    outcome.remaining = uids.length - batch.length;
    if (!batch.length) return;
    const meta = new Map(
      (await client.fetchAll(batch, { uid: true, size: true, envelope: true }, { uid: true })).map((m) => [m.uid, m]),
    );
    const advance = (uid: number, fresh: number) =>
      database.query(
        'UPDATE mailboxes SET last_uid = $2, emails_fetched = emails_fetched + $3 WHERE id = $1 AND uid_validity = $4',
        [box.id, uid, fresh, validity],
      );
    for (const [i, uid] of batch.entries()) {
      if (Date.now() > deadline) {
        outcome.remaining += batch.length - i;
        break;
      }
      const m = meta.get(uid);
      const subject = m?.envelope?.subject ? ` "${m.envelope.subject.slice(0, 80)}"` : '';
      step = 'download';
      // Gone since the search (expunged by another client): nothing to take.
      const size = m?.size ?? 0;
      const message =
        m && size <= maxBytes
          ? await client.fetchOne(String(uid), { uid: true, source: { maxLength: maxBytes + 1 } }, { uid: true })
          : null;
      const source = message ? message.source : undefined;
      if (m && (size > maxBytes || (source && source.length > maxBytes))) {
        outcome.skipped++;
        skips.push(`UID ${uid}${subject} (${mb(Math.max(size, source?.length ?? 0))})`);
        await advance(uid, 0);
        continue;
      }
      if (!source) {
        await advance(uid, 0);
        continue;
      }
      step = 'store';
      const [stored] = await ingest.accept({
        raw: source,
        envelopeFrom: m?.envelope?.from?.[0]?.address ?? '',
        recipients: [{ tenantId: box.tenant_id, address: box.email, plusTag: null }],
        source: 'imap',
        mailboxId: box.id,
      });
      const fresh = stored && !stored.duplicate ? 1 : 0;
      if (fresh) outcome.fetched++;
      else outcome.duplicates++;
      await advance(uid, fresh);
      step = 'flag';
      if (!opened.readOnly) await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    }
  };
  if (target) {
    try {
      await work();
    } catch (err) {
      outcome.error = describeImapError(err, box, step);
    } finally {
      if (client.usable) await client.logout().catch(() => client.close());
      else client.close();
    }
  }

  let note: string | null = outcome.error;
  if (!note && skips.length) {
    const listed = skips.slice(0, 3).join(', ') + (skips.length > 3 ? ` and ${skips.length - 3} more` : '');
    note = `${SKIP_NOTE}${skips.length} message${skips.length > 1 ? 's' : ''} over the ${mb(maxBytes)} limit, left in the mailbox: ${listed}`;
  }
  // A clean poll clears an error; an earlier skip note stays until new e-mail comes in.
  if (!note && outcome.fetched === 0 && box.last_error?.startsWith(SKIP_NOTE)) note = box.last_error;
  await database
    .query('UPDATE mailboxes SET last_error = $2 WHERE id = $1', [box.id, note ? storableText(note, 1000) : null])
    .catch(() => undefined);
  return outcome;
}

const CERT_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A message an MSP admin can act on, from whatever imapflow, the socket or the database threw. */
export function describeImapError(
  err: unknown,
  box: Pick<MailboxToPoll, 'host' | 'port' | 'user_name' | 'folder'>,
  step: string,
): string {
  const e = (err ?? {}) as ImapFlowError & { errno?: number };
  const code = e.code ?? (e._err as { code?: string } | undefined)?.code;
  const server = `${box.host}:${box.port}`;
  const said = e.responseText ? ` (server said: ${e.responseText})` : '';
  if (e.authenticationFailed)
    return `Authentication failed for ${box.user_name}: check the user name and password${said}`;
  if (typeof code === 'string') {
    if (code === 'ECONNREFUSED') return `Connection refused by ${server}`;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Host not found: ${box.host}`;
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return `No route to ${server}`;
    if (['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT'].includes(code))
      return `Timed out talking to ${server}`;
    if (CERT_CODES.has(code))
      return `The TLS certificate of ${server} is not trusted (${e.message}); self-signed certificates are accepted only when the platform allows them`;
    if (code.startsWith('ERR_SSL') || e.tlsFailed)
      return `TLS with ${server} failed: check the port and the Secure setting (${e.message})`;
    if (
      [
        'ECONNRESET',
        'EPIPE',
        'EConnectionClosed',
        'NoConnection',
        'ClosedAfterConnectText',
        'ClosedAfterConnectTLS',
      ].includes(code)
    )
      return `${server} closed the connection${e.reason ? ` (${e.reason})` : ''}`;
  }
  if (
    e.mailboxMissing ||
    (step === 'open' && /doesn't exist|not exist|unknown mailbox|nonexistent/i.test(e.responseText ?? ''))
  )
    return `Folder "${box.folder}" does not exist in this mailbox`;
  const detail = e.responseText || e.message || String(err);
  if (step === 'store') return `Could not store an e-mail: ${detail}`;
  return `IMAP error during ${step} with ${server}: ${detail}`;
}
