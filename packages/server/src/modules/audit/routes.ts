import { z } from 'zod';
import {
  AuditAction,
  AuditActionInput,
  AuditActionQuery,
  AuditActionRemove,
  AuditBackupRow,
  AuditBackupsQuery,
  AuditDeleteAnswer,
  AuditFiltersDoc,
  AuditResult,
  AuditResultDetail,
  AuditResultsQuery,
  AuditUiSettings,
  DailyActivityDateQuery,
  DailyActivityQuery,
  DailyActivityRow,
  DeleteAuditResults,
  EditAuditResult,
  GroupDetails,
  IdParam,
  NewAuditResult,
  paged,
  ParsedDateTimeAnswer,
  Privilege,
  Schedule,
  ScheduleInput,
  ScheduleOption,
  StatusLog,
  UserFilter,
  UserFilterInput,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { listAuditBackups } from './audit-service.ts';
import { notInFuture, tenantClock, visibleCompanies } from './common.ts';
import { groupDetails, listDailyActivity, statusLog } from './daily-activity.ts';
import {
  deleteUserFilter,
  getPreference,
  listUserFilters,
  putPreference,
  saveUserFilter,
  type PreferenceKey,
} from './filters.ts';
import { AuditResultsService, type AuditActionKind } from './results-service.ts';
import { scopeOf } from './scope.ts';
import { ScheduleService } from './schedules.ts';

const canView = { access: { permissions: ['audit.getAudit'] } };
const canEdit = { access: { permissions: ['audit.editAuditResults'] } };
const canViewSchedules = { access: { permissions: ['manage.getschedules'] } };
// Named schedules are backup settings: changing them needs the right to edit backups too.
const canEditSchedules = { access: { permissions: ['manage.getschedules', 'manage.editbackups'] } };
const canDaily = {
  access: { privilege: Privilege.tenantAdminOrStandard, permissions: ['dailyactivity.getDailyBackups'] },
};
const auditTags = ['Audit'];
/**
 * The two grids answer large pages (up to 50 rows × 90 history days) on every filter change.
 * Their answers are typed by the contract at compile time, so they are sent as plain JSON
 * instead of being validated against the response schema once more at run time (which costs
 * more than the database does there); the schema still documents the answer.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
const BackupIdParam = z.object({ backupId: z.coerce.number().int().positive() });
const FilterIdParam = z.object({ id: z.coerce.number().int() });

export function auditRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;
  const results = new AuditResultsService(database, deps.rollup, deps.blobs);
  const schedules = new ScheduleService(database, deps.rollup);

  /** A day from the caller, refused when it lies after the tenant's today. */
  const checkedDay = async (tenantId: number, day: string, field: string) =>
    notInFuture(day, (await tenantClock(database, tenantId)).today, field);

  // Audit grid -------------------------------------------------------------------------------

  r.post(
    '/api/policy/audit-backups',
    {
      ...plainJson,
      config: canView,
      schema: { tags: auditTags, body: AuditBackupsQuery.nullish(), response: { 200: paged(AuditBackupRow) } },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      const q = AuditBackupsQuery.parse(req.body ?? {});
      const clock = await tenantClock(database, tenantId);
      const date = notInFuture(q.Date ?? clock.yesterday, clock.today);
      return listAuditBackups(database, q, {
        tenantId,
        timeZone: clock.timeZone,
        date,
        visible: await visibleCompanies(database, req),
      });
    },
  );

  r.get(
    '/api/policy/audit/results',
    {
      config: canView,
      schema: { tags: auditTags, querystring: AuditResultsQuery, response: { 200: z.array(AuditResult) } },
    },
    async (req) => {
      const scope = await scopeOf(database, req);
      const day = await checkedDay(scope.tenantId, req.query.date, 'date');
      return results.ofDay(scope, req.query.policyId, day);
    },
  );

  // Results ----------------------------------------------------------------------------------

  r.get(
    '/api/audit-result/parsed-datetime/:id',
    { config: canView, schema: { tags: auditTags, params: IdParam, response: { 200: ParsedDateTimeAnswer } } },
    async (req) => ({ ParsedDateTime: await results.parsedDateTime(await scopeOf(database, req), req.params.id) }),
  );

  r.get(
    '/api/audit-result/:id',
    { config: canView, schema: { tags: auditTags, params: IdParam, response: { 200: AuditResultDetail } } },
    async (req) => results.detail(await scopeOf(database, req), req.params.id),
  );

  r.post(
    '/api/audit-result',
    { config: canEdit, schema: { tags: auditTags, body: NewAuditResult, response: { 200: AuditResult } } },
    async (req) => results.add(await scopeOf(database, req), req.auth.userId, req.body),
  );

  r.put(
    '/api/audit-result/edit',
    { config: canEdit, schema: { tags: auditTags, body: EditAuditResult, response: { 200: AuditResult } } },
    async (req) => results.edit(await scopeOf(database, req), req.auth.userId, req.body),
  );

  r.post(
    '/api/audit-result/delete',
    { config: canEdit, schema: { tags: auditTags, body: DeleteAuditResults, response: { 200: AuditDeleteAnswer } } },
    async (req) => ({ Deleted: await results.remove(await scopeOf(database, req), req.body.ResultIds) }),
  );

  // Verify, remediate, restore ---------------------------------------------------------------

  r.get(
    '/api/audit-result/verify',
    {
      config: canView,
      schema: { tags: auditTags, querystring: AuditActionQuery, response: { 200: z.array(AuditAction) } },
    },
    async (req) => {
      const scope = await scopeOf(database, req);
      const day = await checkedDay(scope.tenantId, req.query.date, 'date');
      return results.marks(scope, req.query.policyId, day);
    },
  );

  for (const kind of ['verify', 'remediate', 'restore'] as AuditActionKind[]) {
    r.put(
      `/api/audit-result/${kind}`,
      {
        config: canEdit,
        schema: { tags: auditTags, body: AuditActionInput, response: { 200: z.array(AuditAction) } },
      },
      async (req) => {
        const scope = await scopeOf(database, req);
        const day = await checkedDay(scope.tenantId, req.body.Date, 'Date');
        return results.mark(scope, req.auth.userId, kind, { ...req.body, Date: day });
      },
    );
    r.put(
      `/api/audit-result/delete-${kind}`,
      {
        config: canEdit,
        schema: { tags: auditTags, body: AuditActionRemove, response: { 200: AuditDeleteAnswer } },
      },
      async (req) => ({ Deleted: await results.unmark(await scopeOf(database, req), kind, req.body) }),
    );
  }

  // The caller's audit settings and saved filters ----------------------------------------------

  const preference = (path: string, key: PreferenceKey, schema: typeof AuditFiltersDoc | typeof AuditUiSettings) => {
    r.get(path, { config: canView, schema: { tags: ['Account'], response: { 200: schema } } }, async (req) => {
      tenantOf(req);
      return getPreference(database, req.auth.userId, key);
    });
    r.put(
      path,
      { config: canView, schema: { tags: ['Account'], body: schema, response: { 200: schema } } },
      async (req) => {
        tenantOf(req);
        return putPreference(database, req.auth.userId, key, req.body as object);
      },
    );
  };
  preference('/api/account/audit-filters', 'audit-filters', AuditFiltersDoc);
  preference('/api/account/audit-ui-settings', 'audit-ui-settings', AuditUiSettings);

  r.get(
    '/api/common/user-filters',
    { config: canView, schema: { tags: ['Common'], response: { 200: z.array(UserFilter) } } },
    async (req) => listUserFilters(database, tenantOf(req), req.auth.userId),
  );

  r.post(
    '/api/user/filter',
    { config: canView, schema: { tags: ['Users'], body: UserFilterInput, response: { 200: UserFilter } } },
    async (req) => saveUserFilter(database, tenantOf(req), req.auth.userId, req.body),
  );

  r.delete(
    '/api/user/filter/:id',
    {
      config: canView,
      schema: { tags: ['Users'], params: FilterIdParam, response: { 200: z.object({ id: z.number().int() }) } },
    },
    async (req) => {
      await deleteUserFilter(database, tenantOf(req), req.auth.userId, req.params.id);
      return { id: req.params.id };
    },
  );

  // Schedules --------------------------------------------------------------------------------

  r.get(
    '/api/schedule',
    { config: canViewSchedules, schema: { tags: ['Schedules'], response: { 200: z.array(Schedule) } } },
    async (req) => schedules.list(tenantOf(req)),
  );

  r.get(
    '/api/schedule/options',
    { config: canViewSchedules, schema: { tags: ['Schedules'], response: { 200: z.array(ScheduleOption) } } },
    async (req) => schedules.options(tenantOf(req)),
  );

  r.post(
    '/api/schedule',
    { config: canEditSchedules, schema: { tags: ['Schedules'], body: ScheduleInput, response: { 200: Schedule } } },
    async (req) => {
      tenantOf(req);
      return schedules.save(actorOf(req), req.body);
    },
  );

  r.delete(
    '/api/schedule/:id',
    {
      config: canEditSchedules,
      schema: {
        tags: ['Schedules'],
        params: IdParam,
        response: { 200: z.object({ ScheduleId: z.number().int(), BackupIds: z.array(z.number().int()) }) },
      },
    },
    async (req) => {
      tenantOf(req);
      return { ScheduleId: req.params.id, BackupIds: await schedules.remove(actorOf(req), req.params.id) };
    },
  );

  // Daily Activity ---------------------------------------------------------------------------

  r.post(
    '/api/daily-activity/daily-backups',
    {
      ...plainJson,
      config: canDaily,
      schema: { tags: ['Daily activity'], body: DailyActivityQuery, response: { 200: paged(DailyActivityRow) } },
    },
    async (req) => {
      const tenantId = tenantOf(req);
      const date = await checkedDay(tenantId, req.body.Date, 'Date');
      return listDailyActivity(
        database,
        { ...req.body, Date: date },
        { tenantId, visible: await visibleCompanies(database, req) },
      );
    },
  );

  r.get(
    '/api/daily-activity/status-log/:backupId',
    {
      config: canDaily,
      schema: {
        tags: ['Daily activity'],
        params: BackupIdParam,
        querystring: DailyActivityDateQuery,
        response: { 200: StatusLog },
      },
    },
    async (req) => {
      const scope = await scopeOf(database, req);
      const day = await checkedDay(scope.tenantId, req.query.date, 'date');
      return statusLog(database, results, scope, req.params.backupId, day);
    },
  );

  r.get(
    '/api/daily-activity/group-details/:backupId',
    {
      config: canDaily,
      schema: {
        tags: ['Daily activity'],
        params: BackupIdParam,
        querystring: DailyActivityDateQuery,
        response: { 200: GroupDetails },
      },
    },
    async (req) => {
      const scope = await scopeOf(database, req);
      const day = await checkedDay(scope.tenantId, req.query.date, 'date');
      return groupDetails(database, results, scope, req.params.backupId, day);
    },
  );
}
