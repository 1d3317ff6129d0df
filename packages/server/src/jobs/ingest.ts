import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { PARSE_QUEUE } from '../intake/service.ts';

/** A parse job names the e-mails of one accepted batch (or one e-mail to retry). */
export interface ParseJobData {
  emailIds?: number[];
  emailId?: number;
  force?: boolean;
}

/** Parses received e-mails, a batch at a time; one bad e-mail never fails the batch. */
export function parseEmailJob(deps: Pick<Deps, 'pipeline'>): JobDefinition {
  return {
    name: PARSE_QUEUE,
    batchSize: 10,
    pollingIntervalSeconds: 0.5,
    batchHandler: async (data) => {
      const jobs = (data as ParseJobData[]).flatMap((d) =>
        [...(d.emailIds ?? []), ...(d.emailId ? [d.emailId] : [])].map((emailId) => ({ emailId, force: d.force })),
      );
      // Large batches are filed in slices so one transaction stays short.
      for (let i = 0; i < jobs.length; i += 50) await deps.pipeline.processBatch(jobs.slice(i, i + 50));
    },
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

/**
 * Every quarter hour: removes raw e-mail files no row refers to (a crash or a failed write
 * between the blob and its row) once they are old enough that no accept can still be writing.
 */
export function sweepOrphanBlobsJob(deps: Pick<Deps, 'ingest'>): JobDefinition {
  return {
    name: 'sweep-orphan-email-blobs',
    cron: '*/15 * * * *',
    handler: async () => {
      await deps.ingest.sweepOrphanBlobs(15 * 60_000);
    },
  };
}
