import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ParserRule, ParserSample } from '@vigil/contract';
import { createdAt, tenantRef } from './columns.ts';

/**
 * Parsers a tenant taught Vigil from its own e-mails (the parser builder): tried after the
 * built-in vendor parsers and before the generic reader. `builtIn` (set by platform admins)
 * applies one to every tenant.
 */
export const tenantParsers = pgTable(
  'tenant_parsers',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    vendor: text('vendor').notNull(),
    /** First sender of the rule, for lookups; the rule holds them all. */
    sender: text('sender').notNull().default(''),
    subjectContains: text('subject_contains').notNull().default(''),
    rule: jsonb('rule').$type<ParserRule>().notNull(),
    samples: jsonb('samples')
      .$type<ParserSample[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enabled: boolean('enabled').notNull().default(true),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    createdBy: integer('created_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by'),
  },
  (t) => [index('tenant_parsers_tenant').on(t.tenantId), index('tenant_parsers_built_in').on(t.builtIn)],
);
