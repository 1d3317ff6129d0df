import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { pollAllMailboxes } from '../intake/imap.ts';

/**
 * Every minute (or every IMAP_POLL_SECONDS when that is under a minute): pulls the tenants' IMAP
 * mailboxes that are due (IMAP_POLL_SECONDS since their last poll). Each mailbox's outcome is
 * recorded on its row; the job itself does not fail.
 */
export function pollMailboxesJob(deps: Pick<Deps, 'database' | 'ingest' | 'config' | 'secrets'>): JobDefinition {
  return {
    name: 'poll-imap-mailboxes',
    ...(deps.config.IMAP_POLL_SECONDS < 60 ? { everySeconds: deps.config.IMAP_POLL_SECONDS } : { cron: '* * * * *' }),
    handler: async () => {
      await pollAllMailboxes(deps);
    },
  };
}
