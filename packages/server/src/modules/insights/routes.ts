import { z } from 'zod';
import {
  AdminInsightRow,
  AdminInsightsQuery,
  checkPermissions,
  Insight,
  InsightActionInput,
  InsightActionResult,
  InsightListQuery,
  InsightOverview,
  paged,
  Privilege,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { actorOf } from '../../changes/activity.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { typed, type App } from '../../platform/http.ts';
import { visibleCompanies } from '../audit/common.ts';
import { actOnInsights } from './actions.ts';
import { computeInsights } from './compute.ts';
import { adminInsightRows, listInsights, overview, parseType } from './service.ts';

/** Insights (platform §7): the tenant's suggestions, and the admin portal's per-tenant counts. */
const canView = { access: { permissions: ['insight.getInsights'] } };
const canOpen = { access: { permissions: ['insight.getInsightDetails'] } };
const admins = { access: { privilege: Privilege.allAdmins } };
const tags = ['Insights'];
const TypeParam = z.object({ type: z.string().max(64) });
const TenantParam = z.object({ tenantId: z.coerce.number().int().positive() });
/** Applying a suggestion edits backups, which needs the backup editor's permission too. */
const EDIT_BACKUPS = 'manage.editbackups';

export function insightRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const { database } = deps;

  r.get('/api/insight', { config: canView, schema: { tags, response: { 200: InsightOverview } } }, async (req) =>
    overview(database, tenantOf(req), await visibleCompanies(database, req)),
  );

  r.post('/api/insight', { config: canOpen, schema: { tags, response: { 200: InsightOverview } } }, async (req) => {
    const tenantId = tenantOf(req);
    await computeInsights(database, tenantId);
    return overview(database, tenantId, await visibleCompanies(database, req));
  });

  r.get(
    '/api/insight/:type',
    {
      config: canOpen,
      schema: { tags, params: TypeParam, querystring: InsightListQuery, response: { 200: paged(Insight) } },
    },
    async (req) =>
      listInsights(
        database,
        tenantOf(req),
        await visibleCompanies(database, req),
        parseType(req.params.type),
        req.query,
      ),
  );

  r.post(
    '/api/insight/:type',
    {
      config: canOpen,
      schema: { tags, params: TypeParam, body: InsightActionInput, response: { 200: InsightActionResult } },
    },
    async (req) => {
      tenantOf(req);
      const type = parseType(req.params.type);
      if (req.body.Action === 'apply' && !checkPermissions(req.auth.permissions, [EDIT_BACKUPS])) throw forbidden();
      return actOnInsights(deps, actorOf(req), await visibleCompanies(database, req), type, req.body);
    },
  );

  r.post(
    '/api/admin/insights',
    { config: admins, schema: { tags, body: AdminInsightsQuery, response: { 200: paged(AdminInsightRow) } } },
    async (req) => adminInsightRows(database, req.body),
  );

  r.post(
    '/api/admin/insights/:tenantId',
    { config: admins, schema: { tags, params: TenantParam, response: { 200: AdminInsightRow } } },
    async (req) => {
      const exists = await database.query('SELECT 1 FROM tenants WHERE id = $1', [req.params.tenantId]);
      if (!exists.rows.length) throw notFound();
      await computeInsights(database, req.params.tenantId);
      const page = await adminInsightRows(database, { Page: 1, Size: 1, TenantId: req.params.tenantId });
      return page.Results[0];
    },
  );
}
