import { eq, sql } from 'drizzle-orm';
import { defaultPermissionsFor, GroupType, UserLevel } from '@vigil/contract';
import type { Db } from '../../db/client.ts';
import { groups, subscriptions, tenantAliases, tenants, users } from '../../db/schema/index.ts';

/**
 * The one way a tenant comes to exist (sign-up, the Admin Portal, the demo and test seeds): the
 * tenant row with a unique inbound slug, its three default groups, and optionally its first
 * administrator and subscription row, all in one transaction.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** Local parts of the inbound domain that never become a tenant's address. */
const RESERVED = new Set([
  'abuse',
  'admin',
  'administrator',
  'hostmaster',
  'info',
  'mail',
  'mailer-daemon',
  'noreply',
  'no-reply',
  'postmaster',
  'root',
  'security',
  'support',
  'webmaster',
  'www',
]);

/** The inbound local part a company name suggests: lower-case letters, digits and single hyphens. */
export function slugFrom(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/g, '');
  if (base.length >= 3) return base;
  return base ? `${base}-msp` : 'msp';
}

async function slugTaken(tx: Tx, slug: string): Promise<boolean> {
  if (RESERVED.has(slug)) return true;
  const [alias] = await tx
    .select({ id: tenantAliases.id })
    .from(tenantAliases)
    .where(eq(tenantAliases.localPart, slug));
  return !!alias;
}

/**
 * Inserts the tenant under the first free slug of `wanted`, `wanted-2`, `wanted-3`…; a slug taken
 * by a concurrent insert is skipped by ON CONFLICT, so the transaction never aborts on it.
 */
async function insertTenant(tx: Tx, input: { name: string; slug: string; timeZoneId: string; exact: boolean }) {
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? input.slug : `${input.slug.slice(0, 26)}-${n}`;
    if (!input.exact && (await slugTaken(tx, slug))) continue;
    const [row] = await tx
      .insert(tenants)
      .values({ name: input.name, slug, timeZoneId: input.timeZoneId })
      .onConflictDoNothing({ target: tenants.slug })
      .returning();
    if (row) return row;
    if (input.exact) throw new Error(`The slug ${slug} is taken`);
  }
  throw new Error('No free slug');
}

export interface NewTenant {
  name: string;
  /** The wanted inbound slug; derived from the name when absent. */
  slug?: string;
  /** Take `slug` as given (seeds) instead of finding the next free one. */
  exactSlug?: boolean;
  timeZoneId?: string;
  admin?: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    emailConfirmed: boolean;
  };
  subscription?: {
    planId: number | null;
    trialEndsAt: Date | null;
    couponId: number | null;
    resellerId: number | null;
  };
}

/** Creates the tenant inside the caller's transaction. */
export async function createTenantIn(tx: Tx, input: NewTenant) {
  const tenant = await insertTenant(tx, {
    name: input.name,
    slug: input.slug ?? slugFrom(input.name),
    timeZoneId: input.timeZoneId ?? 'UTC',
    exact: input.exactSlug ?? false,
  });
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
  let admin: typeof users.$inferSelect | null = null;
  if (input.admin) {
    const adminGroup = created.find((g) => g.name === 'Administrators');
    [admin] = await tx
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: input.admin.email,
        firstName: input.admin.firstName,
        lastName: input.admin.lastName,
        passwordHash: input.admin.passwordHash,
        level: UserLevel.Administrator,
        adminPrivileges: 0,
        groupId: adminGroup?.id ?? null,
        emailConfirmed: input.admin.emailConfirmed,
      })
      .returning();
  }
  if (input.subscription) {
    await tx.insert(subscriptions).values({
      tenantId: tenant.id,
      planId: input.subscription.planId,
      // A plan without trial days starts paid: active, its first period a month from today.
      status: input.subscription.trialEndsAt ? 'trialing' : 'active',
      trialEndsAt: input.subscription.trialEndsAt,
      currentPeriodEnd: input.subscription.trialEndsAt ? null : oneMonthFrom(new Date()),
      couponId: input.subscription.couponId,
      resellerId: input.subscription.resellerId,
    });
  }
  return { tenant, groups: created, admin };
}

/** The same day of the next month (the last day when the next month is shorter), in UTC. */
export function oneMonthFrom(d: Date): Date {
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(d.getUTCDate(), last));
  next.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return next;
}

/** A tenant with its default groups (and whatever else `input` asks for), in its own transaction. */
export async function createTenant(db: Db, input: NewTenant) {
  return db.transaction((tx) => createTenantIn(tx, input));
}

/** Whether an address already belongs to a user (case-insensitive, like sign-in). */
export async function emailInUse(db: Db | Tx, email: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return !!u;
}
