import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { purgeExpiredTokensJob } from './purge-expired-tokens.ts';
import { parseEmailJob, requeueStrandedJob } from './ingest.ts';
import { pollMailboxesJob } from './imap.ts';

export function jobDefinitions(deps: Deps): JobDefinition[] {
  return [purgeExpiredTokensJob(deps), parseEmailJob(deps), requeueStrandedJob(deps), pollMailboxesJob(deps)];
}
