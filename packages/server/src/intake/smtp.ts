import { readFileSync } from 'node:fs';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { databaseErrorCode, refusedInput } from '../platform/errors.ts';
import type { Recipient } from './directory.ts';
import type { AcceptInput, IngestService } from './service.ts';

/** What the door needs of the logger. */
export interface SmtpLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Where the door takes envelopes and e-mails: the ingest service itself (the 250 after the
 * database commit), or the SMTP thread's spool (the 250 after the spool's fsync).
 */
export interface SmtpDoor {
  resolveRecipient(address: string): Promise<Recipient | null>;
  bannedSender(address: string): Promise<number | null>;
  /** Makes the e-mail durable; resolves with the text after "250 2.0.0". */
  accept(input: AcceptInput): Promise<string>;
}

/** The door straight into the ingest service: the reply names the stored e-mails. */
export function directDoor(ingest: IngestService): SmtpDoor {
  return {
    resolveRecipient: (a) => ingest.resolveRecipient(a),
    bannedSender: (a) => ingest.bannedSender(a),
    accept: async (input) => `Stored as ${(await ingest.accept(input)).map((a) => a.emailId).join(', ')}`,
  };
}

export interface SmtpOptions {
  /** The door used when `door` is not given. */
  ingest?: IngestService;
  door?: SmtpDoor;
  maxBytes: number;
  /** Recipients per message; more get 452 (RFC 5321 asks senders to retry the rest). */
  maxRecipients?: number;
  /** Messages a minute one envelope sender may deliver before getting 451 (try later). */
  senderPerMinute?: number;
  tls?: { key: string; cert: string } | null;
  hostname?: string;
  log: SmtpLog;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

interface Envelope {
  recipients: Recipient[];
}

/**
 * The SMTP door. Recipients are checked at RCPT (550 for unknown addresses), banned senders at
 * MAIL FROM, size at DATA (552). The 250 after DATA is sent only once the message is durable:
 * fsynced in the spool (the spooled door), or blob fsynced and row committed (the direct door).
 * Whatever the headers carry, the columns get a storable copy and the blob the bytes as sent; a
 * failure that could pass on a retry (the database away, a full disk) answers 451 so the sending
 * server tries again (452 when the spool is full), one that never could answers 554 so it stops.
 */
export function createSmtpServer(opts: SmtpOptions): SMTPServer {
  const door = opts.door ?? directDoor(opts.ingest!);
  const maxRecipients = opts.maxRecipients ?? 100;
  const perMinute = opts.senderPerMinute ?? 1200;
  const envelopes = new WeakMap<SMTPServerSession, Envelope>();
  /** Each sender's accepted MAIL FROM times of the last minute. */
  const senderWindow = new Map<string, number[]>();

  const envelope = (session: SMTPServerSession) => {
    let e = envelopes.get(session);
    if (!e) {
      e = { recipients: [] };
      envelopes.set(session, e);
    }
    return e;
  };

  const tls = opts.tls ?? null;
  const server = new SMTPServer({
    name: opts.hostname,
    banner: 'Vigil backup report intake',
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ? { key: readFileSync(tls.key), cert: readFileSync(tls.cert) } : {}),
    size: opts.maxBytes,
    maxClients: 2000,
    logger: false,
    socketTimeout: 60_000,
    closeTimeout: 5_000,

    onMailFrom(address: SMTPServerAddress, session, callback) {
      envelopes.set(session, { recipients: [] });
      const sender = address.address.toLowerCase();
      if (sender) {
        // A sliding minute: the sender's messages of the last 60 s (a fixed clock minute would
        // let twice the limit through across a minute boundary).
        const now = Date.now();
        let times = senderWindow.get(sender);
        if (!times) {
          if (senderWindow.size > 50_000) senderWindow.clear();
          times = [];
          senderWindow.set(sender, times);
        }
        while (times.length && times[0] <= now - 60_000) times.shift();
        if (times.length >= perMinute) {
          return callback(smtpError(451, '4.7.0 Too many messages from this sender; try again in a minute'));
        }
        times.push(now);
      }
      door.bannedSender(sender).then(
        (banned) => (banned !== null ? callback(smtpError(550, '5.7.1 This sender is not accepted here')) : callback()),
        () => callback(smtpError(451, '4.3.0 Temporary failure; try again later')),
      );
    },

    onRcptTo(address, session, callback) {
      const env = envelope(session);
      if (env.recipients.length >= maxRecipients) return callback(smtpError(452, '4.5.3 Too many recipients'));
      door.resolveRecipient(address.address).then(
        (r) => {
          if (!r) return callback(smtpError(550, `5.1.1 <${address.address}>: no such recipient here`));
          env.recipients.push(r);
          callback();
        },
        () => callback(smtpError(451, '4.3.0 Temporary failure; try again later')),
      );
    },

    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= opts.maxBytes) chunks.push(c);
      });
      stream.on('error', (err) => callback(smtpError(451, `4.3.0 ${err.message}`)));
      stream.on('end', () => {
        if (stream.sizeExceeded || size > opts.maxBytes)
          return callback(smtpError(552, `5.3.4 Message too big: the limit is ${opts.maxBytes} bytes`));
        const raw = Buffer.concat(chunks, size);
        if (!raw.toString('latin1', 0, Math.min(raw.length, 4096)).trim())
          return callback(smtpError(554, '5.6.0 Empty message refused'));
        const env = envelope(session);
        door
          .accept({
            raw,
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            recipients: env.recipients,
            source: 'smtp',
          })
          .then(
            (stored) => {
              env.recipients = [];
              callback(null, `2.0.0 ${stored}`);
            },
            (err: unknown) => {
              const code = databaseErrorCode(err);
              opts.log.error({ err: err instanceof Error ? err.message : err, code }, 'an e-mail could not be stored');
              if (code && refusedInput(code)) return callback(smtpError(554, '5.6.0 The message cannot be stored'));
              const full = (err as { responseCode?: number }).responseCode === 452;
              if (full) return callback(smtpError(452, '4.3.1 Insufficient system storage; try again later'));
              callback(smtpError(451, '4.3.0 Could not store the message; try again later'));
            },
          );
      });
    },
  });
  server.on('error', (err) => opts.log.warn({ err: err.message }, 'smtp connection error'));
  return server;
}

export function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      const addr = server.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}

export function close(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
