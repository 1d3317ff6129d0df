import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { tenants, users } from './platform.ts';
import { backups } from './backups.ts';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Dashboards (features §3.1). Access type Public 0 / Private 1; layouts hold the client's
 * per-breakpoint react-grid-layout arrangement, the tiles' own row/col/size are the xs layout.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    accessType: smallint('access_type').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    layouts: jsonb('layouts')
      .notNull()
      .default(sql`'{}'::jsonb`),
    lastChangedLayout: text('last_changed_layout'),
    uiSettings: jsonb('ui_settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dashboards_tenant').on(t.tenantId)],
);

/** Per-user access to a dashboard: Viewer 0, Editor 1, Admin 2 (NoAccess -1 is the absence of a row). */
export const dashboardPermissions = pgTable(
  'dashboard_permissions',
  {
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    accessType: smallint('access_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dashboardId, t.userId] }), index('dashboard_permissions_user').on(t.userId)],
);

/**
 * Share links: the URL carries a random token; only its SHA-256 is stored. A deactivated link
 * keeps its row (deactivated_at) so the list can say who made it; it no longer opens anything.
 */
export const dashboardShares = pgTable(
  'dashboard_shares',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('dashboard_shares_token').on(t.tokenHash), index('dashboard_shares_dashboard').on(t.dashboardId)],
);

/** Tiles (features §3.1): type, title, filters and settings, and the place on the 12-column grid. */
export const dashboardTiles = pgTable(
  'dashboard_tiles',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    dashboardId: integer('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    row: integer('row').notNull().default(0),
    col: integer('col').notNull().default(0),
    sizeX: integer('size_x').notNull(),
    sizeY: integer('size_y').notNull(),
    filters: jsonb('filters')
      .notNull()
      .default(sql`'{}'::jsonb`),
    daysWithoutSuccess: integer('days_without_success'),
    barChartGroupBy: smallint('bar_chart_group_by').notNull().default(0),
    insightType: text('insight_type'),
    uiSettings: jsonb('ui_settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dashboard_tiles_dashboard').on(t.dashboardId)],
);

/** Admin dashboard layouts: templates a tenant user can start a dashboard from once published. */
export const dashboardLayouts = pgTable('dashboard_layouts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  tiles: jsonb('tiles')
    .notNull()
    .default(sql`'[]'::jsonb`),
  isPublished: boolean('is_published').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Insights: one open suggestion per backup and type, replaced each time the job runs. A
 * dismissed suggestion stays dismissed (dismissed_at) until its evidence changes (fingerprint).
 */
export const insights = pgTable(
  'insights',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    detail: text('detail').notNull(),
    suggestion: jsonb('suggestion')
      .notNull()
      .default(sql`'{}'::jsonb`),
    fingerprint: text('fingerprint').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('insights_backup_type').on(t.backupId, t.type),
    index('insights_tenant_type').on(t.tenantId, t.type),
  ],
);

/** When the insight job last finished for a tenant. */
export const insightRuns = pgTable('insight_runs', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  durationMs: integer('duration_ms').notNull(),
});
