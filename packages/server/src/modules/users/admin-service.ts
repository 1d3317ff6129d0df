import {
  GroupType,
  MfaSetupMessages,
  UserLevel,
  UserLevelNames,
  UserMessages,
  type UserDetail,
  type UserListItem,
} from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { createSetPasswordToken, INVITE_TTL_MS, setPasswordUrl } from '../../platform/auth/set-password-links.ts';
import { escapeHtml } from './service.ts';

const RESET_TTL_MS = 24 * 60 * 60 * 1000;

interface UserDbRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  level: number;
  group_id: number | null;
  group_name: string | null;
  group_type: number | null;
  is_enabled: boolean;
  mfa_enabled: boolean;
  mfa_setup_required: boolean;
  is_company_restricted: boolean;
  has_password: boolean;
  created_at: Date | string;
}

const USER_SELECT = `
  SELECT u.id, u.email, u.first_name, u.last_name, u.level, u.group_id, g.name AS group_name, g.type AS group_type,
         u.is_enabled, u.mfa_enabled, u.mfa_setup_required, u.is_company_restricted, (u.password_hash IS NOT NULL) AS has_password,
         u.created_at
    FROM users u
    LEFT JOIN groups g ON g.id = u.group_id`;

function present(r: UserDbRow): UserListItem {
  return {
    Id: r.id,
    Email: r.email,
    FirstName: r.first_name,
    LastName: r.last_name,
    Level: r.level,
    LevelName: UserLevelNames[r.level] ?? 'Disabled',
    GroupId: r.group_id,
    GroupName: r.group_name,
    IsEnabled: r.is_enabled,
    MfaEnabled: r.mfa_enabled,
    MfaSetupRequired: r.mfa_setup_required,
    IsCompanyRestricted: r.is_company_restricted,
    HasPassword: r.has_password,
    CreatedAt: new Date(r.created_at).toISOString(),
  };
}

/** Client users are those of the Client level or, once disabled, of a client group. */
const CLIENT_SQL = `(u.level = ${UserLevel.Client} OR (u.level = ${UserLevel.Disabled} AND g.type = ${GroupType.Client}))`;

export interface UserEdit {
  Level: number;
  FirstName: string;
  LastName: string;
  GroupId?: number | null;
  IsCompanyRestricted: boolean;
  CompanyIds: number[];
  RestrictionGroupIds: number[];
}

/** Users of one tenant as its administrators manage them (Settings → User Management → Users). */
export class UserAdminService {
  constructor(private readonly deps: Deps) {}

  private get database() {
    return this.deps.database;
  }

  async list(tenantId: number, kind: 'partner' | 'client', includeDisabled: boolean): Promise<UserListItem[]> {
    const r = await this.database.query<UserDbRow>(
      `${USER_SELECT}
        WHERE u.tenant_id = $1 AND ${kind === 'client' ? CLIENT_SQL : `NOT ${CLIENT_SQL}`}
          ${includeDisabled ? '' : `AND u.level <> ${UserLevel.Disabled} AND u.is_enabled`}
        ORDER BY lower(u.email)`,
      [tenantId],
    );
    const names = await this.companyNames(
      tenantId,
      r.rows.filter((u) => u.level === UserLevel.Client || u.is_company_restricted).map((u) => u.id),
    );
    return r.rows.map((u) => ({ ...present(u), CompanyNames: names.get(u.id) ?? [] }));
  }

