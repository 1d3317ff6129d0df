import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The sign-in directory shared by the regions: which region is home to a sign-in e-mail or a
 * tenant. Entries are keyed by a keyed hash of the e-mail or tenant key, so the directory holds no
 * address or name in the clear. The deployment that keeps the directory holds every region's
 * entries; the others hold the entries they registered, to send only what changed.
 */
export const regionDirectory = pgTable('region_directory', {
  key: text('key').primaryKey(),
  region: text('region').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
