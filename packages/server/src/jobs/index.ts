import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { purgeExpiredTokensJob } from './purge-expired-tokens.ts';
import { parseEmailJob, requeueStrandedJob, sweepOrphanBlobsJob } from './ingest.ts';
import { pollMailboxesJob } from './imap.ts';
import { rollupClockJob } from './rollup.ts';
import { demoFeedJob } from './demo.ts';
import { databaseMaintenanceJob } from './maintenance.ts';
import { rerollJob } from '../changes/reroll.ts';
import { companyRulesJob } from './company-rules.ts';
import { insightsJob } from './insights.ts';
import { reportJobs } from '../modules/reports/jobs.ts';
import { scheduledReportsJob } from './scheduled-reports.ts';
import { ticketingJobs } from './ticketing.ts';
import { integrationJobs } from '../modules/integrations/jobs.ts';
import { backupSourceJobs } from '../modules/backup-sources/jobs.ts';
import { itglueJobs } from '../modules/itglue/jobs.ts';
import { regionDirectoryJob } from '../modules/regions/jobs.ts';

export function jobDefinitions(deps: Deps): JobDefinition[] {
  return [
    purgeExpiredTokensJob(deps),
    parseEmailJob(deps),
    requeueStrandedJob(deps),
    sweepOrphanBlobsJob(deps),
    pollMailboxesJob(deps),
    rollupClockJob(deps),
    demoFeedJob(deps),
    databaseMaintenanceJob(deps),
    rerollJob(deps),
    companyRulesJob(deps),
    insightsJob(deps),
    ...reportJobs(deps),
    scheduledReportsJob(deps),
    ...ticketingJobs(deps),
    ...integrationJobs(deps),
    ...backupSourceJobs(deps),
    ...itglueJobs(deps),
    regionDirectoryJob(deps),
  ];
}
