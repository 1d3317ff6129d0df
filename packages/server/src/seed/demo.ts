import { and, eq, sql } from 'drizzle-orm';
import { UserLevel, Privilege } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import { groups, tenants, users } from '../db/schema/index.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { createTenant } from '../modules/signup/tenant-service.ts';
import { enableFlagForTenant, ensureFlags } from '../modules/admin-portal/flags-service.ts';
import { initBackupPlansEnabled } from '../modules/backup-plans/setting.ts';
import { seedDemoTickets } from './demo-tickets.ts';
import { seedDemoDashboards } from './demo-dashboards.ts';
import { seedDemoBilling } from './demo-billing.ts';

export const DEMO_USERS = [
  {
    email: 'admin@demo.local',
    firstName: 'Alex',
    lastName: 'Morgan',
    level: UserLevel.Administrator,
    group: 'Administrators',
  },
  {
    email: 'standard@demo.local',
    firstName: 'Sam',
    lastName: 'Taylor',
    level: UserLevel.Standard,
    group: 'Standard Users',
  },
  { email: 'client@demo.local', firstName: 'Casey', lastName: 'Jordan', level: UserLevel.Client, group: 'Clients' },
] as const;
export const PLATFORM_ADMIN = { email: 'root@vigil.local', firstName: 'Platform', lastName: 'Admin' };

async function ensureUser(
  database: Database,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    tenantId: number | null;
    level: number;
    adminPrivileges: number;
    groupId: number | null;
  },
  passwordHash: string,
): Promise<void> {
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${values.email}`);
  if (existing) return;
  await database.db.insert(users).values({ ...values, passwordHash });
}

/** Creates a tenant with its admin, standard and client users (used by the demo and by tests). */
export async function seedTenant(
  database: Database,
  opts: {
    name: string;
    slug: string;
    password: string;
    people: readonly { email: string; firstName: string; lastName: string; level: number; group: string }[];
  },
): Promise<number> {
  let [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, opts.slug));
  if (!tenant)
    tenant = (
      await createTenant(database.db, {
        name: opts.name,
        slug: opts.slug,
        exactSlug: true,
        timeZoneId: 'America/New_York',
      })
    ).tenant;
  const passwordHash = await hashPassword(opts.password);
  for (const p of opts.people) {
    const [g] = await database.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.tenantId, tenant.id), eq(groups.name, p.group)));
    await ensureUser(
      database,
      {
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        tenantId: tenant.id,
        level: p.level,
        adminPrivileges: 0,
        groupId: g?.id ?? null,
      },
      passwordHash,
    );
  }
  return tenant.id;
}

/** The demo: tenant "Demo MSP" (slug demo), its three users and the platform super admin. Idempotent. */
export async function seedDemo(database: Database, password: string): Promise<{ tenantId: number }> {
  await ensureFlags(database);
  const tenantId = await seedTenant(database, { name: 'Demo MSP', slug: 'demo', password, people: DEMO_USERS });
  // The demo shows Insights and insight tiles, which other tenants get when the flag is switched on.
  await enableFlagForTenant(database, 'brInsights', tenantId);
  // Backup plans are on in the demo (flag and the tenant's setting), so a newcomer finds Manage → Backup Plans.
  await enableFlagForTenant(database, 'brBackupPlans', tenantId);
  await initBackupPlansEnabled(database, tenantId, true);
  await ensureUser(
    database,
    {
      ...PLATFORM_ADMIN,
      tenantId: null,
      level: UserLevel.Administrator,
      adminPrivileges: Privilege.superAdmin,
      groupId: null,
    },
    await hashPassword(password),
  );
  await seedDemoDashboards(database, tenantId);
  await seedDemoTickets(database, tenantId);
  await seedDemoBilling(database, tenantId);
  return { tenantId };
}
