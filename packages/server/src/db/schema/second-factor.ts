import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './platform.ts';

/**
 * The second factor a tenant asks of its users after the password: their authenticator app
 * (the default, no row needed) or Duo Universal Prompt with the tenant's Duo application.
 * The Duo client secret is sealed like every other stored secret.
 */
export const tenantSecondFactors = pgTable('tenant_second_factors', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** 'authenticator' or 'duo'. */
  method: text('method').notNull().default('authenticator'),
  duoClientId: text('duo_client_id'),
  duoClientSecret: text('duo_client_secret'),
  duoApiHost: text('duo_api_host'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
