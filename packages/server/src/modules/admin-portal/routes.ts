import { z } from 'zod';
import {
  AdminAddTenantUser,
  AdministratorCreate,
  AdministratorRow,
  AdministratorUpdate,
  AdminTenantGroup,
  AdminTenantOverview,
  AdminTenantUser,
  OkBody,
  Privilege,
  UserSearchHit,
  UserSearchQuery,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { typed, type App } from '../../platform/http.ts';
import { AdministratorsService } from './administrators-service.ts';
import { operationsRoutes } from './operations-routes.ts';
import { AdminTenantsService } from './tenants-service.ts';

const tags = ['Admin Portal'];
const readers = { access: { privilege: Privilege.allAdmins } };
/** Adding a user to a tenant is support work: Super or Success. */
const support = { access: { privilege: Privilege.successAdminOrHigher } };
/** Who may be an administrator is decided by Super administrators only. */
const supers = { access: { privilege: Privilege.superAdmin } };
const TenantParam = z.object({ tenantId: z.coerce.number().int().positive() });
const IdParam = z.object({ id: z.coerce.number().int().positive() });

/** Admin Portal: tenants' users and groups, administrators, and (in operations-routes) statistics, jobs and logs. */
export function adminPortalRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const tenants = new AdminTenantsService(deps);
  const admins = new AdministratorsService(deps);

  r.get(
    '/api/admin/:tenantId/users',
    { config: readers, schema: { tags, params: TenantParam, response: { 200: z.array(AdminTenantUser) } } },
    async (req) => tenants.users(req.params.tenantId),
  );
  r.get(
    '/api/admin/groups/:tenantId',
    { config: readers, schema: { tags, params: TenantParam, response: { 200: z.array(AdminTenantGroup) } } },
    async (req) => tenants.groups(req.params.tenantId),
  );
  r.get(
    '/api/admin/tenants/:id/overview',
    { config: readers, schema: { tags, params: IdParam, response: { 200: AdminTenantOverview } } },
    async (req) => tenants.overview(req.params.id),
  );
  r.post(
    '/api/admin/tenants/:id/user',
    {
      config: support,
      schema: { tags, params: IdParam, body: AdminAddTenantUser, response: { 200: AdminTenantUser } },
    },
    async (req) => tenants.addUser(req.params.id, req.body),
  );

  r.get(
    '/api/admin/users',
    { config: readers, schema: { tags, response: { 200: z.array(AdministratorRow) } } },
    async () => admins.list(),
  );
  r.get(
    '/api/admin/users/search',
    { config: readers, schema: { tags, querystring: UserSearchQuery, response: { 200: z.array(UserSearchHit) } } },
    async (req) => admins.search(req.query.search),
  );
  r.post(
    '/api/admin/users',
    { config: supers, schema: { tags, body: AdministratorCreate, response: { 200: AdministratorRow } } },
    async (req) => admins.create(req.body),
  );
  r.put(
    '/api/admin/users',
    { config: supers, schema: { tags, body: AdministratorUpdate, response: { 200: AdministratorRow } } },
    async (req) => admins.update(req.body, req.auth.userId),
  );
  r.delete(
    '/api/admin/users/:id',
    { config: supers, schema: { tags, params: IdParam, response: { 200: OkBody } } },
    async (req) => {
      await admins.remove(req.params.id, req.auth.userId);
      return { Message: 'Administrator removed' };
    },
  );

  operationsRoutes(app, deps);
}
