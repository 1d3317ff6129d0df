import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
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
import { groups, refreshTokens, tenants, users } from '../../db/schema/index.ts';
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

/**
 * The user row behind a verified access token, or null when the token no longer stands: the user
 * or tenant is disabled, the user's sessions were ended since it was issued (token version), or its
 * own session was (logout, a revoked refresh family). Every reader of access tokens goes through it.
 */
export async function sessionUser(database: Database, claims: AccessClaims) {
  const [row] = await database.db
    .select({
      isEnabled: users.isEnabled,
      level: users.level,
      adminPrivileges: users.adminPrivileges,
      tenantId: users.tenantId,
      tenantEnabled: tenants.isEnabled,
      isCompanyRestricted: users.isCompanyRestricted,
      groupPermissions: groups.permissions,
      tokenVersion: users.tokenVersion,
      sessionLive: sql<number>`(exists (select 1 from ${refreshTokens}
        where ${refreshTokens.familyId} = ${claims.sessionId}::uuid and ${refreshTokens.revokedAt} is null))::int`,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .leftJoin(groups, eq(groups.id, users.groupId))
    .where(eq(users.id, claims.userId));
  if (!row || !row.isEnabled || row.tenantEnabled === false) return null;
  if (row.tenantId !== null && row.level === UserLevel.Disabled) return null;
  if (claims.tokenVersion < row.tokenVersion || Number(row.sessionLive) !== 1) return null;
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
