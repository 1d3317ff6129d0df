import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantRef } from './columns.ts';
import { companies } from './backups.ts';

// IT Glue (Integration › Other): a tenant's IT Glue account, its organisations mapped to
// companies, and the last push of each company's protection summary.

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** An IT Glue account; `api_key` is sealed. */
export const itglueConnections = pgTable(
  'itglue_connections',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    baseUrl: text('base_url').notNull(),
    apiKey: text('api_key').notNull(),
    /** FlexibleAsset or Configuration. */
    mode: text('mode').notNull().default('FlexibleAsset'),
    flexibleAssetTypeId: integer('flexible_asset_type_id'),
    configurationTypeId: integer('configuration_type_id'),
    enabled: boolean('enabled').notNull().default(true),
    lastPushAt: stamp('last_push_at'),
    lastPushError: text('last_push_error'),
    createdAt: createdAt(),
  },
  (t) => [index('itglue_connections_tenant').on(t.tenantId)],
);

/** The account's organisations as last read, each mapped to at most one company. */
export const itglueOrganizations = pgTable(
  'itglue_organizations',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => itglueConnections.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    /** A user set or cleared the company: never re-matched by name. Otherwise matched by name. */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [uniqueIndex('itglue_organizations_identity').on(t.connectionId, t.organizationId)],
);

/** The last push per mapped company: the asset it wrote (updated by later pushes) and how it went. */
export const itgluePushes = pgTable(
  'itglue_pushes',
  {
    id: serial('id').primaryKey(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => itglueConnections.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id').notNull(),
    assetId: text('asset_id'),
    configurations: integer('configurations').notNull().default(0),
    /** Pushed or Failed. */
    status: text('status').notNull(),
    message: text('message'),
    pushedAt: stamp('pushed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('itglue_pushes_identity').on(t.connectionId, t.companyId)],
);
