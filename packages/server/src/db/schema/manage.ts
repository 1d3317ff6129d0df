import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, rulesDoc, tenantRef } from './columns.ts';
import { users } from './platform.ts';
import { backups, companies, templates } from './backups.ts';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Company assignment rules (features §3.5): one rule set per company. */
export const companyRules = pgTable(
  'company_rules',
  {
    companyId: integer('company_id')
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    rules: rulesDoc(),
    updatedAt: updatedAt(),
  },
  (t) => [index('company_rules_tenant').on(t.tenantId)],
);

/**
 * Client-ID mapping (api/client): a plus-address tag or a vendor's client id mapped to a
 * company, so backups carrying it are assigned there. Kind: tag or vendor.
 */
export const clientMappings = pgTable(
  'client_mappings',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    kind: text('kind').notNull(),
    clientId: text('client_id').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('client_mappings_identity').on(t.tenantId, t.kind, sql`lower(${t.clientId})`)],
);

/** Backups a template activated by itself (api/template/activations). */
export const templateActivations = pgTable(
  'template_activations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    templateId: integer('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('template_activations_template').on(t.templateId, t.createdAt)],
);

/** The tenant's tag catalogue (/api/tags); backups carry tags by value in backup_tags. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_tenant_value').on(t.tenantId, sql`lower(${t.value})`)],
);

/** The companies a client user or a company-restricted user may see. */
export const userCompanies = pgTable(
  'user_companies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/**
 * Every change a user makes in Manage (backups, companies, templates, plans, schedules, tags):
 * who, when, what, and the values before and after.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    /** One of ActivityAction (contract): 'Backup activated', 'Company created', … */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    entityName: text('entity_name').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_logs_tenant_created').on(t.tenantId, t.createdAt),
    index('activity_logs_tenant_action').on(t.tenantId, t.action, t.createdAt),
  ],
);
