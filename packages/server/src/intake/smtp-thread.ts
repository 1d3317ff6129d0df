import { parentPort, workerData } from 'node:worker_threads';
import { bannedIn, recipientIn, type Directory } from './directory.ts';
import { close, createSmtpServer, listen, type SmtpDoor, type SmtpLog } from './smtp.ts';
import { SpoolLink } from './spool-link.ts';
import type { SmtpThreadData, ToSmtpThread, FromSmtpThread } from './spooled-smtp.ts';

/**
 * The SMTP thread: the listener and the spool writer on an event loop of their own, so neither
 * the database (PGlite runs in the main thread) nor filing ever delays a 250. It holds a copy of
 * the directory (tenants, aliases, banned senders) that the main thread sends on request.
 */
const data = workerData as SmtpThreadData;
const main = parentPort!;
const send = (m: FromSmtpThread) => main.postMessage(m);

const log: SmtpLog = {
  error: (details, message) => send({ type: 'log', level: 'error', details, message }),
  warn: (details, message) => send({ type: 'log', level: 'warn', details, message }),
};

/** How long a copy of the directory is used before a fresh one is asked for (kept meanwhile). */
const DIRECTORY_MS = 2000;
let directory: Directory | null = null;
let directoryAt = 0;
let asking: Promise<Directory> | null = null;
let nextAsk = 1;
const asks = new Map<number, { resolve: (d: Directory) => void; reject: (e: Error) => void }>();
/** Counts the changes the main thread reported: an answer asked for before one may predate it. */
let changes = 0;

function ask(): Promise<Directory> {
  const asked = changes;
  asking ??= new Promise<Directory>((resolve, reject) => {
    const id = nextAsk++;
    asks.set(id, { resolve, reject });
    send({ type: 'directory', id });
  }).then(
    (d) => {
      asking = null;
      if (asked !== changes) return ask();
      directory = d;
      directoryAt = Date.now();
      return d;
    },
    (err: unknown) => {
      asking = null;
      throw err;
    },
  );
  return asking;
}

async function current(): Promise<Directory> {
  if (!directory) return ask();
  if (Date.now() - directoryAt > DIRECTORY_MS) void ask().catch(() => undefined);
  return directory;
}

/** Spooled bytes not yet filed: the main thread's last count plus what was appended since. */
let backlog = data.backlogBytes;

const writer = new SpoolLink(data.spoolDir, data.segment, (segment, end, records) =>
  send({ type: 'durable', segment, end, records }),
);

const door: SmtpDoor = {
  resolveRecipient: async (address) => recipientIn(await current(), data.inboundDomain, address),
  bannedSender: async (address) => {
    const hit = bannedIn(await current(), address);
    if (hit !== null) send({ type: 'refused', id: hit });
    return hit;
  },
  accept: async (input) => {
    // A filer far behind (the database away for long) must not fill the disk: senders retry.
    if (backlog > data.maxBacklogBytes) throw Object.assign(new Error('the spool is full'), { responseCode: 452 });
    const at = await writer.append(
      { envelopeFrom: input.envelopeFrom, recipients: input.recipients, receivedAt: Date.now() },
      input.raw,
    );
    backlog += input.raw.length;
    return `Queued as ${at.segment}.${at.offset}`;
  },
};

const server = createSmtpServer({ ...data.smtp, door, log });

main.on('message', (m: ToSmtpThread) => {
  if (m.type === 'directory') {
    const waiting = asks.get(m.id);
    asks.delete(m.id);
    if (m.directory) waiting?.resolve(m.directory);
    else waiting?.reject(new Error(m.error ?? 'no directory'));
  } else if (m.type === 'invalidate') {
    directory = null;
    changes++;
  } else if (m.type === 'backlog') {
    backlog = m.bytes;
  } else if (m.type === 'close') {
    void close(server)
      .then(() => writer.close())
      .catch(() => undefined)
      .finally(() => {
        send({ type: 'closed' });
        main.close();
      });
  }
});

listen(server, data.port, data.host).then(
  (port) => send({ type: 'listening', port }),
  (err: unknown) => send({ type: 'failed', error: err instanceof Error ? err.message : String(err) }),
);