  /** The companies each user is limited to (direct assignments and restriction groups), by name. */
  private async companyNames(tenantId: number, userIds: number[]): Promise<Map<number, string[]>> {
    const out = new Map<number, string[]>();
    if (!userIds.length) return out;
    const r = await this.database.query<{ user_id: number; name: string }>(
      `SELECT x.user_id, c.name FROM (
         SELECT uc.user_id, uc.company_id FROM user_companies uc WHERE uc.tenant_id = $1
         UNION
         SELECT urg.user_id, rgc.company_id
           FROM user_restriction_groups urg
           JOIN restriction_groups rg ON rg.id = urg.group_id AND rg.tenant_id = $1
           JOIN restriction_group_companies rgc ON rgc.group_id = rg.id
       ) x JOIN companies c ON c.id = x.company_id AND c.tenant_id = $1
        WHERE x.user_id = ANY($2::int[])
        ORDER BY lower(c.name), c.id`,
      [tenantId, userIds],
    );
    for (const row of r.rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row.name]);
    return out;
  }

  async detail(tenantId: number, id: number): Promise<UserDetail> {
    const r = await this.database.query<UserDbRow>(`${USER_SELECT} WHERE u.tenant_id = $1 AND u.id = $2`, [
      tenantId,
      id,
    ]);
    if (!r.rows[0]) throw notFound();
    const companies = await this.database.query<{ company_id: number; name: string }>(
      `SELECT uc.company_id, c.name FROM user_companies uc JOIN companies c ON c.id = uc.company_id
        WHERE uc.user_id = $1 AND uc.tenant_id = $2 ORDER BY uc.company_id`,
      [id, tenantId],
    );
    const groups = await this.database.query<{ group_id: number }>(
      `SELECT urg.group_id FROM user_restriction_groups urg
         JOIN restriction_groups rg ON rg.id = urg.group_id AND rg.tenant_id = $2
        WHERE urg.user_id = $1 ORDER BY urg.group_id`,
      [id, tenantId],
    );
    return {
      ...present(r.rows[0]),
      CompanyIds: companies.rows.map((x) => x.company_id),
      Companies: companies.rows.map((x) => ({ Id: x.company_id, Name: x.name })),
      RestrictionGroupIds: groups.rows.map((x) => x.group_id),
    };
  }

  async dropdown(tenantId: number): Promise<{ Id: number; Name: string }[]> {
    const r = await this.database.query<{ id: number; name: string }>(
      `SELECT id, COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), email) AS name
         FROM users WHERE tenant_id = $1 AND level <> 0 AND is_enabled ORDER BY lower(email)`,
      [tenantId],
    );
    return r.rows.map((x) => ({ Id: x.id, Name: x.name }));
  }

  async autoComplete(tenantId: number, search: string): Promise<{ Id: number; Email: string; Name: string }[]> {
    const term = `%${search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const r = await this.database.query<{ id: number; email: string; name: string }>(
      `SELECT id, email, COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), email) AS name
         FROM users
        WHERE tenant_id = $1 AND level <> 0 AND is_enabled
          AND (lower(email) LIKE $2 OR lower(first_name || ' ' || last_name) LIKE $2)
        ORDER BY lower(email) LIMIT 20`,
      [tenantId, term],
    );
    return r.rows.map((x) => ({ Id: x.id, Email: x.email, Name: x.name }));
  }

  /** The group a user of this level goes to: the one given (of the right type) or the type's default. */
  private async groupFor(q: QueryFn, tenantId: number, level: number, groupId: number | null | undefined) {
    const type = level === UserLevel.Client ? GroupType.Client : GroupType.Standard;
    if (groupId) {
      const g = await q<{ type: number }>('SELECT type FROM groups WHERE id = $1 AND tenant_id = $2', [
        groupId,
        tenantId,
      ]);
      if (!g.rows[0]) throw badRequest('The group does not exist', 'GroupId');
      if (level !== UserLevel.Disabled && g.rows[0].type !== type)
        throw badRequest(UserMessages.groupTypeMismatch, 'GroupId');
      return groupId;
    }
    const d = await q<{ id: number }>(
      `SELECT id FROM groups WHERE tenant_id = $1 AND type = $2
        ORDER BY is_default DESC, ((name = 'Administrators') = $3) DESC, id LIMIT 1`,
      [tenantId, type, level === UserLevel.Administrator],
    );
    return d.rows[0]?.id ?? null;
  }

  /** Replaces a user's direct companies and restriction groups, checking each belongs to the tenant. */
  private async writeRestrictions(q: QueryFn, tenantId: number, userId: number, edit: UserEdit): Promise<void> {
    const companyIds = [...new Set(edit.CompanyIds)];
    const groupIds = [...new Set(edit.RestrictionGroupIds)];
    if (companyIds.length) {
      const ok = await q<{ n: number }>(
        'SELECT count(*)::int AS n FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])',
        [tenantId, companyIds],
      );
      if (ok.rows[0].n !== companyIds.length) throw badRequest(UserMessages.unknownCompany, 'CompanyIds');
    }
    if (groupIds.length) {
      const ok = await q<{ n: number }>(
        'SELECT count(*)::int AS n FROM restriction_groups WHERE tenant_id = $1 AND id = ANY($2::int[])',
        [tenantId, groupIds],
      );
      if (ok.rows[0].n !== groupIds.length)
        throw badRequest(UserMessages.unknownRestrictionGroup, 'RestrictionGroupIds');
    }
    if (edit.IsCompanyRestricted && edit.Level !== UserLevel.Client && !companyIds.length && !groupIds.length)
      throw badRequest(UserMessages.restrictedNeedsCompanies, 'CompanyIds');
    await q('DELETE FROM user_companies WHERE user_id = $1 AND tenant_id = $2', [userId, tenantId]);
    await q('DELETE FROM user_restriction_groups WHERE user_id = $1', [userId]);
    if (companyIds.length)
      await q('INSERT INTO user_companies (user_id, company_id, tenant_id) SELECT $1, unnest($2::int[]), $3', [
        userId,
        companyIds,
        tenantId,
      ]);
    if (groupIds.length)
      await q('INSERT INTO user_restriction_groups (user_id, group_id) SELECT $1, unnest($2::int[])', [
        userId,
        groupIds,
      ]);
  }

  /** Refuses a change that leaves the tenant without an enabled administrator (checked inside the change). */
  private async keepAnAdmin(q: QueryFn, tenantId: number): Promise<void> {
    const r = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND level = $2 AND is_enabled',
      [tenantId, UserLevel.Administrator],
    );
    if (r.rows[0].n === 0) throw badRequest(UserMessages.lastAdmin, 'Level');
  }

  /** Serialises changes to a tenant's administrators so two of them cannot demote each other at once. */
  private async lockAdmins(q: QueryFn, tenantId: number): Promise<void> {
    await q('SELECT id FROM users WHERE tenant_id = $1 AND level = $2 ORDER BY id FOR UPDATE', [
      tenantId,
      UserLevel.Administrator,
    ]);
  }

  async create(tenantId: number, email: string, edit: UserEdit): Promise<UserDetail> {
    const id = await this.database.transaction(async (q) => {
      const taken = await q('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
      if (taken.rows.length) throw badRequest(UserMessages.emailTaken, 'Email');
      const groupId = await this.groupFor(q, tenantId, edit.Level, edit.GroupId);
      const restricted = edit.Level !== UserLevel.Client && edit.IsCompanyRestricted;
      const r = await q<{ id: number }>(
        `INSERT INTO users (tenant_id, email, first_name, last_name, level, group_id, is_company_restricted, email_confirmed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, true) RETURNING id`,
        [tenantId, email, edit.FirstName, edit.LastName, edit.Level, groupId, restricted],
      );
      await this.writeRestrictions(q, tenantId, r.rows[0].id, { ...edit, IsCompanyRestricted: restricted });
      return r.rows[0].id;
    });
    await this.sendLink(id, 'invite');
    return this.detail(tenantId, id);
  }

  async update(tenantId: number, callerId: number, id: number, edit: UserEdit): Promise<UserDetail> {
    await this.database.transaction(async (q) => {
      await this.lockAdmins(q, tenantId);
      const cur = await q<{ level: number }>('SELECT level FROM users WHERE id = $1 AND tenant_id = $2', [
        id,
        tenantId,
      ]);
      if (!cur.rows[0]) throw notFound();
      if (id === callerId && edit.Level !== cur.rows[0].level) throw badRequest(UserMessages.notYourself, 'Level');
      const groupId = await this.groupFor(q, tenantId, edit.Level, edit.GroupId);
      const restricted = edit.Level !== UserLevel.Client && edit.IsCompanyRestricted;
      await q(
        `UPDATE users SET first_name = $3, last_name = $4, level = $5, group_id = $6, is_company_restricted = $7
          WHERE id = $1 AND tenant_id = $2`,
        [id, tenantId, edit.FirstName, edit.LastName, edit.Level, groupId, restricted],
      );
      await this.writeRestrictions(q, tenantId, id, { ...edit, IsCompanyRestricted: restricted });
      await this.keepAnAdmin(q, tenantId);
    });
    // A disabled user's sessions end now; the guard refuses their access tokens already.
    if (edit.Level === UserLevel.Disabled) await this.deps.sessions.revokeAllForUser(id);
    return this.detail(tenantId, id);
  }

  /** Users of the tenant among `ids`; any other id makes the whole request a 404. */
  private async ownIds(q: QueryFn, tenantId: number, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const r = await q<{ id: number }>('SELECT id FROM users WHERE tenant_id = $1 AND id = ANY($2::int[])', [
      tenantId,
      unique,
    ]);
    if (r.rows.length !== unique.length) throw notFound();
    return unique;
  }

  async bulkDelete(tenantId: number, callerId: number, ids: number[]): Promise<number> {
    if (ids.includes(callerId)) throw badRequest(UserMessages.notYourself, 'Ids');
    return this.database.transaction(async (q) => {
      await this.lockAdmins(q, tenantId);
      const own = await this.ownIds(q, tenantId, ids);
      await q('DELETE FROM users WHERE tenant_id = $1 AND id = ANY($2::int[])', [tenantId, own]);
      await this.keepAnAdmin(q, tenantId);
      return own.length;
    });
  }

  async bulkNewPassword(tenantId: number, ids: number[]): Promise<number> {
    const own = await this.database.transaction((q) => this.ownIds(q, tenantId, ids));
    for (const id of own) await this.sendLink(id, 'reset');
    return own.length;
  }

  /**
   * "Enable" requires two-factor sign-in of each chosen user without an authenticator: their next
   * sign-in stops after the password at the set-up step until one is added (the flag
   * `mfa_setup_required`). They are told by e-mail, and their other sessions end, so the rule holds
   * from their next sign-in rather than whenever a long-lived session runs out; the caller's own
   * session is kept. "Disable" removes the authenticator (a lost phone) and the requirement.
   * Either way the answer counts the users it changed.
   */
  async setTwoFactor(tenantId: number, callerId: number, ids: number[], enabled: boolean): Promise<number> {
    if (!enabled) {
      return this.database.transaction(async (q) => {
        const own = await this.ownIds(q, tenantId, ids);
        const r = await q(
          `UPDATE users SET mfa_enabled = false, mfa_secret = NULL, mfa_pending_secret = NULL, mfa_pending_for = NULL,
                  mfa_last_step = 0, mfa_setup_required = false
            WHERE tenant_id = $1 AND id = ANY($2::int[]) AND (mfa_enabled OR mfa_setup_required) RETURNING id`,
          [tenantId, own],
        );
        return r.rows.length;
      });
    }
    const flagged = await this.database.transaction(async (q) => {
      const own = await this.ownIds(q, tenantId, ids);
      const r = await q<{ id: number; email: string; first_name: string }>(
        `UPDATE users SET mfa_setup_required = true
          WHERE tenant_id = $1 AND id = ANY($2::int[]) AND NOT mfa_enabled AND NOT mfa_setup_required
          RETURNING id, email, first_name`,
        [tenantId, own],
      );
      return r.rows;
    });
    const link = `${this.deps.config.publicUrl}/page/login`;
    for (const u of flagged) {
      if (u.id !== callerId) await this.deps.sessions.revokeAllForUser(u.id);
      const name = u.first_name || u.email;
      await this.deps.mailer.send({
        tenantId,
        to: u.email,
        subject: MfaSetupMessages.enabledEmailSubject,
        text: `Hello ${name},\n\nYour administrator now requires two-factor sign-in for your Vigil account.\nThe next time you sign in, have an authenticator app ready (Microsoft Authenticator, Google Authenticator, 1Password…): after your password Vigil shows a QR code to scan and asks for the first code.\n${link}`,
        html: `<p>Hello ${escapeHtml(name)},</p><p>Your administrator now requires two-factor sign-in for your Vigil account.</p><p>The next time you <a href="${link}">sign in</a>, have an authenticator app ready: after your password Vigil shows a QR code to scan and asks for the first code.</p>`,
      });
    }
    return flagged.length;
  }

  /** E-mails a set-password link through the password-reset machinery (the same token table and page). */
  async sendLink(userId: number, kind: 'invite' | 'reset'): Promise<void> {
    const r = await this.database.query<{ email: string; first_name: string; tenant_id: number; tenant: string }>(
      `SELECT u.email, u.first_name, u.tenant_id, t.name AS tenant
         FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.id = $1`,
      [userId],
    );
    const u = r.rows[0];
    if (!u) return;
    const token = await createSetPasswordToken(
      this.deps.database.db,
      userId,
      kind === 'invite' ? INVITE_TTL_MS : RESET_TTL_MS,
    );
    const link = setPasswordUrl(this.deps.config.publicUrl, token);
    const name = u.first_name || u.email;
    const lead =
      kind === 'invite'
        ? `${u.tenant} has given you an account on Vigil, its backup monitoring portal.`
        : `An administrator of ${u.tenant} asked Vigil to send you a new password link.`;
    const within = kind === 'invite' ? 'seven days' : '24 hours';
    await this.deps.mailer.send({
      tenantId: u.tenant_id,
      to: u.email,
      subject: kind === 'invite' ? `Your Vigil account at ${u.tenant}` : 'Choose a new Vigil password',
      text: `Hello ${name},\n\n${lead}\n\nOpen this link within ${within} to choose your password:\n${link}\n\nYour sign-in name is ${u.email}.`,
      html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p><p><a href="${link}">Choose your password</a> within ${within}.</p><p>Your sign-in name is ${escapeHtml(u.email)}.</p>`,
    });
  }
}
