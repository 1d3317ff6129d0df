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
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { backups } from './backups.ts';
import { backupSources } from './backup-sources.ts';

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
    /** How a result was read when no vendor parser did: the generic reader's confidence and deciding words. */
    reading: jsonb('reading').$type<{ method: 'generic'; confidence: number; reasons: string[] }>(),
    createdAt: createdAt(),
    /** email, manual (added in Audit) or api. */
    source: text('source').notNull().default('email'),
    notes: text('notes'),
    createdBy: integer('created_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedBy: integer('edited_by'),
    /** The status the e-mail was read as, kept when a user first changes it (false greens). */
    parsedStatus: integer('parsed_status'),
    /** The local business day the result counts for; set by the rollup writer (null while the backup is not active). */
    businessDay: date('business_day', { mode: 'string' }),
    /** A result read from a backup-vendor API: its source and the vendor's session id. */
    sourceId: integer('source_id').references(() => backupSources.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
  },
  (t) => [
    uniqueIndex('results_email_ordinal').on(t.emailId, t.ordinal),
    uniqueIndex('results_backup_session')
      .on(t.backupId, t.sessionId)
      .where(sql`${t.sessionId} IS NOT NULL`),
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

/**
 * Each SMTP ingest node's spool as the node last reported it (every 10 s): e-mails answered 250
 * and not yet filed. A node that stops reporting keeps its row, so e-mails held on a node that
 * went away stay visible in the Admin Portal instead of vanishing from the counts.
 */
export const intakeNodes = pgTable('intake_nodes', {
  /** Host name and spool directory: the same node after a restart on the same disk. */
  node: text('node').primaryKey(),
  spooled: integer('spooled').notNull().default(0),
  spooledBytes: bigint('spooled_bytes', { mode: 'number' }).notNull().default(0),
  oldestSpooledAt: timestamp('oldest_spooled_at', { withTimezone: true }),
  setAside: integer('set_aside').notNull().default(0),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
});
