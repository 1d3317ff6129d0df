import type { JobDefinition, Jobs } from '../platform/jobs.ts';
import type { RollupWriter } from '../rollup/rollup.ts';

export const REROLL_QUEUE = 'rollup-reroll';
/** Backups re-rolled inline by the request that changed them; more go to the job queue. */
export const INLINE_REROLL = 200;
const SLICE = 200;

/** What a re-roll needs: the job queue (none in tests and one-off commands) and the rollup writer. */
export interface RerollDeps {
  jobs: Jobs | null;
  rollup: RollupWriter;
}

/**
 * Re-rolls backups whose settings changed. A few are re-rolled before the call answers, so the
 * user sees the new statuses at once; a bulk change (a template applied to thousands) answers
 * as soon as its settings are committed and the history follows from the job queue in slices
 * (the rollup clock catches up anything a crash interrupted). Without a queue (tests, one-off
 * commands) everything is inline.
 */
export async function queueReroll(deps: RerollDeps, ids: number[]): Promise<'inline' | 'queued'> {
  if (!ids.length) return 'inline';
  if (!deps.jobs || ids.length <= INLINE_REROLL) {
    for (let i = 0; i < ids.length; i += SLICE) await deps.rollup.rerollAll(ids.slice(i, i + SLICE));
    return 'inline';
  }
  for (let i = 0; i < ids.length; i += SLICE) await deps.jobs.send(REROLL_QUEUE, { ids: ids.slice(i, i + SLICE) });
  return 'queued';
}

export function rerollJob(deps: Pick<RerollDeps, 'rollup'>): JobDefinition {
  return {
    name: REROLL_QUEUE,
    handler: async (data) => {
      const ids = (data as { ids?: unknown }).ids;
      if (Array.isArray(ids)) await deps.rollup.rerollAll(ids.filter((x): x is number => Number.isInteger(x)));
    },
  };
}
