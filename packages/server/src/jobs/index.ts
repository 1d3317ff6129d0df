import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { purgeExpiredTokensJob } from './purge-expired-tokens.ts';

export function jobDefinitions(deps: Deps): JobDefinition[] {
  return [purgeExpiredTokensJob(deps)];
}
