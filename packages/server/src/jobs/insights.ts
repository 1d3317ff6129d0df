import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { computeAllInsights, computeInsights } from '../modules/insights/compute.ts';

export const INSIGHTS_QUEUE = 'insights';

/**
 * Daily at 05:00 UTC, after most nightly runs have reported: every tenant's insights are
 * computed again. Sent with `{ tenantId }` it computes that tenant only (on demand).
 */
export function insightsJob(deps: Pick<Deps, 'database'>): JobDefinition {
  return {
    name: INSIGHTS_QUEUE,
    cron: '0 5 * * *',
    handler: async (data) => {
      const tenantId = (data as { tenantId?: unknown } | null)?.tenantId;
      if (Number.isInteger(tenantId)) await computeInsights(deps.database, tenantId as number);
      else await computeAllInsights(deps.database);
    },
  };
}
