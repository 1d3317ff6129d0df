// Query keys and timings of the Admin Portal's Parsing screen.

/** Vigil's own SMTP door: the mail-provider segment of the banned-senders calls. */
export const PROVIDER = 'smtp';
export const PARSING_STATUS_REFRESH_MS = 10_000;
export const ADMIN_EMAILS_PAGE_SIZE = 20;
/** Give up polling a test parsing after this long (it normally takes milliseconds). */
export const TEST_PARSING_GIVE_UP_MS = 2 * 60_000;

export const parsingKeys = {
  all: ['admin', 'parsing'] as const,
  status: ['admin', 'parsing', 'status'] as const,
  emails: (q: Record<string, unknown>) => ['admin', 'parsing', 'emails', q] as const,
  emailsAll: ['admin', 'parsing', 'emails'] as const,
  test: (identifier: string) => ['admin', 'parsing', 'test', identifier] as const,
  banned: ['admin', 'parsing', 'banned'] as const,
  mailboxes: ['admin', 'parsing', 'mailboxes'] as const,
};
