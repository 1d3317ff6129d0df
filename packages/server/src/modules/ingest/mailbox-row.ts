import { isoOrNull } from '../../platform/dates.ts';

/** A `mailboxes` row as both the tenant's and the platform's mailbox lists read it. */
export interface MailboxDb {
  id: number;
  email: string;
  host: string;
  port: number;
  secure: boolean;
  user_name: string;
  folder: string;
  is_enabled: boolean;
  last_polled_at: Date | null;
  last_error: string | null;
  emails_fetched: number;
}

/** An IMAP mailbox as the API shows it (never its password). */
export const mailboxRow = (m: MailboxDb) => ({
  Id: m.id,
  Email: m.email,
  Host: m.host,
  Port: m.port,
  Secure: m.secure,
  UserName: m.user_name,
  Folder: m.folder,
  IsEnabled: m.is_enabled,
  LastPolledAt: isoOrNull(m.last_polled_at),
  LastError: m.last_error,
  EmailsFetched: m.emails_fetched,
});
