// Backup time popularity (platform §7 Popularity; flag brTimePopularity, always on).
import { IdParam, PopularityMove, PopularityMoved, UnpopularTime } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { canEdit, canRead } from '../backups/route-access.ts';
import { moveStart, unpopularTime, visibleBackup } from './service.ts';

const tags = ['Manage: backups'];

export function popularityRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  r.get(
    '/api/popularity/:id/unpopular-time',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: UnpopularTime } } },
    async (req) => {
      const tenantId = tenantOf(req);
      const backup = await visibleBackup(database, tenantId, await visibleCompanies(database, req), req.params.id);
      return unpopularTime(database, tenantId, backup);
    },
  );

  r.post(
    '/api/popularity/:id',
    { config: canEdit, schema: { tags, params: IdParam, body: PopularityMove, response: { 200: PopularityMoved } } },
    async (req) => {
      const tenantId = tenantOf(req);
      await visibleBackup(database, tenantId, await visibleCompanies(database, req), req.params.id);
      return moveStart(database, tenantId, req.auth.userId, req.params.id, req.body.StartTime);
    },
  );
}
