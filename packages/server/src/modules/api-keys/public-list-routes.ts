// Public REST API v1 lists: companies and backups.
import { PublicBackupPage, PublicBackupsQuery, PublicCompaniesQuery, PublicCompanyPage } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { countRows, keyTenantOf } from '../../platform/auth/api-keys.ts';
import { typed, type App } from '../../platform/http.ts';
import { PublicApiService } from './public-service.ts';
import { byKey, errors, common, paging } from './public-route-access.ts';

export function publicListRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const api = new PublicApiService(deps.database);

  r.get(
    '/api/public/v1/companies',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Client companies',
        description: `Companies by id, with their number of audited backups; Name filters by part of the name. ${paging}`,
        querystring: PublicCompaniesQuery,
        response: { 200: PublicCompanyPage, ...errors },
      },
    },
    async (req) => {
      const out = await api.companies(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );

  r.get(
    '/api/public/v1/backups',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Backups',
        description: `Backups by id. Filters: CompanyId, Status (current day status 0–6) and Active (true: audited backups; false: inactive and retired ones). ${paging}`,
        querystring: PublicBackupsQuery,
        response: { 200: PublicBackupPage, ...errors },
      },
    },
    async (req) => {
      const out = await api.backups(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );
}
