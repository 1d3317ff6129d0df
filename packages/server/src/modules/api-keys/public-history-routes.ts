// Public REST API v1: the daily history.
import { ErrorBody, PublicHistoryPage, PublicHistoryQuery } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { countRows, keyTenantOf } from '../../platform/auth/api-keys.ts';
import { typed, type App } from '../../platform/http.ts';
import { PublicApiService } from './public-service.ts';
import { byKey, errors, common, paging } from './public-route-access.ts';

export function publicHistoryRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const api = new PublicApiService(deps.database);

  r.get(
    '/api/public/v1/daily-history',
    {
      config: byKey,
      schema: {
        ...common,
        summary: 'Daily status history',
        description: `One row per audited backup and business day (the tenant's time zone), by backup then day: the day's status and its result counts. From and To are days; by default the 30 days up to today. ${paging}`,
        querystring: PublicHistoryQuery,
        response: { 200: PublicHistoryPage, 404: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const out = await api.history(keyTenantOf(req), req.query);
      countRows(req, out.Results.length);
      return out;
    },
  );
}
