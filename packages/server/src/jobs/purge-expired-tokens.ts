import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { lt, or, isNotNull } from 'drizzle-orm';
import { passwordResets } from '../db/schema/index.ts';

/** Hourly: drops refresh tokens and reset links nobody can use any more. */
export function purgeExpiredTokensJob(deps: Pick<Deps, 'sessions' | 'database'>): JobDefinition {
  return {
    name: 'purge-expired-tokens',
    cron: '17 * * * *',
    handler: async () => {
      await deps.sessions.purgeExpired();
      await deps.database.db
        .delete(passwordResets)
        .where(or(lt(passwordResets.expiresAt, new Date()), isNotNull(passwordResets.usedAt)));
    },
  };
}
