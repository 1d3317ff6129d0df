import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';

/**
 * Every five minutes: the rollup clock. Opens each active backup's new business day (Pending
 * where scheduled), closes days whose window ended (No Result), and catches up any backup whose
 * re-roll after new results did not finish.
 */
export function rollupClockJob(deps: Pick<Deps, 'rollup'>): JobDefinition {
  return {
    name: 'rollup-clock',
    cron: '*/5 * * * *',
    handler: async () => {
      await deps.rollup.advance();
    },
  };
}
