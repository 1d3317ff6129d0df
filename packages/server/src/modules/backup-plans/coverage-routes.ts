// Backup plan order and coverage: reorder, covered backups, scheduled days and date flags.
import { z } from 'zod';
import {
  BackupPlanBackupsAnswer,
  BackupPlanBackupsInput,
  BackupPlanReorder,
  BackupPlanRow,
  DateFlagsAnswer,
  DateFlagsInput,
  ScheduledDaysAnswer,
  ScheduledDaysInput,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { BackupPlanService, dateFlags } from './service.ts';
import { tags, planRouteOptions } from './route-access.ts';

export function backupPlanCoverageRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new BackupPlanService(deps);
  const { database } = deps;

  const { view, edit } = planRouteOptions(database);

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
}
