// The Admin Portal's tenant list, impersonation, feature flags, outbox and sign-in log.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  FeatureFlagCreate,
  FeatureFlagRow,
  LoginActivity,
  OutboxMessage,
  paged,
  Privilege,
  TenantRow,
  TokenPair,
  UserLevel,
} from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { loginActivities, outbox, tenants, users } from '../../db/schema/index.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { requestMeta, typed, type App } from '../../platform/http.ts';
import { recordLogin } from '../auth/activity.ts';
import { createFlag, listFlags, setFlagStatus } from './flags-service.ts';
import { listTenants } from './tenant-list.ts';
import { hasLiveGrant } from '../users/tenant-access.ts';

const tags = ['Admin'];
const admins = { access: { privilege: Privilege.allAdmins } };
const PAGE = 50;

export function adminRoutes(app: App, deps: Deps): void {
  const r = typed(app);
  const db = deps.database.db;

  r.get('/api/admin/tenants', { config: admins, schema: { tags, response: { 200: z.array(TenantRow) } } }, async () =>
    listTenants(deps.database, deps.config.INBOUND_DOMAIN),
  );

  r.post(
    '/api/admin/impersonation/login/:id',
    {
      config: { access: { privilege: Privilege.successAdminOrHigher } },
      schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: TokenPair } },
    },
    async (req) => {
      if (req.auth.claims.impersonation || req.auth.tenantId !== null) throw forbidden();
      const [target] = await db
        .select()
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(
          and(eq(users.tenantId, req.params.id), eq(users.level, UserLevel.Administrator), eq(users.isEnabled, true)),
        )
        .orderBy(asc(users.id))
        .limit(1);
      if (!target) throw notFound('That tenant has no enabled administrator to impersonate.');
      const [admin] = await db.select().from(users).where(eq(users.id, req.auth.userId));
      // Super administrators may always enter (support's break-glass, logged below); other staff need the tenant's grant.
      if (
        (admin.adminPrivileges & Privilege.superAdmin) === 0 &&
        !(await hasLiveGrant(deps.database, req.params.id, admin.id))
      )
        throw forbidden(
          'This tenant has not granted you access. Its administrator can grant it under Settings → User Management.',
        );
      await recordLogin(
        deps.database,
        {
          userId: admin.id,
          tenantId: target.tenants.id,
          userName: admin.email,
          success: true,
          reason: `impersonation of ${target.users.email}`,
        },
        requestMeta(req),
      );
      return deps.sessions.issue(target.users, admin);
    },
  );

  r.post(
    '/api/admin/impersonation/logout',
    {
      schema: {
        tags,
        body: z.object({ refreshToken: z.string().max(512).optional() }).nullish(),
        response: { 200: TokenPair },
      },
    },
    async (req) => {
      const c = req.auth.claims;
      if (!c.impersonation || !c.iUserId) throw badRequest('This session is not an impersonation.');
      // The impersonation session ends whether or not its refresh token is sent: the family of the
      // access token making this call is revoked, so that token is refused from now on.
      if (req.body?.refreshToken) await deps.sessions.revokeByToken(req.body.refreshToken, req.auth.userId);
      await deps.sessions.revokeFamily(c.sessionId);
      const [admin] = await db.select().from(users).where(eq(users.id, c.iUserId));
      if (!admin || !admin.isEnabled) throw forbidden();
      return deps.sessions.issue(admin);
    },
  );

  r.get(
    '/api/admin/feature-flag',
    { config: admins, schema: { tags, response: { 200: z.array(FeatureFlagRow) } } },
    async () => listFlags(deps.database),
  );
  r.put(
    '/api/admin/feature-flag/:id/:status',
    {
      config: { access: { privilege: Privilege.superAdmin } },
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive(), status: z.coerce.number().int() }),
        body: z.object({ TenantIds: z.array(z.number().int().positive()).max(10000) }).nullish(),
        response: { 200: FeatureFlagRow },
      },
    },
    async (req) => setFlagStatus(deps.database, req.params.id, req.params.status, req.body?.TenantIds),
  );
  r.post(
    '/api/admin/feature-flag',
    {
      config: { access: { privilege: Privilege.superAdmin } },
      schema: { tags, body: FeatureFlagCreate, response: { 200: FeatureFlagRow } },
    },
    async (req) => createFlag(deps.database, req.body),
  );

  r.get(
    '/api/UserActivity/GetUserActivity/:page',
    {
      config: admins,
      schema: {
        tags,
        params: z.object({ page: z.coerce.number().int().min(1) }),
        response: { 200: paged(LoginActivity) },
      },
    },
    async (req) => {
      const page = req.params.page;
      const [{ total }] = await db.select({ total: count() }).from(loginActivities);
      const rows = await db
        .select({ a: loginActivities, tenantName: tenants.name })
        .from(loginActivities)
        .leftJoin(tenants, eq(tenants.id, loginActivities.tenantId))
        .orderBy(desc(loginActivities.at), desc(loginActivities.id))
        .limit(PAGE)
        .offset((page - 1) * PAGE);
      return {
        Results: rows.map(({ a, tenantName }) => ({
          Id: a.id,
          UserName: a.userName,
          TenantName: tenantName,
          Success: a.success,
          Reason: a.reason,
          Ip: a.ip,
          UserAgent: a.userAgent,
          At: a.at.toISOString(),
        })),
        Page: page,
        PageSize: PAGE,
        Total: Number(total),
        TotalPages: Math.ceil(Number(total) / PAGE),
      };
    },
  );

  r.get(
    '/api/admin/outbox',
    {
      config: admins,
      schema: {
        tags,
        querystring: z.object({ to: z.string().max(320).optional() }),
        response: { 200: z.array(OutboxMessage) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(outbox)
        .where(req.query.to ? eq(outbox.to, req.query.to) : undefined)
        .orderBy(desc(outbox.id))
        .limit(200);
      return rows.map((m) => ({
        Id: m.id,
        To: m.to,
        Subject: m.subject,
        Text: m.text,
        Html: m.html,
        SentAt: m.sentAt.toISOString(),
        Transport: m.error ? `${m.transport} (failed: ${m.error})` : m.transport,
      }));
    },
  );
}
