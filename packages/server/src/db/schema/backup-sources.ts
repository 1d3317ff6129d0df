import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantRef } from './columns.ts';

// Backup-vendor API sources: a tenant's linked vendor accounts, what each has reported about its
// customers and assets, and the state of its sync. Results and backups point here (source_id).

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** A linked vendor account, polled every `interval_minutes`; `credentials` is sealed JSON. */
export const backupSources = pgTable(
  'backup_sources',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    region: text('region'),
    credentials: text('credentials').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    intervalMinutes: integer('interval_minutes').notNull().default(15),
    /** Where the next sync resumes; written with the page it follows, in one transaction. */
    cursor: text('cursor'),
    lastSyncAt: stamp('last_sync_at'),
    lastSuccessAt: stamp('last_success_at'),
    lastError: text('last_error'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Pending, Healthy or Unhealthy. */
    health: text('health').notNull().default('Pending'),
    /** idle, pending, completed, error or cancelled. */
    syncStatus: text('sync_status').notNull().default('idle'),
    /** Set while a worker syncs the source (refreshed with every page), so no other worker starts. */
    syncStartedAt: stamp('sync_started_at'),
    createdAt: createdAt(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('backup_sources_tenant_type').on(t.tenantId, t.type)],
);

/** Protected devices and appliances a source reported, with the side menu's fields. */
export const backupSourceAssets = pgTable(
  'backup_source_assets',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => backupSources.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    /** device or appliance. */
    kind: text('kind').notNull(),
    externalId: text('external_id').notNull(),
    parentExternalId: text('parent_external_id'),
    /** The vendor's customer id. */
    customerId: text('customer_id'),
    name: text('name').notNull(),
    fields: jsonb('fields')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    consoleUrl: text('console_url'),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('backup_source_assets_identity').on(t.sourceId, t.kind, t.externalId)],
);

/** The vendor's customers a source has seen; each maps to a company through the client-ID mappings. */
export const backupSourceCustomers = pgTable(
  'backup_source_customers',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => backupSources.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('backup_source_customers_identity').on(t.sourceId, t.externalId)],
);
