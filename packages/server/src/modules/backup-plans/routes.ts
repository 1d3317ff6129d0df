import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  BackupPlanApplyAnswer,
  BackupPlanApplyInput,
  BackupPlanApplyQuery,
  BackupPlanBackupsAnswer,
  BackupPlanBackupsInput,
  BackupPlanCreate,
  BackupPlanListQuery,
  BackupPlanNameUniqueAnswer,
  BackupPlanNameUniqueInput,
  BackupPlanReorder,
  BackupPlanRow,
  BackupPlanUpdate,
  DateFlagsAnswer,
  DateFlagsInput,
  IdParam,
  OkBody,
  paged,
  RuleSet,
  ScheduledDaysAnswer,
  ScheduledDaysInput,
  ToggleFlagParams,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { flagsForTenant } from '../admin-portal/flags-service.ts';
import { visibleCompanies } from '../audit/common.ts';
import { BackupPlanService, dateFlags } from './service.ts';

const tags = ['Backup plans'];

/** Backup plans (platform §7 "Backup plans (api/backup-plans)."), behind the brBackupPlans flag. */
export function backupPlanRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new BackupPlanService(deps);
  const { database } = deps;

  /** A tenant without the flag has no backup plans: every route answers 404. */
  const flagged = async (req: FastifyRequest) => {
    const flags = await flagsForTenant(database, tenantOf(req));
    if (!flags.brBackupPlans) throw notFound();
  };
  const canView = { access: { permissions: ['manage.getBackupPlans'] } };
  const canEdit = { access: { permissions: ['manage.getBackupPlans', 'manage.editBackupPlans'] } };
  // Applying writes backup settings: it needs the right to edit backups too.
  const canApply = {
    access: { permissions: ['manage.getBackupPlans', 'manage.editBackupPlans', 'manage.editbackups'] },
  };
  const view = { config: canView, preHandler: flagged };
  const edit = { config: canEdit, preHandler: flagged };

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

  r.post(
    '/api/backup-plans/reorder',
    { ...edit, schema: { tags, body: BackupPlanReorder, response: { 200: z.array(BackupPlanRow) } } },
    async (req) => service.reorder(actorOf(req), req.body.Id, req.body.AfterId),
  );

  r.post(
    '/api/backup-plans/backups',
    { ...view, schema: { tags, body: BackupPlanBackupsInput, response: { 200: BackupPlanBackupsAnswer } } },
    async (req) => service.backups(tenantOf(req), req.body, await visibleCompanies(database, req)),
  );

  r.post(
    '/api/backup-plans/scheduled-days',
    { ...view, schema: { tags, body: ScheduledDaysInput, response: { 200: ScheduledDaysAnswer } } },
    async (req) => service.scheduledDays(tenantOf(req), req.body),
  );

  r.post(
    '/api/backup-plans/date-flags',
    { ...view, schema: { tags, body: DateFlagsInput, response: { 200: DateFlagsAnswer } } },
    async (req) => dateFlags(req.body.From, req.body.To),
  );

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
