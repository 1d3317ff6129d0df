import { count, eq, sql } from 'drizzle-orm';
import type { TenantRow } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { tenants, users } from '../../db/schema/index.ts';

export async function listTenants(database: Database, inboundDomain: string): Promise<TenantRow[]> {
  const rows = await database.db
    .select({ t: tenants, users: count(users.id) })
    .from(tenants)
    .leftJoin(users, eq(users.tenantId, tenants.id))
    .groupBy(tenants.id)
    .orderBy(sql`lower(${tenants.name})`);
  return rows.map(({ t, users: n }) => ({
    Id: t.id,
    Name: t.name,
    Slug: t.slug,
    InboundEmail: `${t.slug}@${inboundDomain}`,
    UsersCount: Number(n),
    IsEnabled: t.isEnabled,
    CreatedAt: t.createdAt.toISOString(),
  }));
}
