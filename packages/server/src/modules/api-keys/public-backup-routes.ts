// Public REST API v1: one backup and results.
import { ErrorBody, PublicBackup, PublicBackupParams, PublicResultPage, PublicResultsQuery } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { countRows, keyTenantOf } from '../../platform/auth/api-keys.ts';
import { typed, type App } from '../../platform/http.ts';
import { PublicApiService } from './public-service.ts';
import { byKey, errors, common, paging } from './public-route-access.ts';

export function publicBackupRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const api = new PublicApiService(deps.database);

  r.get(
    '/api/public/v1/backups/:id',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'One backup',
        params: PublicBackupParams,
        response: { 200: PublicBackup, 404: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const out = await api.backup(keyTenantOf(req), req.params.id);
      countRows(req, 1);
      return out;
    },
  );

  r.get(
    '/api/public/v1/results',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Backup results',
        description: `Results in time order, of one backup (BackupId) or all. From and To are ISO 8601 date-times or days (UTC; a day as To includes the whole day); by default the last seven days. ${paging}`,
        querystring: PublicResultsQuery,
        response: { 200: PublicResultPage, 404: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const out = await api.results(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );
}
