import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';

/**
 * Hourly on PGlite, which has no autovacuum: VACUUM ANALYZE keeps the planner's statistics
 * current (audit pages filtered by status were twice as slow without them). PostgreSQL's own
 * autovacuum does this there.
 */
export function databaseMaintenanceJob(deps: Pick<Deps, 'database'>): JobDefinition {
  return {
    name: 'database-maintenance',
    cron: '41 * * * *',
    handler: async () => {
      if (deps.database.kind === 'pglite') await deps.database.exec('VACUUM ANALYZE');
    },
  };
}
