import { bigint, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Content-addressed blobs (raw e-mails, report documents) when BLOB_STORE=postgres: every node
 * reads them from the database it already shares. `created_at` is when the blob was last written:
 * a put of the same content refreshes it, so the orphan sweep leaves a blob whose row is on its way.
 */
export const blobs = pgTable('blobs', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
