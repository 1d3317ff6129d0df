import { z } from 'zod';
import { DatePreset, Tile, TileDefinition, TilePosition, TileType, TileWithData } from './api-tiles.ts';
import { InsightType } from './api-insights.ts';

/**
 * Dashboards (platform §6 dashboard access, §7 Dashboards and Dashboard layouts; features §9
 * Dashboards). The tiles they hold are in `api-tiles.ts`.
 *
 * A dashboard belongs to a tenant. Access Public (0): every tenant user may view it, staff with
 * `dashboard.editDashboards` may edit it. Private (1): only users with a permission entry reach
 * it (its creator becomes Admin when it turns private). Per-user levels: NoAccess -1, Viewer 0,
 * Editor 1, Admin 2; a Viewer may not change tiles, only an Admin may change access, permissions
 * and share links or delete the dashboard.
 */

/** Grid constants (features §9 Dashboards). */
export const DASHBOARD_GRID = {
  breakpoints: { xs: 480, xxs: 0 },
  cols: { xs: 12, xxs: 2 },
  margin: { xs: 18, xxs: 12 },
  rowHeight: 100,
} as const;

export const DashboardAccessType = z.union([z.literal(0), z.literal(1)]);
export const UserAccessType = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]);

export const Dashboard = z.object({
  id: z.number().int(),
  name: z.string(),
  hasLink: z.boolean(),
  linksCount: z.number().int(),
  dashboardAccessType: DashboardAccessType,
  /** The caller's level on this dashboard. */
  userAccessType: UserAccessType,
  usersCount: z.number().int(),
  createdBy: z.string().nullable(),
  tiles: z.array(Tile),
  /** Per-breakpoint layouts saved by the client (react-grid-layout); xs mirrors the tiles. */
  layouts: z
    .record(
      z.string(),
      z.array(z.object({ i: z.string(), x: z.number(), y: z.number(), w: z.number(), h: z.number() })),
    )
    .default({}),
  lastChangedLayout: z.string().nullable(),
  uiSettings: z
    .object({ wallRefreshSeconds: z.number().int().min(30).max(3600).optional() })
    .passthrough()
    .default({}),
});
export type Dashboard = z.infer<typeof Dashboard>;

const Name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

/** `POST /api/dashboard`. */
export const DashboardCreate = z.object({ name: Name, dashboardAccessType: DashboardAccessType.default(0) });
/** `PUT /api/dashboard/{id}`: rename, access, ui settings, layouts. */
export const DashboardUpdate = z.object({
  name: Name.optional(),
  dashboardAccessType: DashboardAccessType.optional(),
  uiSettings: Dashboard.shape.uiSettings.optional(),
  layouts: Dashboard.shape.layouts.optional(),
  lastChangedLayout: z.string().max(10).nullable().optional(),
});
/** `POST /api/dashboard/copy`. */
export const DashboardCopy = z.object({ id: z.number().int().positive(), name: Name });
/** `POST /api/dashboard/template`: a new dashboard from a published layout. */
export const DashboardFromTemplate = z.object({ layoutId: z.number().int().positive(), name: Name });

/** `GET /api/dashboard/{id}/permissions`. */
export const DashboardPermission = z.object({
  userId: z.number().int(),
  userEmail: z.string(),
  userName: z.string(),
  accessType: UserAccessType,
});
export type DashboardPermission = z.infer<typeof DashboardPermission>;
export const DashboardPermissions = z.object({
  dashboardAccessType: DashboardAccessType,
  /** Every tenant user, sorted by e-mail, with their level (NoAccess when none). */
  userPermissions: z.array(DashboardPermission),
});
export type DashboardPermissions = z.infer<typeof DashboardPermissions>;
/** `PUT`/`POST /api/dashboard/{id}/permissions`: set levels for some users. */
export const DashboardPermissionsInput = z.object({
  userPermissions: z.array(z.object({ userId: z.number().int().positive(), accessType: UserAccessType })).max(1000),
});

/** Share links (`GET/POST/DELETE /api/dashboard/{id}/share`). */
export const DashboardShareLink = z.object({
  id: z.number().int(),
  /** Only returned when the link is created: the token the share URL carries. */
  token: z.string().optional(),
  url: z.string().optional(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type DashboardShareLink = z.infer<typeof DashboardShareLink>;
export const DashboardShares = z.object({ linksCount: z.number().int(), links: z.array(DashboardShareLink) });
export const DashboardShareDelete = z.object({ linkId: z.coerce.number().int().positive().optional() });

/** The shared (public, read-only) view: `GET /api/dashboard-share?token=`. */
export const SharedDashboard = z.object({
  name: z.string(),
  tenantName: z.string(),
  hasLogo: z.boolean(),
  tiles: z.array(TileWithData),
  layouts: Dashboard.shape.layouts,
  timeZone: z.string(),
});
export type SharedDashboard = z.infer<typeof SharedDashboard>;
export const ShareTokenQuery = z.object({ token: z.string().min(10).max(400) });

/** Admin dashboard layouts (templates): a named set of tiles, published or not. */
export const DashboardLayout = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  isPublished: z.boolean(),
  tiles: z.array(TileDefinition.extend({ position: TilePosition })),
  updatedAt: z.string(),
});
export type DashboardLayout = z.infer<typeof DashboardLayout>;
export const DashboardLayoutInput = z.object({
  id: z.number().int().positive().optional(),
  name: Name,
  description: z.string().max(500).default(''),
  tiles: z.array(TileDefinition.extend({ position: TilePosition })).max(50),
});
export type DashboardLayoutInput = z.infer<typeof DashboardLayoutInput>;

/** `GET /api/dashboard/enums`: the names behind the numbers. */
export const DashboardEnums = z.object({
  tileTypes: z.array(z.object({ value: TileType, label: z.string(), minW: z.number(), minH: z.number() })),
  accessTypes: z.array(z.object({ value: z.number(), label: z.string() })),
  userAccessTypes: z.array(z.object({ value: z.number(), label: z.string() })),
  barChartGroupBy: z.array(z.object({ value: z.number(), label: z.string() })),
  statuses: z.array(z.object({ value: z.number(), label: z.string() })),
  datePresets: z.array(z.object({ value: DatePreset, label: z.string() })),
  insightTypes: z.array(z.object({ value: InsightType, label: z.string() })),
});
export type DashboardEnums = z.infer<typeof DashboardEnums>;
