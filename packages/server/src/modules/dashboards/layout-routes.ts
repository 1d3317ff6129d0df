import { z } from 'zod';
import { DashboardLayout, DashboardLayoutInput, Privilege } from '@vigil/contract';
import { typed, type App } from '../../platform/http.ts';
import type { LayoutService } from './layouts.ts';
import { Id, tags } from './route-config.ts';

const admins = { access: { privilege: Privilege.allAdmins } };
const ById = z.object({ id: Id });

/** Dashboard layouts kept by platform admins (platform §7 "Dashboard layouts (admin)."). */
export function layoutAdminRoutes(app: App, layouts: LayoutService): void {
  const r = typed(app);

  r.get(
    '/api/dashboard/layout/all',
    { config: admins, schema: { tags, response: { 200: z.array(DashboardLayout) } } },
    async () => layouts.list(false),
  );

  r.get(
    '/api/dashboard/layout/:id',
    { config: admins, schema: { tags, params: ById, response: { 200: DashboardLayout } } },
    async (req) => layouts.one(req.params.id),
  );

  r.post(
    '/api/dashboard/layout',
    {
      config: admins,
      schema: { tags, body: DashboardLayoutInput.omit({ id: true }), response: { 200: DashboardLayout } },
    },
    async (req) => layouts.save(req.body),
  );

  r.put(
    '/api/dashboard/layout',
    {
      config: admins,
      schema: {
        tags,
        body: DashboardLayoutInput.required({ id: true }),
        response: { 200: DashboardLayout },
      },
    },
    async (req) => layouts.save(req.body),
  );

  r.patch(
    '/api/dashboard/layout/:id/:publish',
    {
      config: admins,
      schema: {
        tags,
        params: z.object({ id: Id, publish: z.enum(['true', 'false']).transform((p) => p === 'true') }),
        response: { 200: DashboardLayout },
      },
    },
    async (req) => layouts.publish(req.params.id, req.params.publish),
  );

  r.delete(
    '/api/dashboard/layout/:id',
    { config: admins, schema: { tags, params: ById, response: { 200: z.object({ id: z.number().int() }) } } },
    async (req) => {
      await layouts.remove(req.params.id);
      return { id: req.params.id };
    },
  );
}
