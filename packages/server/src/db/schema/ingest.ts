import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { companies, schedules } from './audit.ts';
import { backupPlans, templates } from './manage.ts';

/** Extra inbound addresses of a tenant (local part on the inbound domain). */
export const tenantAliases = pgTable('tenant_aliases', {
  id: serial('id').primaryKey(),
  tenantId: tenantRef(),
  localPart: text('local_part').notNull().unique(),
  createdAt: createdAt(),
});

/** Senders refused at the SMTP door: an address or "@domain". */
export const bannedEmails = pgTable('banned_emails', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull().default('smtp'),
  email: text('email').notNull().unique(),
  reason: text('reason').notNull().default(''),
  refusedCount: integer('refused_count').notNull().default(0),
  createdAt: createdAt(),
});

/** IMAP mailboxes pulled into the same pipeline as SMTP. */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    email: text('email').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull().default(993),
    secure: boolean('secure').notNull().default(true),
    userName: text('user_name').notNull(),
    password: text('password').notNull(),
    folder: text('folder').notNull().default('INBOX'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    lastError: text('last_error'),
    emailsFetched: integer('emails_fetched').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mailboxes_tenant_email').on(t.tenantId, t.email)],
);

/**
 * Every accepted e-mail. The raw bytes live in the blob store under `blobKey`; the row is written
 * before the SMTP 250. Duplicates (same tenant, Message-ID and content) are stored once.
 */
export const emails = pgTable(
  'emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    source: text('source').notNull(),
    mailboxId: integer('mailbox_id'),
    envelopeFrom: text('envelope_from').notNull().default(''),
    recipient: text('recipient').notNull(),
    plusTag: text('plus_tag'),
    messageId: text('message_id').notNull(),
    contentHash: text('content_hash').notNull(),
    subject: text('subject').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
    state: text('state').notNull().default('Waiting'),
    attempts: integer('attempts').notNull().default(0),
    vendor: text('vendor'),
    reason: text('reason'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('emails_identity').on(t.tenantId, t.messageId, t.contentHash),
    index('emails_tenant_received').on(t.tenantId, t.receivedAt),
    index('emails_state').on(t.state, t.receivedAt),
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
  },
  (t) => [
    uniqueIndex('backups_identity').on(t.tenantId, t.vendor, t.deviceName, t.jobName, t.method, t.backupType),
    index('backups_tenant_state').on(t.tenantId, t.state),
    index('backups_tenant_company').on(t.tenantId, t.companyId),
    index('backups_template').on(t.templateId),
  ],
);

/** Backup results. `filedAt` is when the backup ran (start time when the e-mail says so). */
export const results = pgTable(
  'results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    emailId: bigint('email_id', { mode: 'number' }).references(() => emails.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull().default(0),
    status: integer('status').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    resultKind: text('result_kind').notNull(),
    storageKind: text('storage_kind'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationSeconds: integer('duration_seconds'),
    failureText: text('failure_text'),
    vendorClientId: text('vendor_client_id'),
    createdAt: createdAt(),
    /** email, manual (added in Audit) or api. */
    source: text('source').notNull().default('email'),
    notes: text('notes'),
    createdBy: integer('created_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedBy: integer('edited_by'),
    /** The local business day the result counts for; set by the rollup writer (null while the backup is not active). */
    businessDay: date('business_day', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('results_email_ordinal').on(t.emailId, t.ordinal),
    index('results_backup_filed').on(t.backupId, t.filedAt),
    index('results_tenant_filed').on(t.tenantId, t.filedAt),
    index('results_tenant_day').on(t.tenantId, t.businessDay),
  ],
);

/** Admin test parsing of an uploaded .eml: polled by identifier from any node. */
export const testParsings = pgTable('test_parsings', {
  id: text('id').primaryKey(),
  status: text('status').notNull().default('Running'),
  output: jsonb('output')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});
