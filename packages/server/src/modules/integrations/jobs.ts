import type { Deps } from '../../deps.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { autoSyncAll, CRM_OPERATION_QUEUE, purgeOperations, runOperation } from './psa-operations.ts';

/**
 * PSA jobs: `crm-operation` runs the syncs and preloads started from the API (one job per
 * operation, so a worker node anywhere can take it); `crm-autosync` syncs companies nightly for
 * the integrations with AutoSync on, and drops old finished operations.
 */
export function integrationJobs(deps: Deps): JobDefinition[] {
  return [
    {
      name: CRM_OPERATION_QUEUE,
      batchSize: 4,
      pollingIntervalSeconds: 2,
      batchHandler: async (items) => {
        // Operations of one batch run side by side: a long sync does not hold up a preload.
        await Promise.all(
          items.map(async (data) => {
            const id = (data as { operationId?: unknown } | null)?.operationId;
            if (typeof id === 'string') await runOperation(deps, id);
          }),
        );
      },
    },
    {
      name: 'crm-autosync',
      cron: '30 2 * * *',
      handler: async () => {
        await purgeOperations(deps);
        await autoSyncAll(deps);
      },
    },
  ];
}
