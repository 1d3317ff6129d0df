// Applying backup plans to the backups they cover (`api/backup-plans/apply`).
import { BackupPlanApplyAnswer, BackupPlanApplyInput, BackupPlanApplyQuery } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { BackupPlanService } from './service.ts';
import { tags, canApply, flaggedIn } from './route-access.ts';

export function backupPlanApplyRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new BackupPlanService(deps);
  const { database } = deps;

  const flagged = flaggedIn(database);

  r.post(
    '/api/backup-plans/apply',
    {
      config: canApply,
      preHandler: flagged,
      schema: {
        tags,
        querystring: BackupPlanApplyQuery,
        body: BackupPlanApplyInput.nullish(),
        response: { 200: BackupPlanApplyAnswer },
      },
    },
    async (req) =>
      service.apply(actorOf(req), req.body?.Ids, req.query.overrideBackupPlans, await visibleCompanies(database, req)),
  );
}
