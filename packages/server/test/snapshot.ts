import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { groups, tenants, users } from '../src/db/schema/index.ts';

/** Everything a tenant owns, as one comparable value: "changed nothing" means this is equal. */
export async function tenantSnapshot(database: Database, tenantId: number): Promise<string> {
  const db = database.db;
  const parts = {
    tenant: await db.select().from(tenants).where(eq(tenants.id, tenantId)),
    groups: await db.select().from(groups).where(eq(groups.tenantId, tenantId)).orderBy(groups.id),
    users: await db.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(users.id),
  };
  return JSON.stringify(parts);
}
