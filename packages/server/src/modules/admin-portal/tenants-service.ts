import { asc, count, eq, sql } from 'drizzle-orm';
import {
  GroupType,
  UserLevel,
  type AdminAddTenantUser,
  type AdminTenantGroup,
  type AdminTenantOverview,
  type AdminTenantUser,
} from '@vigil/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { groups, plans, subscriptions, tenants, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { createSetPasswordToken } from '../../platform/auth/set-password-links.ts';
import { sendInvite } from './invite.ts';
import { lastLogins } from './last-logins.ts';
import { subscriptionStatus } from '../billing/status.ts';
import { isoOrNull } from '../../platform/dates.ts';

export const LEVEL_NAMES = ['Disabled', 'Client', 'Standard', 'Administrator'];

/** A tenant's users, groups and account, as a platform administrator sees them. */
export class AdminTenantsService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  async tenant(tenantId: number) {
    const [t] = await this.db.select().from(tenants).where(eq(tenants.id, tenantId));
    if (!t) throw notFound();
    return t;
  }

  async users(tenantId: number): Promise<AdminTenantUser[]> {
    await this.tenant(tenantId);
    const rows = await this.db
      .select({ u: users, groupName: groups.name })
      .from(users)
      .leftJoin(groups, eq(groups.id, users.groupId))
      .where(eq(users.tenantId, tenantId))
      .orderBy(sql`lower(${users.email})`);
    const logins = await lastLogins(this.deps.database, tenantId);
    return rows.map(({ u, groupName }) => ({
      Id: u.id,
      Email: u.email,
      FirstName: u.firstName,
      LastName: u.lastName,
      Level: u.level,
      LevelName: LEVEL_NAMES[u.level] ?? 'Disabled',
      GroupId: u.groupId,
      GroupName: groupName,
      IsEnabled: u.isEnabled && u.level !== UserLevel.Disabled,
      MfaEnabled: u.mfaEnabled,
      MfaSetupRequired: u.mfaSetupRequired,
      EmailConfirmed: u.emailConfirmed,
      HasPassword: u.passwordHash !== null,
      LastLoginAt: isoOrNull(logins.get(u.id) ?? null),
      CreatedAt: u.createdAt.toISOString(),
    }));
  }

  async groups(tenantId: number): Promise<AdminTenantGroup[]> {
    await this.tenant(tenantId);
    const rows = await this.db
      .select({ g: groups, n: count(users.id) })
      .from(groups)
      .leftJoin(users, eq(users.groupId, groups.id))
      .where(eq(groups.tenantId, tenantId))
      .groupBy(groups.id)
      .orderBy(asc(groups.type), asc(groups.name));
    return rows.map(({ g, n }) => ({
      Id: g.id,
      Name: g.name,
      Description: g.description,
      Type: g.type,
      IsDefault: g.isDefault,
      UsersCount: Number(n),
      PermissionsCount: g.permissions.length,
    }));
  }

  /** Creates the user without a password and e-mails a link to choose one. */
  async addUser(tenantId: number, input: z.output<typeof AdminAddTenantUser>): Promise<AdminTenantUser> {
    const tenant = await this.tenant(tenantId);
    const email = input.Email.trim();
    const wantType = input.Level === UserLevel.Client ? GroupType.Client : GroupType.Standard;
    const { id, token } = await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      if (taken) throw badRequest('A user with this e-mail address already exists.', 'Email');
      const tenantGroups = await tx.select().from(groups).where(eq(groups.tenantId, tenantId));
      let group = input.GroupId ? tenantGroups.find((g) => g.id === input.GroupId) : undefined;
      if (input.GroupId && !group) throw badRequest('That group does not belong to this tenant.', 'GroupId');
      if (group && group.type !== wantType) {
        throw badRequest(
          input.Level === UserLevel.Client
            ? 'A client user needs a client group.'
            : 'This level needs a standard group.',
          'GroupId',
        );
      }
      group ??= defaultGroupFor(input.Level, tenantGroups);
      const [created] = await tx
        .insert(users)
        .values({
          tenantId,
          email,
          firstName: input.FirstName,
          lastName: input.LastName,
          level: input.Level,
          groupId: group?.id ?? null,
          passwordHash: null,
        })
        .returning({ id: users.id });
      return { id: created.id, token: await createSetPasswordToken(tx, created.id) };
    });
    await sendInvite(this.deps, { email, firstName: input.FirstName, tenantId }, token, tenant.name);
    const list = await this.users(tenantId);
    return list.find((u) => u.Id === id)!;
  }

  async overview(tenantId: number): Promise<AdminTenantOverview> {
    const t = await this.tenant(tenantId);
    const [sub] = await this.db
      .select({ s: subscriptions, planName: plans.name })
      .from(subscriptions)
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.tenantId, tenantId));
    const { rows } = await this.deps.database.query<{ active: string; emails: string; last_email: Date | null }>(
      `SELECT (SELECT count(*) FROM backups WHERE tenant_id = $1 AND state = 'Active') AS active,
              (SELECT count(*) FROM emails WHERE tenant_id = $1 AND received_at >= now() - interval '30 days') AS emails,
              (SELECT max(received_at) FROM emails WHERE tenant_id = $1) AS last_email`,
      [tenantId],
    );
    const stats = rows[0];
    return {
      Id: t.id,
      Name: t.name,
      Slug: t.slug,
      IsEnabled: t.isEnabled,
      TimeZoneId: t.timeZoneId,
      CreatedAt: t.createdAt.toISOString(),
      DeleteRequestedAt: isoOrNull(t.deleteRequestedAt),
      Subscription: sub
        ? {
            PlanName: sub.planName,
            Status: subscriptionStatus(sub.s),
            Provider: sub.s.provider,
            TrialEndsAt: isoOrNull(sub.s.trialEndsAt),
            CurrentPeriodEnd: isoOrNull(sub.s.currentPeriodEnd),
            PausedAt: isoOrNull(sub.s.pausedAt),
            Notes: sub.s.notes,
          }
        : null,
      ActiveBackups: Number(stats.active),
      EmailsLast30Days: Number(stats.emails),
      LastEmailAt: stats.last_email ? new Date(stats.last_email).toISOString() : null,
    };
  }
}

function defaultGroupFor(level: number, list: (typeof groups.$inferSelect)[]) {
  const name =
    level === UserLevel.Administrator ? 'Administrators' : level === UserLevel.Standard ? 'Standard Users' : 'Clients';
  const type = level === UserLevel.Client ? GroupType.Client : GroupType.Standard;
  return (
    list.find((g) => g.isDefault && g.name === name) ??
    list.find((g) => g.isDefault && g.type === type) ??
    list.find((g) => g.type === type)
  );
}
