import { z } from 'zod';
import { ScheduledReport, ScheduledReportDeleted, ScheduledReportInput, ScheduledReportRun } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { ScheduledReportService } from './scheduled.ts';

/** Reporting → Scheduled (platform §7 "Reports." scheduled). */
const canRead = { access: { permissions: ['reporting.getscheduledreports'] } };
const canEdit = { access: { permissions: ['reporting.editscheduledreports'] } };
const tags = ['Reports'];
const IdParams = z.object({ id: z.coerce.number().int().positive() });

export function scheduledReportRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const service = new ScheduledReportService(deps);

  r.get(
    '/api/reports/scheduled',
    { config: canRead, schema: { tags, response: { 200: z.array(ScheduledReport) } } },
    async (req) => service.list(tenantOf(req)),
  );

  r.post(
    '/api/reports/scheduled',
    { config: canEdit, schema: { tags, body: ScheduledReportInput, response: { 200: ScheduledReport } } },
    async (req) => service.create(tenantOf(req), req.auth.userId, req.body),
  );

  r.get(
    '/api/reports/scheduled/:id',
    { config: canRead, schema: { tags, params: IdParams, response: { 200: ScheduledReport } } },
    async (req) => service.get(tenantOf(req), req.params.id),
  );

  r.put(
    '/api/reports/scheduled/:id',
    {
      config: canEdit,
      schema: { tags, params: IdParams, body: ScheduledReportInput, response: { 200: ScheduledReport } },
    },
    async (req) => service.update(tenantOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/reports/scheduled/:id',
    { config: canEdit, schema: { tags, params: IdParams, response: { 200: ScheduledReportDeleted } } },
    async (req) => service.remove(tenantOf(req), req.params.id),
  );

  r.post(
    '/api/reports/scheduled/run/:id',
    { config: canEdit, schema: { tags, params: IdParams, response: { 200: ScheduledReportRun } } },
    async (req) => service.runNow(tenantOf(req), req.params.id),
  );
}
