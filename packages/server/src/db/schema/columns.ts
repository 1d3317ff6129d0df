import { sql } from 'drizzle-orm';
import { integer, jsonb, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './platform.ts';

/** Columns every table family repeats. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The owning tenant; rows go with it. */
export const tenantRef = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * Matching rules, shared by company assignment rules, templates and backup plans: a list of
 * groups; a backup matches when every condition of at least one group holds. The document is
 * `{ groups: [{ conditions: [{ field, operator, value }] }] }` (see `matching/rules.ts`).
 */
export const rulesDoc = (name = 'rules') =>
  jsonb(name)
    .notNull()
    .default(sql`'{"groups":[]}'::jsonb`);
