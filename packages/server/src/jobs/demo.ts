import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { feedDemo } from '../seed/demo-feed.ts';

/**
 * Every ten minutes: the demo tenant receives the backup e-mails of runs that finished since the
 * last feed, over SMTP like any customer's. Does nothing where no demo history was loaded.
 */
export function demoFeedJob(deps: Pick<Deps, 'database' | 'ingest' | 'rollup' | 'config'>): JobDefinition {
  return {
    name: 'demo-feed',
    cron: '*/10 * * * *',
    handler: async () => {
      await feedDemo({
        database: deps.database,
        ingest: deps.ingest,
        rollup: deps.rollup,
        inboundDomain: deps.config.INBOUND_DOMAIN,
        smtp: { host: deps.config.SMTP_HOST, port: deps.config.SMTP_PORT },
      });
    },
  };
}
