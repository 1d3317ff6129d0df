import type { Deps } from '../../deps.ts';
import type { JobDefinition } from '../../platform/jobs.ts';

/** Every minute: this region's new and removed sign-in e-mails and tenants reach the shared directory. */
export function regionDirectoryJob(deps: Pick<Deps, 'regions'>): JobDefinition {
  return {
    name: 'region-directory-sync',
    cron: '* * * * *',
    handler: async () => {
      await deps.regions.sync();
    },
  };
}
