import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
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
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { companies } from './backups.ts';
import { tenants } from './platform.ts';

/** An annotation as stored (features §3.2 API form, lower-case keys). */
export interface StoredAnnotation {
  id: string;
  start: number;
  end: number;
  value: string;
  label: string;
  nerType: number;
  source: number;
  score: number;
}

/** What a platform admin corrected on an alert e-mail (training data). */
export interface AlertTraining {
  assessment?: number;
  annotations?: StoredAnnotation[];
  classification?: { label: string; type: string } | null;
}

/**
 * Alert e-mails (Alert Radar): mail sent to the tenant's alert address, or mail the backup parsers
 * did not recognise when the tenant routes it here. The raw message stays in the blob store under
 * `blob_key` (the same blob as its `emails` row).
 */
export const alertEmails = pgTable(
  'alert_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    emailUid: uuid('email_uid').notNull(),
    /** The intake row it came through, if any. */
    emailId: bigint('email_id', { mode: 'number' }),
    messageId: text('message_id').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    toAddress: text('to_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** Plain text of the MIME body, clipped. */
    body: text('body').notNull().default(''),
    blobKey: text('blob_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    flags: integer('flags').notNull().default(0),
    /** features §3.2: None 0, Negative 1, Positive 2. */
    feedback: smallint('feedback').notNull().default(0),
    feedbackComment: text('feedback_comment'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id'),
    training: jsonb('training').$type<AlertTraining>(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editedBy: text('edited_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('alert_emails_uid').on(t.emailUid),
    uniqueIndex('alert_emails_email').on(t.tenantId, t.emailId),
    index('alert_emails_tenant_received').on(t.tenantId, t.receivedAt),
    index('alert_emails_received').on(t.receivedAt),
  ],
);

/** One analysis version of an alert e-mail (features §3.2). */
export const alertAnalyses = pgTable(
  'alert_analyses',
  {
    id: serial('id').primaryKey(),
    alertEmailId: bigint('alert_email_id', { mode: 'number' })
      .notNull()
      .references(() => alertEmails.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** features §3.2: None 0, Negative 1, Neutral 2, Positive 3. */
    assessment: smallint('assessment').notNull(),
    assessmentConfidence: doublePrecision('assessment_confidence').notNull(),
    annotations: jsonb('annotations')
      .$type<StoredAnnotation[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    classification: jsonb('classification').$type<{ label: string; type: string; confidence: number } | null>(),
    parserVersion: text('parser_version').notNull(),
    parsedAt: timestamp('parsed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_analyses_version').on(t.alertEmailId, t.version)],
);

/** NER labels (features §3.2): KeyValue 0 or NamedEntities 1. */
export const nerLabels = pgTable(
  'ner_labels',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    nerType: smallint('ner_type').notNull().default(1),
  },
  (t) => [uniqueIndex('ner_labels_label').on(sql`lower(${t.label})`)],
);

/** Alert classifications: a label grouped under a type. */
export const alertClassifications = pgTable(
  'alert_classifications',
  {
    id: serial('id').primaryKey(),
    label: text('label').notNull(),
    type: text('type').notNull(),
  },
  (t) => [uniqueIndex('alert_classifications_label').on(sql`lower(${t.label})`, sql`lower(${t.type})`)],
);

/** Alert types: a label and its kind (Backup 0, Alert 1). */
export const alertTypes = pgTable('alert_types', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  kind: smallint('kind').notNull().default(1),
});

/** A tenant's Alert Radar mailbox settings. */
export const alertMailboxes = pgTable('alert_mailboxes', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull().default(false),
  routeUnrecognised: boolean('route_unrecognised').notNull().default(false),
  ticketThreshold: doublePrecision('ticket_threshold').notNull().default(0.8),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Trained alert models; the promoted row is the active one, else the model shipped in the code. */
export const alertModels = pgTable('alert_models', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  model: jsonb('model').notNull(),
  accuracy: doublePrecision('accuracy'),
  promoted: boolean('promoted').notNull().default(false),
  trainingExamples: integer('training_examples'),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

/** Reanalysis runs, polled by their instance id (features §3.2 runtime status). */
export const alertReparseRuns = pgTable(
  'alert_reparse_runs',
  {
    instanceId: uuid('instance_id').notNull(),
    tenantId: tenantRef(),
    alertEmailId: bigint('alert_email_id', { mode: 'number' })
      .notNull()
      .references(() => alertEmails.id, { onDelete: 'cascade' }),
    /** Pending, Loading, Running, Completed. */
    runtimeStatus: text('runtime_status').notNull().default('Pending'),
    error: text('error'),
    analysisId: integer('analysis_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId] }), index('alert_reparse_runs_email').on(t.alertEmailId)],
);
