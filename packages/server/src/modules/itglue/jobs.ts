import type { Deps } from '../../deps.ts';
import type { JobDefinition } from '../../platform/jobs.ts';
import { pushAll } from './push.ts';

/** `itglue-push` every hour at :20: each enabled IT Glue connection pushes its mapped companies. */
export function itglueJobs(deps: Deps): JobDefinition[] {
  return [{ name: 'itglue-push', cron: '20 * * * *', handler: async () => pushAll(deps) }];
}
