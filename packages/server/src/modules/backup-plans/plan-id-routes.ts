// One backup plan (`api/backup-plans/{id}`): read, delete, rules and flags.
import { BackupPlanRow, IdParam, OkBody, RuleSet, ToggleFlagParams } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { BackupPlanService } from './service.ts';
import { tags, planRouteOptions } from './route-access.ts';

export function backupPlanIdRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new BackupPlanService(deps);
  const { database } = deps;

  const { view, edit } = planRouteOptions(database);

  r.get(
    '/api/backup-plans/:id',
    { ...view, schema: { tags, params: IdParam, response: { 200: BackupPlanRow } } },
    async (req) => service.get(tenantOf(req), req.params.id),
  );

  r.delete(
    '/api/backup-plans/:id',
    { ...edit, schema: { tags, params: IdParam, response: { 200: OkBody } } },
    async (req) => {
      await service.remove(actorOf(req), req.params.id);
      return { Message: 'Backup plan deleted' };
    },
  );

  r.get(
    '/api/backup-plans/:id/rules',
    { ...view, schema: { tags, params: IdParam, response: { 200: RuleSet } } },
    async (req) => service.rules(tenantOf(req), req.params.id),
  );

  r.patch(
    '/api/backup-plans/:id/:flag',
    { ...edit, schema: { tags, params: ToggleFlagParams, response: { 200: BackupPlanRow } } },
    async (req) => service.toggle(actorOf(req), req.params.id, req.params.flag),
  );
}
