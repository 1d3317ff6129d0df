import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { PARSE_QUEUE } from '../ingest/service.ts';
import type { ParseJob } from '../ingest/pipeline.ts';

/** Parses received e-mails, a batch at a time; one bad e-mail never fails the batch. */
export function parseEmailJob(deps: Pick<Deps, 'pipeline'>): JobDefinition {
  return {
    name: PARSE_QUEUE,
    batchSize: 100,
    pollingIntervalSeconds: 0.5,
    batchHandler: async (data) => deps.pipeline.processBatch(data as ParseJob[]),
  };
}

/** Every five minutes: queues again any e-mail left waiting by a crash between its row and its job. */
export function requeueStrandedJob(deps: Pick<Deps, 'ingest'>): JobDefinition {
  return {
    name: 'requeue-stranded-emails',
    cron: '*/5 * * * *',
    handler: async () => {
      await deps.ingest.requeueStranded(120);
    },
  };
}
