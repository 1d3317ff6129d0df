// A tenant's SMTP settings row as the API shows it, and SMTP errors in words.
import { type EmailSettings } from '@vigil/contract';
import { emailSettings } from '../../db/schema/index.ts';

export type Row = typeof emailSettings.$inferSelect;

export const toSettings = (r: Row): EmailSettings => ({
  Id: r.id,
  Host: r.host,
  Port: r.port,
  Secure: r.secure,
  UserName: r.userName,
  HasPassword: r.passwordSecret !== null,
  FromAddress: r.fromAddress,
  FromName: r.fromName,
  IsDefault: r.isDefault,
  UpdatedAt: r.updatedAt.toISOString(),
});

export const smtpTestFailed = (reason: string) => `The SMTP test failed: ${reason}`;

/** An SMTP error in words: nodemailer's message, with the server's own reply when it gave one. */
export function smtpError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { code?: string; response?: string };
  switch (e.code) {
    case 'EAUTH':
      return `the server refused the user name or password (${e.response ?? e.message}).`;
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'ETIMEDOUT':
      return `could not connect to the server (${e.message}).`;
    case 'EDNS':
      return `the host name could not be resolved (${e.message}).`;
    case 'EENVELOPE':
      return `the server refused the sender or recipient (${e.response ?? e.message}).`;
    default:
      return `${e.response ?? e.message}.`;
  }
}
