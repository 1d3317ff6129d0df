import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  Privilege,
  privilegeNames,
  type AdministratorCreate,
  type AdministratorRow,
  type AdministratorUpdate,
  type UserSearchHit,
} from '@vigil/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { tenants, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { createSetPasswordToken } from '../../platform/auth/set-password-links.ts';
import { sendInvite } from './invite.ts';
import { lastLogins } from './last-logins.ts';
import { LEVEL_NAMES } from './tenants-service.ts';

export const LAST_SUPER_MESSAGE = 'The last Super administrator cannot be removed.';
const ROLE_BITS = Privilege.allAdmins;
type UserRow = typeof users.$inferSelect;

/** Platform administrators (users of no tenant) and their role bits Super, Success, Billing, Sales. */
export class AdministratorsService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  private present(u: UserRow, logins: Map<number, Date>): AdministratorRow {
    const mask = u.adminPrivileges & ROLE_BITS;
    return {
      Id: u.id,
      Email: u.email,
      FirstName: u.firstName,
      LastName: u.lastName,
      Privileges: mask,
      Roles: privilegeNames(mask),
      IsEnabled: u.isEnabled,
      MfaEnabled: u.mfaEnabled,
      HasPassword: u.passwordHash !== null,
      LastLoginAt: logins.get(u.id)?.toISOString() ?? null,
      CreatedAt: u.createdAt.toISOString(),
    };
  }

  async list(): Promise<AdministratorRow[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(isNull(users.tenantId))
      .orderBy(sql`lower(${users.email})`);
    const logins = await lastLogins(this.deps.database, null);
    return rows.map((u) => this.present(u, logins));
  }

  async get(id: number): Promise<AdministratorRow> {
    const found = (await this.list()).find((a) => a.Id === id);
    if (!found) throw notFound();
    return found;
  }

  async create(input: z.output<typeof AdministratorCreate>): Promise<AdministratorRow> {
    const email = input.Email.trim();
    const { id, token } = await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      if (taken) throw badRequest('A user with this e-mail address already exists.', 'Email');
      const [created] = await tx
        .insert(users)
        .values({
          tenantId: null,
          email,
          firstName: input.FirstName,
          lastName: input.LastName,
          level: 0,
          adminPrivileges: input.Privileges,
          passwordHash: null,
        })
        .returning({ id: users.id });
      return { id: created.id, token: await createSetPasswordToken(tx, created.id) };
    });
    await sendInvite(this.deps, { email, firstName: input.FirstName, tenantId: null }, token, 'the Vigil Admin Portal');
    return this.get(id);
  }

  /**
   * Changes roles, names and the enabled switch. The super administrators are locked first, so
   * two administrators demoting each other at the same moment cannot leave the platform without one.
   */
  async update(input: AdministratorUpdate, callerId: number): Promise<AdministratorRow> {
    await this.db.transaction(async (tx) => {
      const supers = await this.lockSupers(tx);
      const [target] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, input.Id), isNull(users.tenantId)));
      if (!target) throw notFound();
      const staysSuper = (input.Privileges & Privilege.superAdmin) !== 0 && input.IsEnabled;
      const wasSuper = supers.includes(target.id);
      if (wasSuper && !staysSuper && supers.length <= 1) throw badRequest(LAST_SUPER_MESSAGE, 'Privileges');
      if (target.id === callerId && !input.IsEnabled)
        throw badRequest('You cannot disable your own account.', 'IsEnabled');
      await tx
        .update(users)
        .set({
          firstName: input.FirstName,
          lastName: input.LastName,
          adminPrivileges: input.Privileges,
          isEnabled: input.IsEnabled,
        })
        .where(eq(users.id, target.id));
    });
    // Roles live in the access token's claims check on every request; sessions of a disabled
    // administrator end now.
    if (!input.IsEnabled) await this.deps.sessions.revokeAllForUser(input.Id);
    return this.get(input.Id);
  }

  async remove(id: number, callerId: number): Promise<void> {
    if (id === callerId) throw badRequest('You cannot remove your own administrator account.');
    await this.db.transaction(async (tx) => {
      const supers = await this.lockSupers(tx);
      const [target] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.tenantId)));
      if (!target) throw notFound();
      if (supers.includes(id) && supers.length <= 1) throw badRequest(LAST_SUPER_MESSAGE);
      await tx.delete(users).where(eq(users.id, id));
    });
  }

  /** The enabled super administrators' ids, with their rows locked for this transaction. */
  private async lockSupers(tx: Pick<Deps['database']['db'], 'select'>): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          isNull(users.tenantId),
          eq(users.isEnabled, true),
          ne(sql`${users.adminPrivileges} & ${Privilege.superAdmin}`, 0),
        ),
      )
      .for('update');
    return rows.map((r) => r.id);
  }

  /** Any user, tenant or platform, whose e-mail or name contains the text. */
  async search(text: string): Promise<UserSearchHit[]> {
    const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db
      .select({ u: users, tenantName: tenants.name })
      .from(users)
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .where(
        sql`lower(${users.email}) LIKE ${like} OR lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${like}`,
      )
      .orderBy(sql`lower(${users.email})`)
      .limit(25);
    return rows.map(({ u, tenantName }) => ({
      Id: u.id,
      Email: u.email,
      Name: `${u.firstName} ${u.lastName}`.trim(),
      TenantId: u.tenantId,
      TenantName: tenantName,
      Roles: u.tenantId === null ? privilegeNames(u.adminPrivileges & ROLE_BITS) : [],
      LevelName: u.tenantId === null ? 'Platform Administrator' : (LEVEL_NAMES[u.level] ?? 'Disabled'),
    }));
  }
}
