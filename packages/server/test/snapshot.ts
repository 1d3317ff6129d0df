import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { backups, emails, groups, mailboxes, results, tenantAliases, tenants, users } from '../src/db/schema/index.ts';

/** Everything a tenant owns, as one comparable value: "changed nothing" means this is equal. */
export async function tenantSnapshot(database: Database, tenantId: number): Promise<string> {
  const db = database.db;
  const parts = {
    tenant: await db.select().from(tenants).where(eq(tenants.id, tenantId)),
    groups: await db.select().from(groups).where(eq(groups.tenantId, tenantId)).orderBy(groups.id),
    users: await db.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(users.id),
    emails: await db.select().from(emails).where(eq(emails.tenantId, tenantId)).orderBy(emails.id),
    results: await db.select().from(results).where(eq(results.tenantId, tenantId)).orderBy(results.id),
    backups: await db.select().from(backups).where(eq(backups.tenantId, tenantId)).orderBy(backups.id),
    aliases: await db
      .select()
      .from(tenantAliases)
      .where(eq(tenantAliases.tenantId, tenantId))
      .orderBy(tenantAliases.id),
    mailboxes: await db.select().from(mailboxes).where(eq(mailboxes.tenantId, tenantId)).orderBy(mailboxes.id),
  };
  return JSON.stringify(parts);
}
