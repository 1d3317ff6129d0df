import { count, eq, sql } from 'drizzle-orm';
import { defaultPermissionsFor, GroupType, type TenantRow } from '@vigil/contract';
import type { Database, Db } from '../../db/client.ts';
import { groups, tenants, users } from '../../db/schema/index.ts';

export const DEFAULT_GROUPS = [
  { name: 'Administrators', description: 'Every permission', type: GroupType.Standard, audience: 'admin' as const },
  {
    name: 'Standard Users',
    description: 'Day-to-day monitoring and management',
    type: GroupType.Standard,
    audience: 'standard' as const,
  },
  {
    name: 'Clients',
    description: 'Read-only access for client companies',
    type: GroupType.Client,
    audience: 'client' as const,
  },
];

/** A tenant with its three default groups, in one transaction. */
export async function createTenant(db: Db, input: { name: string; slug: string; timeZoneId?: string }) {
  return db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ name: input.name, slug: input.slug, timeZoneId: input.timeZoneId ?? 'UTC' })
      .returning();
    const created = await tx
      .insert(groups)
      .values(
        DEFAULT_GROUPS.map((g) => ({
          tenantId: tenant.id,
          name: g.name,
          description: g.description,
          type: g.type,
          isDefault: true,
          permissions: defaultPermissionsFor(g.audience),
        })),
      )
      .returning();
    return { tenant, groups: created };
  });
}

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
