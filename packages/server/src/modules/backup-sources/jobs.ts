import type { Deps } from '../../deps.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { DUE_QUEUE, queueDueSyncs, SYNC_QUEUE } from './sync-control.ts';
import { runSync } from './sync.ts';

/**
 * Backup-source jobs: `backup-sources-due` every minute queues a `sync-backup-source` for each
 * enabled source whose interval has passed; `sync-backup-source` runs one source's sync (one job
 * per source, so any worker can take it and one slow vendor does not hold up the others).
 */
export function backupSourceJobs(deps: Deps): JobDefinition[] {
  return [
    { name: DUE_QUEUE, cron: '* * * * *', handler: async () => void (await queueDueSyncs(deps)) },
    {
      name: SYNC_QUEUE,
      batchSize: 4,
      pollingIntervalSeconds: 2,
      batchHandler: async (items) => {
        await Promise.all(
          items.map(async (data) => {
            const id = Number((data as { sourceId?: unknown } | null)?.sourceId);
            if (Number.isInteger(id) && id > 0) await runSync(deps, id);
          }),
        );
      },
    },
  ];
}
