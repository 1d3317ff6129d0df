import { integer, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './platform.ts';

/** Columns every table family repeats. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The owning tenant; rows go with it. */
export const tenantRef = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
