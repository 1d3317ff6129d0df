// Report generation jobs: the queues, the hourly purge of old runs, and re-exports of the run operations.
import type { Deps } from '../../deps.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { dropBlobs } from './run-rows.ts';
import { executeRun } from './run-execute.ts';

export const REPORT_QUEUE = 'report-generate';
export const REPORT_PURGE_QUEUE = 'report-purge';

/** Runs older than a day go, with their documents: the screen keeps a run for one session. */
export async function purgeRuns(deps: Pick<Deps, 'database' | 'blobs'>, olderThanHours = 24): Promise<number> {
  const r = await deps.database.query<{ document_key: string | null }>(
    `DELETE FROM report_runs WHERE created_at < now() - make_interval(hours => $1) RETURNING document_key`,
    [olderThanHours],
  );
  await dropBlobs(
    deps,
    r.rows.flatMap((x) => (x.document_key ? [x.document_key] : [])),
  );
  return r.rows.length;
}

/** The generation queue (sent `{ id, token }` by a start) and the hourly purge. */
export function reportJobs(deps: Pick<Deps, 'database' | 'blobs'>): JobDefinition[] {
  return [
    {
      name: REPORT_QUEUE,
      handler: async (data) => {
        const { id, token } = (data ?? {}) as { id?: unknown; token?: unknown };
        if (typeof id === 'string' && typeof token === 'string') await executeRun(deps, id, token);
      },
      pollingIntervalSeconds: 1,
    },
    { name: REPORT_PURGE_QUEUE, cron: '23 * * * *', handler: async () => void (await purgeRuns(deps)) },
  ];
}

export { RUN_ID, toJob } from './run-rows.ts';
export { findRun, createRun, runDocument, cancelRun } from './run-control.ts';
export type { RunOwner } from './run-control.ts';
export { executeRun } from './run-execute.ts';
