import { z } from 'zod';
import {
  Dashboard,
  DashboardCopy,
  DashboardCreate,
  DashboardEnums,
  DashboardFromTemplate,
  DashboardLayout,
  DashboardPermissions,
  DashboardPermissionsInput,
  DashboardShareDelete,
  DashboardShareLink,
  DashboardShares,
  DashboardUpdate,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { typed, type App } from '../../platform/http.ts';
import { callerOf } from './access.ts';
import { editors, Id, tags, viewers } from './route-config.ts';
import { dashboardEnums } from './enums.ts';
import { LayoutService } from './layouts.ts';
import { layoutAdminRoutes } from './layout-routes.ts';
import { sharedRoutes } from './shared-routes.ts';
import { DashboardService } from './service.ts';
import { ShareService } from './shares.ts';
import { tileRoutes } from './tile-routes.ts';

const ById = z.object({ id: Id });

/**
 * Dashboards (platform §7 "Dashboards." and "Dashboard layouts (admin)."). The route
 * permission lets a caller in; what they may do with one dashboard is their level on it,
 * checked in the services (features §4.1).
 */
export function dashboardRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const dashboards = new DashboardService(deps.database);
  const shares = new ShareService(deps.database, deps.config.publicUrl);
  const layouts = new LayoutService(deps.database);

  r.get('/api/dashboard', { config: viewers, schema: { tags, response: { 200: z.array(Dashboard) } } }, async (req) =>
    dashboards.list(callerOf(req)),
  );

  r.get('/api/dashboard/enums', { config: viewers, schema: { tags, response: { 200: DashboardEnums } } }, async () =>
    dashboardEnums(),
  );

  r.get(
    '/api/dashboard/layout',
    { config: viewers, schema: { tags, response: { 200: z.array(DashboardLayout) } } },
    async (req) => {
      callerOf(req);
      return layouts.list(true);
    },
  );

  r.post(
    '/api/dashboard',
    { config: editors, schema: { tags, body: DashboardCreate, response: { 200: Dashboard } } },
    async (req) => dashboards.create(callerOf(req), req.body),
  );

  r.post(
    '/api/dashboard/template',
    { config: editors, schema: { tags, body: DashboardFromTemplate, response: { 200: Dashboard } } },
    async (req) => layouts.startDashboard(dashboards, callerOf(req), req.body.layoutId, req.body.name),
  );

  r.post(
    '/api/dashboard/copy',
    { config: editors, schema: { tags, body: DashboardCopy, response: { 200: Dashboard } } },
    async (req) => dashboards.copy(callerOf(req), req.body.id, req.body.name),
  );

  r.put(
    '/api/dashboard/:id',
    { config: viewers, schema: { tags, params: ById, body: DashboardUpdate, response: { 200: Dashboard } } },
    async (req) => dashboards.update(callerOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/dashboard/:id',
    {
      config: viewers,
      schema: {
        tags,
        description: "Deletes the dashboard with its tiles and links; answers the caller's remaining dashboards.",
        params: ById,
        response: { 200: z.array(Dashboard) },
      },
    },
    async (req) => {
      const c = callerOf(req);
      await dashboards.remove(c, req.params.id);
      return dashboards.list(c);
    },
  );

  r.get(
    '/api/dashboard/:id/permissions',
    { config: viewers, schema: { tags, params: ById, response: { 200: DashboardPermissions } } },
    async (req) => dashboards.permissions(callerOf(req), req.params.id),
  );

  for (const method of ['put', 'post'] as const)
    r[method](
      '/api/dashboard/:id/permissions',
      {
        config: viewers,
        schema: { tags, params: ById, body: DashboardPermissionsInput, response: { 200: DashboardPermissions } },
      },
      async (req) => dashboards.setPermissions(callerOf(req), req.params.id, req.body),
    );

  r.put(
    '/api/dashboard/:id/permissions/access/:type',
    {
      config: viewers,
      schema: {
        tags,
        params: z.object({ id: Id, type: z.enum(['0', '1']).transform((t) => (t === '1' ? 1 : 0) as 0 | 1) }),
        response: { 200: DashboardPermissions },
      },
    },
    async (req) => dashboards.setAccess(callerOf(req), req.params.id, req.params.type),
  );

  r.get(
    '/api/dashboard/:id/share',
    { config: viewers, schema: { tags, params: ById, response: { 200: DashboardShares } } },
    async (req) => shares.list(callerOf(req), req.params.id),
  );

  r.post(
    '/api/dashboard/:id/share',
    {
      config: viewers,
      schema: {
        tags,
        description: 'Makes a share link; its token is in this answer only.',
        params: ById,
        response: { 200: DashboardShareLink },
      },
    },
    async (req) => shares.create(callerOf(req), req.params.id),
  );

  r.delete(
    '/api/dashboard/:id/share',
    {
      config: viewers,
      schema: {
        tags,
        description: 'Deactivates the link `linkId`, or every link of the dashboard without it.',
        params: ById,
        querystring: DashboardShareDelete,
        response: { 200: DashboardShares },
      },
    },
    async (req) => shares.deactivate(callerOf(req), req.params.id, req.query.linkId),
  );

  tileRoutes(app, deps);
  layoutAdminRoutes(app, layouts);
  sharedRoutes(app, deps, shares);
}
