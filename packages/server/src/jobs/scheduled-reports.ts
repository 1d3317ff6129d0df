import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { ScheduledReportService } from '../modules/reports/scheduled.ts';

export const SCHEDULED_REPORTS_QUEUE = 'scheduled-reports';

/**
 * Every minute (or every REPORTS_POLL_SECONDS when that is under a minute): sends the scheduled reports whose due time has come. Safe with several worker
 * nodes — each due time is claimed in the database before it is sent.
 */
export function scheduledReportsJob(deps: Pick<Deps, 'database' | 'mailer' | 'config'>): JobDefinition {
  const service = new ScheduledReportService(deps);
  return {
    name: SCHEDULED_REPORTS_QUEUE,
    ...(deps.config.REPORTS_POLL_SECONDS < 60
      ? { everySeconds: deps.config.REPORTS_POLL_SECONDS }
      : { cron: '* * * * *' }),
    handler: async () => {
      await service.runDue(new Date());
    },
  };
}
