import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, rulesDoc, tenantRef } from './columns.ts';
import { backupSources } from './backup-sources.ts';

// The backup and the records it points at (its company, named schedule, template and backup
// plan), in one file because they reference each other; ingest, audit and manage tables build
// on these.

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Client companies of a tenant: local ones, and (with a PSA) synced ones. Type: Psa 0, Local 1. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    type: smallint('type').notNull().default(1),
    /** The plus-address tag that maps e-mailed backups to this company. */
    code: text('code'),
    psaId: text('psa_id'),
    /** For PSA companies: the PSA's identifier, type and status names, as last synced. */
    psaData: jsonb('psa_data'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('companies_tenant_name').on(t.tenantId, sql`lower(${t.name})`),
    uniqueIndex('companies_tenant_psa')
      .on(t.tenantId, t.psaId)
      .where(sql`psa_id IS NOT NULL`),
    index('companies_tenant_code').on(t.tenantId, t.code),
  ],
);

/** Named schedules (api/schedule): a status engine ScheduleRule under a name. */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    rule: jsonb('rule').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('schedules_tenant_name').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * Templates: a backup configuration (the activation settings) plus matching rules. An active
 * template activates new matching backups by itself; its settings apply to every linked backup.
 */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    settings: jsonb('settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    rules: rulesDoc(),
    /** Companies the template is limited to; empty for all. */
    companyIds: jsonb('company_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Auto-activation of new matching backups. */
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('templates_tenant_name').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * Backup plans (behind brBackupPlans): ordered rule sets applying settings (and tags) to the
 * backups they match; a lower position wins over a higher one.
 */
export const backupPlans = pgTable(
  'backup_plans',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    position: integer('position').notNull(),
    settings: jsonb('settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    rules: rulesDoc(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('backup_plans_tenant_name').on(t.tenantId, sql`lower(${t.name})`),
    index('backup_plans_tenant_position').on(t.tenantId, t.position),
  ],
);

/**
 * A backup (policy): identified within a tenant by vendor, device, job, method and type.
 * Discovered backups start Inactive; activation comes with the manage screens.
 */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    vendor: text('vendor').notNull(),
    deviceName: text('device_name').notNull(),
    jobName: text('job_name').notNull(),
    method: text('method').notNull().default('Email'),
    backupType: text('backup_type').notNull().default('Backup'),
    /** Inactive, Active or Retired. */
    state: text('state').notNull().default('Inactive'),
    senderAddress: text('sender_address'),
    clientTag: text('client_tag'),
    vendorClientId: text('vendor_client_id'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    lastEmailAt: timestamp('last_email_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    createdAt: createdAt(),
    // Audit settings (the status engine's inputs).
    /** The backup's own schedule rule (status engine ScheduleRule); used when scheduleId is null. */
    schedule: jsonb('schedule'),
    /** A named schedule of the tenant (api/schedule); wins over `schedule`. */
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    dayStartHour: integer('day_start_hour').notNull().default(0),
    statusCalculation: text('status_calculation').notNull().default('WarningIfMixed'),
    treatWarningAsSuccess: boolean('treat_warning_as_success').notNull().default(false),
    failureThreshold: integer('failure_threshold').notNull().default(1),
    notes: text('notes'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    // Kept by the rollup writer from backup_days, so audit lists never aggregate history.
    currentStatus: integer('current_status').notNull().default(0),
    statusSince: date('status_since', { mode: 'string' }),
    lastSuccessDay: date('last_success_day', { mode: 'string' }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastResultAt: timestamp('last_result_at', { withTimezone: true }),
    /** The last business day materialised in backup_days. */
    rolledTo: date('rolled_to', { mode: 'string' }),
    // Manage.
    /** How the company was set: manual, rule (company rules), mapping (client id), template, plan. */
    companySource: text('company_source'),
    /** The template whose settings the backup follows; null when standalone. */
    templateId: integer('template_id').references((): AnyPgColumn => templates.id, { onDelete: 'set null' }),
    /** The backup plan whose settings were last applied. */
    backupPlanId: integer('backup_plan_id').references((): AnyPgColumn => backupPlans.id, { onDelete: 'set null' }),
    /** A paused backup keeps auditing but raises no tickets or alerts until this time. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** Child backups (a protected device under an appliance, a merged source). */
    parentId: integer('parent_id').references((): AnyPgColumn => backups.id, { onDelete: 'set null' }),
    /** The API source that discovered the backup (method Api), and the vendor's asset it protects. */
    sourceId: integer('source_id').references(() => backupSources.id, { onDelete: 'set null' }),
    assetId: text('asset_id'),
  },
  (t) => [
    uniqueIndex('backups_identity').on(t.tenantId, t.vendor, t.deviceName, t.jobName, t.method, t.backupType),
    index('backups_tenant_state').on(t.tenantId, t.state),
    index('backups_tenant_company').on(t.tenantId, t.companyId),
    index('backups_template').on(t.templateId),
  ],
);
