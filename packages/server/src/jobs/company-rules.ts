import type { Deps } from '../deps.ts';
import type { JobDefinition } from '../platform/jobs.ts';
import { reapplyAllTenants } from '../modules/companies/assign.ts';

/**
 * Every 15 minutes: each tenant's client-id mappings and company rules are re-applied to its
 * Inactive backups without a company, so backups discovered before a rule or mapping existed
 * are placed without anyone pressing Apply. Monitored (Active) backups only move when a user
 * applies from the preview.
 */
export function companyRulesJob(deps: Pick<Deps, 'database'>): JobDefinition {
  return {
    name: 'company-rules',
    cron: '*/15 * * * *',
    handler: async () => {
      await reapplyAllTenants(deps.database);
    },
  };
}
