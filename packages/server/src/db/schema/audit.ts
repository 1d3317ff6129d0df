import {
  bigint,
  bigserial,
  boolean,
  date,
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { users } from './platform.ts';
import { backupPlans, backups } from './backups.ts';
import { results } from './ingest.ts';

const backupRef = () =>
  integer('backup_id')
    .notNull()
    .references(() => backups.id, { onDelete: 'cascade' });

export const backupTags = pgTable(
  'backup_tags',
  {
    tenantId: tenantRef(),
    backupId: backupRef(),
    tag: text('tag').notNull(),
    /** Set when a backup plan gave the tag ("Tagged via backup plan {name}"); null for a user's tag. */
    planId: integer('plan_id').references((): AnyPgColumn => backupPlans.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.backupId, t.tag] }), index('backup_tags_tenant_tag').on(t.tenantId, t.tag)],
);

/**
 * The daily rollup: one row per active backup and local business day, written by the rollup
 * writer whenever results, settings or the day change. Audit, dashboards and reports read this,
 * never raw results. Status: 0 not scheduled, 1 Success, 2 Warning, 3 Failure, 4 No Result,
 * 5 Pending, 6 Suppressed No Result.
 */
export const backupDays = pgTable(
  'backup_days',
  {
    tenantId: tenantRef(),
    backupId: backupRef(),
    day: date('day', { mode: 'string' }).notNull(),
    countSuccess: integer('count_success').notNull().default(0),
    countWarning: integer('count_warning').notNull().default(0),
    countFailure: integer('count_failure').notNull().default(0),
    status: smallint('status').notNull(),
    isScheduled: boolean('is_scheduled').notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.backupId, t.day] }),
    // Also covers the audit grid's lookup of every backup's status on one day (tenant, day →
    // backup, status, scheduled) as an index-only scan, without visiting the table.
    index('backup_days_tenant_day_status').on(t.tenantId, t.day, t.status, t.backupId, t.isScheduled),
    index('backup_days_pending')
      .on(t.closesAt)
      .where(sql`status = 5`),
  ],
);

/** Days whose No Result a user suppressed. */
export const suppressedDays = pgTable(
  'suppressed_days',
  {
    tenantId: tenantRef(),
    backupId: backupRef(),
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.backupId, t.day] })],
);

/** Verify, remediate and restore marks on a backup's day in Audit, each with its notes. */
export const auditActions = pgTable(
  'audit_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    backupId: backupRef(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    resultId: bigint('result_id', { mode: 'number' }).references(() => results.id, { onDelete: 'set null' }),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_actions_day_kind').on(t.backupId, t.day, t.kind),
    index('audit_actions_tenant_day').on(t.tenantId, t.day),
  ],
);

/** Saved audit filters of a user (api/common/user-filters); id -1 is the built-in default. */
export const userFilters = pgTable(
  'user_filters',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_filters_user_name').on(t.userId, sql`lower(${t.name})`)],
);

/** Per-user settings documents: audit-filters, audit-ui-settings (column layout), … */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
