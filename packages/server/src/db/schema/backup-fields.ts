import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantRef } from './columns.ts';
import { backups } from './backups.ts';
import { users } from './platform.ts';

// Extra backup fields a tenant adds (name and type), their values on backups, and each backup's
// planned start time with the moves accepted from the time-popularity suggestion.

/** A tenant's extra backup field: text, number, date or choice (with its choices). */
export const backupFields = pgTable(
  'backup_fields',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    choices: jsonb('choices')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('backup_fields_tenant_name').on(t.tenantId, sql`lower(${t.name})`)],
);

/** One backup's value of one extra field, as text (numbers and ISO dates are checked on write). */
export const backupFieldValues = pgTable(
  'backup_field_values',
  {
    tenantId: tenantRef(),
    backupId: integer('backup_id')
      .notNull()
      .references(() => backups.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => backupFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.backupId, t.fieldId] }), index('backup_field_values_field').on(t.fieldId, t.value)],
);

/** A backup's planned start time (local 'HH:MM'), set when a suggested quieter time is applied. */
export const backupStartTimes = pgTable('backup_start_times', {
  backupId: integer('backup_id')
    .primaryKey()
    .references(() => backups.id, { onDelete: 'cascade' }),
  tenantId: tenantRef(),
  startTime: text('start_time').notNull(),
  previousTime: text('previous_time'),
  movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
  movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
});
