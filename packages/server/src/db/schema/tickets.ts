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
import { emailSettings } from './reports.ts';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A tenant's PSA (CRM source): one per tenant. `settings` holds the non-secret credential fields,
 * `secrets` the sealed JSON of the secret ones (platform/secrets.ts, context `crm:{tenant}`).
 */
export const crmIntegrations = pgTable(
  'crm_integrations',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    crmType: smallint('crm_type').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').notNull(),
    secrets: text('secrets').notNull(),
    isValid: boolean('is_valid').notNull().default(false),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Company sync filters (CrmFilters) and properties (CrmFilterProperties). */
    filters: jsonb('filters'),
    filterProperties: jsonb('filter_properties'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncStatus: text('last_sync_status'),
    /** The profile a new rule proposes for this PSA. */
    ticketProfileId: integer('ticket_profile_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_integrations_tenant').on(t.tenantId)],
);

/** Long PSA operations (syncs, preloads): polled by QueryId, cancelled by setting `cancelRequested`. */
export const crmOperations = pgTable(
  'crm_operations',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => crmIntegrations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** pending, completed, error, cancelled. */
    status: text('status').notNull().default('pending'),
    params: jsonb('params'),
    data: jsonb('data'),
    message: text('message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    startedAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('crm_operations_integration').on(t.integrationId, t.startedAt)],
);

/** PSA answers kept for support (secrets removed, bodies truncated); the newest few hundred per integration. */
export const crmResponses = pgTable(
  'crm_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => crmIntegrations.id, { onDelete: 'cascade' }),
    at: createdAt(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('crm_responses_integration').on(t.integrationId, t.id)],
);

/**
 * Ticket profiles: where tickets go and how they read. `settings` holds the saved payload's
 * type-specific fields (features §3.3); the webhook secret is sealed in `webhookSecret`.
 */
export const ticketProfiles = pgTable(
  'ticket_profiles',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    /** Notification kind: PSA 1, Email 2, Webhook 3. */
    type: smallint('type').notNull(),
    /** Policy 0, Company 1, Job 2, Device 3. */
    groupBy: smallint('group_by').notNull(),
    customSubject: text('custom_subject'),
    customDescription: text('custom_description'),
    settings: jsonb('settings').notNull(),
    crmIntegrationId: integer('crm_integration_id').references(() => crmIntegrations.id, { onDelete: 'set null' }),
    emailSettingsId: integer('email_settings_id').references(() => emailSettings.id, { onDelete: 'set null' }),
    webhookSecret: text('webhook_secret'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ticket_profiles_tenant_name').on(t.tenantId, sql`lower(${t.name})`)],
);

/** Ticket rules, in order: the first enabled rule covering a backup handles it. */
export const ticketRules = pgTable(
  'ticket_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    position: integer('position').notNull(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => ticketProfiles.id, { onDelete: 'restrict' }),
    /** Day statuses that open tickets (2 Warning, 3 Failure, 4 No Result). */
    statuses: jsonb('statuses').$type<number[]>().notNull(),
    consecutiveDays: integer('consecutive_days').notNull().default(1),
    useFailureThreshold: boolean('use_failure_threshold').notNull().default(false),
    /** { CompanyIds, Tags, Vendors }: empty lists mean all. */
    scope: jsonb('scope').notNull(),
    autoClose: boolean('auto_close').notNull().default(true),
    closeNote: text('close_note'),
    noteOnContinue: boolean('note_on_continue').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ticket_rules_tenant').on(t.tenantId, t.position)],
);

/** Global subject patterns per grouping (`api/ticket/custom-subjects`). */
export const ticketSubjects = pgTable(
  'ticket_subjects',
  {
    tenantId: tenantRef(),
    groupBy: smallint('group_by').notNull(),
    pattern: text('pattern').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.groupBy] })],
);

/**
 * Tickets: one per rule and group while the problem lasts. The partial unique index on the
 * group key of live tickets is what keeps retries and parallel workers from opening a second one.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    ruleId: integer('rule_id').references(() => ticketRules.id, { onDelete: 'set null' }),
    profileId: integer('profile_id').references(() => ticketProfiles.id, { onDelete: 'set null' }),
    /** PSA 1, Email 2, Webhook 3 (kept when the profile goes). */
    kind: smallint('kind').notNull(),
    groupBy: smallint('group_by').notNull(),
    /** `{ruleId}:{groupBy}:{group value}` for rule tickets; `manual:{id}` for tickets made by hand. */
    groupKey: text('group_key').notNull(),
    groupLabel: text('group_label').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull().default(''),
    /** The day status that opened it. */
    status: smallint('status').notNull(),
    /** Pending (not yet delivered), Open, Closed, Failed (gave up delivering), Unlinked. */
    state: text('state').notNull().default('Pending'),
    manual: boolean('manual').notNull().default(false),
    externalId: text('external_id'),
    externalNumber: text('external_number'),
    externalUrl: text('external_url'),
    /** The PSA company id the ticket was raised for. */
    psaCompanyId: text('psa_company_id'),
    /** The last day (business day) a note was added for, so a continuing problem is noted once a day. */
    lastNotedDay: text('last_noted_day'),
    lastError: text('last_error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    openedAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_live_group')
      .on(t.tenantId, t.groupKey)
      .where(sql`state IN ('Pending', 'Open')`),
    index('tickets_tenant_state').on(t.tenantId, t.state, t.updatedAt),
  ],
);

/** Which backups a ticket is about (a company ticket covers many); unlinking keeps the row with a time. */
export const ticketBackups = pgTable(
  'ticket_backups',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    linkedAt: createdAt(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.backupId] }), index('ticket_backups_backup').on(t.backupId)],
);

/** A ticket's timeline: created, notes, closed, linked, errors. */
export const ticketEvents = pgTable(
  'ticket_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: createdAt(),
  },
  (t) => [index('ticket_events_ticket').on(t.ticketId, t.id)],
);

/**
 * What has to reach the PSA, mailbox or webhook: written in the same transaction as the ticket
 * change, delivered by the ticketing worker with retries and backoff. `(ticket, action, dedupe)`
 * is unique, so evaluating twice never queues the same action twice.
 */
export const ticketOutbox = pgTable(
  'ticket_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** create, note, close. */
    action: text('action').notNull(),
    /** What makes this action unique for the ticket (e.g. the day a continuing-problem note is for). */
    dedupe: text('dedupe').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued, done, failed. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ticket_outbox_dedupe').on(t.ticketId, t.action, t.dedupe),
    index('ticket_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`state = 'queued'`),
  ],
);

/**
 * Per tenant: whether day statuses changed since the rules were last evaluated. The rollup
 * marks it; the ticketing job evaluates only marked tenants (and every tenant now and then).
 */
export const ticketEvaluations = pgTable('ticket_evaluations', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  dirty: boolean('dirty').notNull().default(true),
  evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
});
