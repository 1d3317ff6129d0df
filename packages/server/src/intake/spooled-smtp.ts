import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Directory } from './directory.ts';
import type { IngestService } from './service.ts';
import type { SmtpLog, SmtpOptions } from './smtp.ts';
import { DoorPace } from './door-pace.ts';
import { SpoolFiler } from './spool-filer.ts';
import { spoolSegments } from './spool-format.ts';
import { SpoolReader } from './spool.ts';

/** E-mails a second at the door above which filing yields to it (a busy night is a few a second). */
const FLOOD_PER_SECOND = 500;

/** What the SMTP thread starts with. */
export interface SmtpThreadData {
  spoolDir: string;
  /** The segment it writes first: newer than every segment on disk. */
  segment: number;
  host: string;
  port: number;
  inboundDomain: string;
  maxBacklogBytes: number;
  backlogBytes: number;
  smtp: Pick<SmtpOptions, 'maxBytes' | 'maxRecipients' | 'senderPerMinute' | 'tls' | 'hostname'>;
}

export type ToSmtpThread =
  | { type: 'directory'; id: number; directory?: Directory; error?: string }
  | { type: 'invalidate' }
  | { type: 'backlog'; bytes: number }
  | { type: 'close' };

export type FromSmtpThread =
  | { type: 'listening'; port: number }
  | { type: 'failed'; error: string }
  | { type: 'durable'; segment: number; end: number; records: number }
  | { type: 'directory'; id: number }
  | { type: 'refused'; id: number }
  | { type: 'log'; level: 'error' | 'warn'; details: object; message: string }
  | { type: 'closed' };

export interface SpooledSmtpOptions {
  ingest: IngestService;
  spoolDir: string;
  host: string;
  port: number;
  inboundDomain: string;
  /** Above this many spooled bytes not yet filed, DATA is answered 452 (senders retry). */
  maxBacklogBytes: number;
  smtp: SmtpThreadData['smtp'];
  log: SmtpLog;
}

/** What this node's spool holds: e-mails answered 250 and not yet filed. */
export interface SpoolStatus {
  spooled: number;
  spooledBytes: number;
  /** When the oldest of them was answered 250 (ms since the epoch), null when none waits. */
  oldestSpooledAt: number | null;
  /** E-mails the database could never take, waiting in `<spool>/set-aside/` for an operator. */
  setAside: number;
}

export interface SpooledSmtp {
  port: number;
  filer: SpoolFiler;
  status(): SpoolStatus;
  /** Stops taking mail, then lets the filer finish its batch; the rest waits in the spool. */
  close(): Promise<void>;
}

/**
 * The SMTP listener on its own thread, answering 250 once an e-mail is in the node's spool, and
 * the filer in this thread moving spooled e-mails into the blob store and the database. Records
 * an earlier run left in the spool are filed first.
 */
export async function startSpooledSmtp(o: SpooledSmtpOptions): Promise<SpooledSmtp> {
  const segment = (spoolSegments(o.spoolDir).at(-1) ?? 0) + 1;
  const reader = new SpoolReader(o.spoolDir, segment, (message) => o.log.warn({}, message));
  let worker: Worker | null = null;
  const filer = new SpoolFiler(reader, o.ingest, o.spoolDir, o.log, (bytes) =>
    worker?.postMessage({ type: 'backlog', bytes } satisfies ToSmtpThread),
  );
  // E-mails an earlier run left, then those spooled since, less those filed or set aside.
  const leftOver = reader.countRecords();
  let spooledSince = 0;
  // Above FLOOD_PER_SECOND the filer yields to the door, unless the spool is half full (then
  // filing comes first, so that senders do not meet 452).
  const pace = new DoorPace(Date.now());
  filer.yieldNow = (backlogBytes) =>
    pace.perSecond(Date.now()) > FLOOD_PER_SECOND && backlogBytes < o.maxBacklogBytes / 2;
  filer.start();

  const data: SmtpThreadData = {
    spoolDir: o.spoolDir,
    segment,
    host: o.host,
    port: o.port,
    inboundDomain: o.inboundDomain,
    maxBacklogBytes: o.maxBacklogBytes,
    backlogBytes: reader.backlog(),
    smtp: o.smtp,
  };
  const thread = new Worker(new URL('./thread.mjs', import.meta.url), {
    workerData: { entry: './smtp-thread.ts', ...data },
  });
  worker = thread;
  const post = (m: ToSmtpThread) => thread.postMessage(m);
  const forget = () => post({ type: 'invalidate' });
  o.ingest.invalidated.push(forget);

  let closing = false;
  let closed: () => void = () => undefined;
  const port = await new Promise<number>((resolve, reject) => {
    thread.on('message', (m: FromSmtpThread) => {
      switch (m.type) {
        case 'listening':
          return resolve(m.port);
        case 'failed':
          return reject(new Error(`The SMTP listener could not start: ${m.error}`));
        case 'durable':
          spooledSince += m.records;
          pace.count(m.records, Date.now());
          reader.durable(m.segment, m.end);
          return filer.wake();
        case 'directory':
          o.ingest.directoryNow().then(
            (directory) => post({ type: 'directory', id: m.id, directory }),
            (err: unknown) => post({ type: 'directory', id: m.id, error: String(err) }),
          );
          return;
        case 'refused':
          return o.ingest.countRefusal(m.id);
        case 'log':
          return o.log[m.level](m.details, m.message);
        case 'closed':
          return closed();
      }
    });
    thread.on('error', (err) => {
      reject(err);
      // The thread held only what is in the spool already: a restart of the node files it.
      o.log.error({ err: err.message }, 'the SMTP thread failed; stopping so the node restarts');
      if (!closing) process.exitCode = 1;
      if (!closing) process.kill(process.pid, 'SIGTERM');
    });
  });

  return {
    port,
    filer,
    status() {
      const bytes = reader.backlog();
      const waiting = leftOver + spooledSince - filer.filed - filer.setAside;
      return {
        spooled: bytes > 0 ? Math.max(1, waiting) : 0,
        spooledBytes: bytes,
        oldestSpooledAt: bytes > 0 ? (filer.oldestWaiting ?? Date.now()) : null,
        setAside: setAsideCount(o.spoolDir),
      };
    },
    async close() {
      if (closing) return;
      closing = true;
      const done = new Promise<void>((resolve) => {
        closed = resolve;
        setTimeout(resolve, 8000).unref();
      });
      post({ type: 'close' });
      await done;
      await thread.terminate();
      o.ingest.invalidated.splice(o.ingest.invalidated.indexOf(forget), 1);
      await filer.stop();
    },
  };
}

/** The e-mails set aside in the spool folder (each an `.eml` beside its envelope). */
function setAsideCount(spoolDir: string): number {
  try {
    return readdirSync(path.join(spoolDir, 'set-aside')).filter((f) => f.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}
