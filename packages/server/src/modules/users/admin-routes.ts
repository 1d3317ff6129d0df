import { z } from 'zod';
import {
  AccessGrantInput,
  BulkResult,
  HubUser,
  NamedRef,
  OkBody,
  Privilege,
  SsoState,
  UserAutoComplete,
  UserCreate,
  UserDetail,
  UserIds,
  UserListItem,
  UserListQuery,
  UserTypeMigrate,
  UserTypes,
  UserTypeSuggestion,
  UserUpdate,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { tenantOf } from '../../platform/auth/guard.ts';
import { typed, type App } from '../../platform/http.ts';
import { UserAdminService } from './admin-service.ts';
import { restrictionGroupRoutes } from './restriction-groups.ts';
import { TenantAccessService } from './tenant-access.ts';

const tags = ['User management'];
const canRead = { access: { permissions: ['settings.getusers'] } };
const canEdit = { access: { permissions: ['settings.editusers'] } };
/** Picking a colleague (sharing, recipients) is for the MSP's staff: client users never see the tenant's users. */
const staffOnly = { access: { privilege: Privilege.tenantAdminOrStandard } };
const IdParam = z.object({ id: z.coerce.number().int().positive() });
const plural = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/** Settings → User Management: users, access settings, user types and restriction groups. */
export function userManagementRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const users = new UserAdminService(deps);
  const access = new TenantAccessService(deps.database);

  for (const kind of ['partner', 'client'] as const) {
    r.get(
      `/api/user/${kind}`,
      { config: canRead, schema: { tags, querystring: UserListQuery, response: { 200: z.array(UserListItem) } } },
      async (req) => users.list(tenantOf(req), kind, req.query.includeDisabled),
    );
  }
  r.get(
    '/api/user/dropdown',
    { config: staffOnly, schema: { tags, response: { 200: z.array(NamedRef) } } },
    async (req) => users.dropdown(tenantOf(req)),
  );
  r.get(
    '/api/common/users-auto-complete',
    {
      config: staffOnly,
      schema: {
        tags,
        querystring: z.object({ search: z.string().max(100).default('') }),
        response: { 200: z.array(UserAutoComplete) },
      },
    },
    async (req) => users.autoComplete(tenantOf(req), req.query.search),
  );
  r.get(
    '/api/user/:id',
    { config: canRead, schema: { tags, params: IdParam, response: { 200: UserDetail } } },
    async (req) => users.detail(tenantOf(req), req.params.id),
  );
  r.post(
    '/api/user',
    { config: canEdit, schema: { tags, body: UserCreate, response: { 200: UserDetail } } },
    async (req) => {
      const { Email, ...edit } = req.body;
      return users.create(tenantOf(req), Email, edit);
    },
  );
  r.put(
    '/api/user/:id',
    { config: canEdit, schema: { tags, params: IdParam, body: UserUpdate, response: { 200: UserDetail } } },
    async (req) => users.update(tenantOf(req), req.auth.userId, req.params.id, req.body),
  );

  r.post(
    '/api/user/bulk-delete',
    { config: canEdit, schema: { tags, body: UserIds, response: { 200: BulkResult } } },
    async (req) => {
      const n = await users.bulkDelete(tenantOf(req), req.auth.userId, req.body.Ids);
      return { Message: `Deleted ${plural(n)}`, Count: n };
    },
  );
  r.post(
    '/api/user/bulk-new-password',
    { config: canEdit, schema: { tags, body: UserIds, response: { 200: BulkResult } } },
    async (req) => {
      const n = await users.bulkNewPassword(tenantOf(req), req.body.Ids);
      return { Message: `Sent a new password link to ${plural(n)}`, Count: n };
    },
  );
  r.post(
    '/api/user/enable-two-factor',
    { config: canEdit, schema: { tags, body: UserIds, response: { 200: BulkResult } } },
    async (req) => {
      const n = await users.setTwoFactor(tenantOf(req), req.auth.userId, req.body.Ids, true);
      return { Message: `Required two-factor sign-in for ${plural(n)}`, Count: n };
    },
  );
  r.post(
    '/api/user/disable-two-factor',
    { config: canEdit, schema: { tags, body: UserIds, response: { 200: BulkResult } } },
    async (req) => {
      const n = await users.setTwoFactor(tenantOf(req), req.auth.userId, req.body.Ids, false);
      return { Message: `Turned off two-factor sign-in for ${plural(n)}`, Count: n };
    },
  );

  r.get('/api/user/sso', { config: canRead, schema: { tags, response: { 200: SsoState } } }, async (req) => ({
    ClientSsoEnabled: await access.sso(tenantOf(req)),
  }));
  r.put(
    '/api/user/sso/:flag',
    {
      config: canEdit,
      schema: { tags, params: z.object({ flag: z.enum(['true', 'false']) }), response: { 200: SsoState } },
    },
    async (req) => ({ ClientSsoEnabled: await access.setSso(tenantOf(req), req.params.flag === 'true') }),
  );

  r.get(
    '/api/user/hub-users',
    { config: canRead, schema: { tags, response: { 200: z.array(HubUser) } } },
    async (req) => access.hubUsers(tenantOf(req)),
  );
  r.post(
    '/api/user/grant-access',
    { config: canEdit, schema: { tags, body: AccessGrantInput, response: { 200: z.array(HubUser) } } },
    async (req) => {
      await access.grant(tenantOf(req), req.auth.userId, req.body.UserId, req.body.Days);
      return access.hubUsers(tenantOf(req));
    },
  );
  r.post(
    '/api/user/revoke-access',
    { config: canEdit, schema: { tags, body: AccessGrantInput, response: { 200: z.array(HubUser) } } },
    async (req) => {
      await access.revoke(tenantOf(req), req.body.UserId);
      return access.hubUsers(tenantOf(req));
    },
  );

  r.get('/api/user-types', { config: canRead, schema: { tags, response: { 200: UserTypes } } }, async (req) =>
    access.typeCounts(tenantOf(req)),
  );
  r.post(
    '/api/user-types/suggest',
    { config: canRead, schema: { tags, response: { 200: z.array(UserTypeSuggestion) } } },
    async (req) => access.suggest(tenantOf(req)),
  );
  r.post(
    '/api/user-types/migrate',
    { config: canEdit, schema: { tags, body: UserTypeMigrate, response: { 200: OkBody } } },
    async (req) => {
      const n = await access.migrate(tenantOf(req), req.auth.userId, req.body.Ids, req.body.Type);
      return { Message: `Moved ${plural(n)} to ${req.body.Type} users` };
    },
  );

  restrictionGroupRoutes(app, deps);
}
