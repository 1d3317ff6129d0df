// Backup plans: list, create, update and the name check.
import {
  BackupPlanCreate,
  BackupPlanListQuery,
  BackupPlanNameUniqueAnswer,
  BackupPlanNameUniqueInput,
  BackupPlanRow,
  BackupPlanUpdate,
  paged,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { BackupPlanService } from './service.ts';
import { tags, planRouteOptions } from './route-access.ts';

export function backupPlanEditRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new BackupPlanService(deps);
  const { database } = deps;

  const { view, edit } = planRouteOptions(database);

  r.post(
    '/api/backup-plans/list',
    { ...view, schema: { tags, body: BackupPlanListQuery.nullish(), response: { 200: paged(BackupPlanRow) } } },
    async (req) => service.list(tenantOf(req), BackupPlanListQuery.parse(req.body ?? {})),
  );

  r.post(
    '/api/backup-plans/create',
    { ...edit, schema: { tags, body: BackupPlanCreate, response: { 200: BackupPlanRow } } },
    async (req) => service.create(actorOf(req), req.body),
  );

  r.put(
    '/api/backup-plans/update',
    { ...edit, schema: { tags, body: BackupPlanUpdate, response: { 200: BackupPlanRow } } },
    async (req) => service.update(actorOf(req), req.body),
  );

  r.post(
    '/api/backup-plans/is-name-unique',
    { ...view, schema: { tags, body: BackupPlanNameUniqueInput, response: { 200: BackupPlanNameUniqueAnswer } } },
    async (req) => ({ IsUnique: await service.isNameUnique(tenantOf(req), req.body.Name, req.body.Id) }),
  );
}
