import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { tenants, users } from './platform.ts';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * On-demand report runs: one row per generation the screen started (its id is the client's
 * storage key). The finished document is kept in the blob store (document_key) for the
 * downloads that follow, and purged after a while.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reportType: text('report_type').notNull(),
    filters: jsonb('filters')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Pending, Running, Ready, Failed, Cancelled. */
    status: text('status').notNull().default('Pending'),
    error: text('error'),
    documentKey: text('document_key'),
    rowCount: integer('row_count'),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('report_runs_tenant').on(t.tenantId, t.startedAt)],
);

/** Scheduled reports: weekday flags (Sunday 1 … Saturday 64) and an hour in the tenant's time zone. */
export const scheduledReports = pgTable(
  'scheduled_reports',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    reportType: text('report_type').notNull(),
    format: smallint('format').notNull(),
    weekdays: smallint('weekdays').notNull(),
    hour: smallint('hour').notNull(),
    recipients: jsonb('recipients')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    filters: jsonb('filters')
      .notNull()
      .default(sql`'{}'::jsonb`),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The next due time (UTC), kept when the schedule or the tenant's time zone changes. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('scheduled_reports_tenant').on(t.tenantId), index('scheduled_reports_due').on(t.nextRunAt)],
);

/**
 * Each send of a scheduled report. A scheduled send is claimed by inserting its (report, due
 * time) row first, so with several worker nodes a due time is sent once; a manual run has no
 * due time.
 */
export const scheduledReportRuns = pgTable(
  'scheduled_report_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    scheduledReportId: integer('scheduled_report_id')
      .notNull()
      .references(() => scheduledReports.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    at: createdAt(),
    recipients: jsonb('recipients')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sizeBytes: integer('size_bytes'),
    /** Sending, Sent, Failed. */
    outcome: text('outcome').notNull().default('Sending'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('scheduled_report_runs_due').on(t.scheduledReportId, t.dueAt),
    index('scheduled_report_runs_report').on(t.scheduledReportId, t.at),
  ],
);

/** A tenant's own SMTP settings (`api/email-settings`); the default one carries its outbound mail. */
export const emailSettings = pgTable(
  'email_settings',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    secure: boolean('secure').notNull().default(false),
    userName: text('user_name'),
    /** The password, encrypted at rest (never returned by the API). */
    passwordSecret: text('password_secret'),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_settings_tenant').on(t.tenantId)],
);

/** Alert e-mail settings of a tenant (`api/email-settings/alerts`): one document per tenant. */
export const emailAlertSettings = pgTable('email_alert_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  settings: jsonb('settings')
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});
