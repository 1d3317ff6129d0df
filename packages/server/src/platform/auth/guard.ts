import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AllPermissions,
  checkPermissions,
  hasPrivilege,
  privilegeForLevel,
  UserLevel,
  type AccessClaims,
  type Operator,
  type PermissionMap,
} from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { TokenService } from './tokens.ts';
import { ApiKeyGate } from './api-keys.ts';

/** What a route asks of its caller. No `access` at all means: any signed-in user. */
export interface Access {
  public?: boolean;
  /** The public REST API: a tenant API key in the `ApiKey` header instead of a user's token. */
  apiKey?: boolean;
  /** A privilege mask the caller's mask must overlap (platform §6). */
  privilege?: number;
  permissions?: string[];
  operator?: Operator;
}

/** Who is calling, resolved once per request at the single choke point below. */
export interface AuthContext {
  userId: number;
  /** The tenant every query of this request is scoped to; null for platform admins. */
  tenantId: number | null;
  privileges: number;
  level: number;
  permissions: PermissionMap;
  claims: AccessClaims;
  isCompanyRestricted: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

export function permissionsFor(level: number, groupPermissions: string[] | null): PermissionMap {
  const list = level === UserLevel.Administrator ? AllPermissions : (groupPermissions ?? []);
  return Object.fromEntries(list.map((p) => [p, true]));
}

/** The tenant id of a request that must belong to a tenant (a tenant user or an impersonating admin). */
export function tenantOf(req: FastifyRequest): number {
  const t = req.auth?.tenantId;
  if (t == null) throw forbidden();
  return t;
}

export interface SessionUserRow {
  isEnabled: boolean;
  level: number;
  adminPrivileges: number;
  tenantId: number | null;
  tenantEnabled: boolean | null;
  isCompanyRestricted: boolean;
  groupPermissions: string[] | null;
  tokenVersion: number;
  sessionLive: boolean;
}

/**
 * Every signed-in request runs this one statement, so it is written out rather than built: the
 * query builder cost more than the database did (about 0.8 ms of 1.3 ms a request on PGlite).
 * guard.api.test.ts checks it against the schema.
 */
export const SESSION_USER_SQL = `
  select u.is_enabled as "isEnabled", u.level, u.admin_privileges as "adminPrivileges",
         u.tenant_id as "tenantId", t.is_enabled as "tenantEnabled",
         u.is_company_restricted as "isCompanyRestricted", g.permissions as "groupPermissions",
         u.token_version as "tokenVersion",
         exists (select 1 from refresh_tokens r where r.family_id = $2::uuid and r.revoked_at is null) as "sessionLive"
    from users u
    left join tenants t on t.id = u.tenant_id
    left join groups g on g.id = u.group_id
   where u.id = $1`;

/**
 * The user row behind a verified access token, or null when the token no longer stands: the user
 * or tenant is disabled, the user's sessions were ended since it was issued (token version), or its
 * own session was (logout, a revoked refresh family). Every reader of access tokens goes through it.
 */
export async function sessionUser(database: Database, claims: AccessClaims): Promise<SessionUserRow | null> {
  const {
    rows: [row],
  } = await database.query<SessionUserRow>(SESSION_USER_SQL, [claims.userId, claims.sessionId]);
  if (!row || !row.isEnabled || row.tenantEnabled === false) return null;
  if (row.tenantId !== null && row.level === UserLevel.Disabled) return null;
  if (claims.tokenVersion < row.tokenVersion || !row.sessionLive) return null;
  return row;
}

export function installAuthGuard(app: FastifyInstance, database: Database, tokens: TokenService): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorateRequest('apiKey', null);
  const keys = new ApiKeyGate(database);
  // Every key request counts into the key's usage of the day, refused ones (429, 400) included.
  app.addHook('onSend', async (req) => {
    if (!req.apiKey) return;
    try {
      await keys.record(req.apiKey);
    } catch (err) {
      req.log.error({ err }, 'API key usage not recorded');
    }
  });
  app.addHook('onRequest', async (req, reply) => {
    const access = req.routeOptions.config?.access;
    const url = req.routeOptions.url ?? '';
    // The API documentation is public; everything else under /api needs a token unless marked public.
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || access?.public) return;
    // Key routes know no users: the key alone names the tenant, and no bearer token is read.
    if (access?.apiKey) {
      await keys.authenticate(req, reply);
      return;
    }
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const claims = await tokens.verifyAccess(token);
    if (!claims) throw unauthorized();
    const row = await sessionUser(database, claims);
    if (!row) throw unauthorized();
    const privileges = row.tenantId === null ? row.adminPrivileges : privilegeForLevel(row.level as UserLevel);
    req.auth = {
      userId: claims.userId,
      tenantId: row.tenantId,
      privileges,
      level: row.level,
      permissions: row.tenantId === null ? {} : permissionsFor(row.level, row.groupPermissions),
      claims,
      isCompanyRestricted: row.isCompanyRestricted,
    };
    if (access?.privilege !== undefined && !hasPrivilege(privileges, access.privilege)) throw forbidden();
    if (access?.permissions?.length) {
      // Platform admins hold no tenant permissions; a permission route is a tenant route.
      if (row.tenantId === null) throw forbidden();
      if (!checkPermissions(req.auth.permissions, access.permissions, access.operator ?? 'and')) throw forbidden();
    }
  });
}
