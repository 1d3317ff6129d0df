import type { FastifyRequest } from 'fastify';
import { checkPermissions, UserLevel } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { permissionsFor, tenantOf } from '../../platform/auth/guard.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

/** Per-user dashboard levels (platform §6). NoAccess is the absence of a permission row. */
export const Level = { NoAccess: -1, Viewer: 0, Editor: 1, Admin: 2 } as const;
export type LevelValue = (typeof Level)[keyof typeof Level];

export const VIEW = 'dashboard.getDashboards';
export const EDIT = 'dashboard.editDashboards';

/** A tenant user as dashboard access sees them. */
export interface Member {
  userId: number;
  isTenantAdmin: boolean;
  /** Client users see only the dashboards shared with them (a permission row), never public ones. */
  isClient?: boolean;
  canView: boolean;
  canEdit: boolean;
}

export interface Caller extends Member {
  tenantId: number;
}

export function callerOf(req: FastifyRequest): Caller {
  const tenantId = tenantOf(req);
  const perms = req.auth.permissions;
  return {
    tenantId,
    userId: req.auth.userId,
    isTenantAdmin: req.auth.level === UserLevel.Administrator,
    isClient: req.auth.level === UserLevel.Client,
    canView: checkPermissions(perms, [VIEW]),
    canEdit: checkPermissions(perms, [EDIT]),
  };
}

/**
 * A user's level on a dashboard (features §4.1). Public: Viewer for everyone who may view
 * dashboards, Editor with the edit permission, Admin for tenant admins and the creator, raised
 * further by a permission row. Private, and for client users any dashboard (the provider's own
 * NOC boards are not theirs unless shared with them): the permission row alone. Without the edit permission
 * nobody gets past Viewer, whatever a row says.
 */
export function levelOf(
  d: { access_type: number; created_by: number | null },
  m: Member,
  row: number | null | undefined,
): LevelValue {
  if (!m.canView && !m.isTenantAdmin) return Level.NoAccess;
  let level: number = row ?? Level.NoAccess;
  if (d.access_type === 0 && !m.isClient) {
    const base = m.isTenantAdmin || d.created_by === m.userId ? Level.Admin : m.canEdit ? Level.Editor : Level.Viewer;
    level = Math.max(level, base);
  }
  if (!m.canEdit && !m.isTenantAdmin) level = Math.min(level, Level.Viewer);
  return level as LevelValue;
}

/** Every enabled user of a tenant with what their group lets them do with dashboards. */
export async function tenantMembers(
  q: QueryFn | Database,
  tenantId: number,
): Promise<(Member & { email: string; name: string })[]> {
  const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
  const r = await run<{
    id: number;
    email: string;
    name: string;
    level: number;
    permissions: string[] | null;
  }>(
    `SELECT u.id, u.email, COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS name, u.level,
            g.permissions
       FROM users u LEFT JOIN groups g ON g.id = u.group_id
      WHERE u.tenant_id = $1 AND u.is_enabled AND u.level > 0
      ORDER BY lower(u.email)`,
    [tenantId],
  );
  return r.rows.map((u) => {
    const perms = permissionsFor(u.level, u.permissions);
    return {
      userId: u.id,
      email: u.email,
      name: u.name,
      isTenantAdmin: u.level === UserLevel.Administrator,
      isClient: u.level === UserLevel.Client,
      canView: checkPermissions(perms, [VIEW]),
      canEdit: checkPermissions(perms, [EDIT]),
    };
  });
}

export interface DashboardRow {
  id: number;
  tenant_id: number;
  name: string;
  access_type: number;
  created_by: number | null;
  layouts: unknown;
  last_changed_layout: string | null;
  ui_settings: unknown;
}

/**
 * A dashboard of the caller's tenant with the caller's level on it, or 404 when it does not
 * exist, belongs to another tenant, or is private to others: a hidden dashboard is not there.
 * 403 when it is visible but the caller's level is below `need`.
 */
export async function reachDashboard(
  q: QueryFn | Database,
  c: Caller,
  id: number,
  need: LevelValue = Level.Viewer,
): Promise<{ dashboard: DashboardRow; level: LevelValue }> {
  const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
  const r = await run<DashboardRow & { row_level: number | null }>(
    `SELECT d.id, d.tenant_id, d.name, d.access_type, d.created_by, d.layouts, d.last_changed_layout, d.ui_settings,
            p.access_type AS row_level
       FROM dashboards d
       LEFT JOIN dashboard_permissions p ON p.dashboard_id = d.id AND p.user_id = $3
      WHERE d.id = $1 AND d.tenant_id = $2`,
    [id, c.tenantId, c.userId],
  );
  const dashboard = r.rows[0];
  if (!dashboard) throw notFound();
  const level = levelOf(dashboard, c, dashboard.row_level);
  if (level < Level.Viewer) throw notFound();
  if (level < need) throw forbidden();
  return { dashboard, level };
}
