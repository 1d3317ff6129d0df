import { GroupType, UserLevel, UserTypeMessages, type HubUser, type UserTypeSuggestion } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isoOrNull } from '../../platform/dates.ts';

/** Whether a tenant currently lets a platform administrator in (a grant for them or for all staff). */
export async function hasLiveGrant(database: Database, tenantId: number, userId: number): Promise<boolean> {
  const r = await database.query(
    `SELECT 1 FROM tenant_access_grants
      WHERE tenant_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())
        AND (user_id IS NULL OR user_id = $2) LIMIT 1`,
    [tenantId, userId],
  );
  return r.rows.length > 0;
}

/**
 * Tenant-level access settings of User Management: client single sign-on, the platform staff
 * ("hub users") a tenant lets in, and moving users between the standard and client types.
 */
export class TenantAccessService {
  constructor(private readonly database: Database) {}

  async sso(tenantId: number): Promise<boolean> {
    const r = await this.database.query<{ on: boolean }>('SELECT client_sso_enabled AS on FROM tenants WHERE id = $1', [
      tenantId,
    ]);
    return Boolean(r.rows[0]?.on);
  }

  async setSso(tenantId: number, on: boolean): Promise<boolean> {
    await this.database.query('UPDATE tenants SET client_sso_enabled = $2 WHERE id = $1', [tenantId, on]);
    return on;
  }

  /**
   * Every platform administrator, and whether a live grant lets them in: their own grant, or the
   * grant for all platform staff when they have none of their own (`AccessVia`), with who granted it.
   */
  async hubUsers(tenantId: number): Promise<HubUser[]> {
    const grants = await this.database.query<{
      user_id: number | null;
      created_at: Date;
      expires_at: Date | null;
      granted_by: string | null;
    }>(
      `SELECT g.user_id, g.created_at, g.expires_at,
              COALESCE(NULLIF(trim(b.first_name || ' ' || b.last_name), ''), b.email) AS granted_by
         FROM tenant_access_grants g LEFT JOIN users b ON b.id = g.granted_by
        WHERE g.tenant_id = $1 AND g.revoked_at IS NULL AND (g.expires_at IS NULL OR g.expires_at > now())
        ORDER BY g.created_at DESC, g.id DESC`,
      [tenantId],
    );
    const admins = await this.database.query<{ id: number; email: string; name: string }>(
      `SELECT id, email, COALESCE(NULLIF(trim(first_name || ' ' || last_name), ''), email) AS name
         FROM users WHERE tenant_id IS NULL AND is_enabled ORDER BY lower(email)`,
    );
    const all = grants.rows.find((g) => g.user_id === null);
    const row = (g: (typeof grants.rows)[number] | undefined, via: HubUser['AccessVia']) => ({
      HasAccess: Boolean(g),
      GrantedAt: isoOrNull(g?.created_at),
      ExpiresAt: isoOrNull(g?.expires_at),
      GrantedBy: g?.granted_by ?? null,
      AccessVia: g ? via : null,
    });
    return [
      { UserId: null, Name: 'All platform staff', Email: null, ...row(all, 'all') },
      ...admins.rows.map((a) => {
        const own = grants.rows.find((x) => x.user_id === a.id);
        return { UserId: a.id, Name: a.name, Email: a.email, ...(own ? row(own, 'own') : row(all, 'all')) };
      }),
    ];
  }

  async grant(tenantId: number, by: number, userId: number | null, days: number | null): Promise<void> {
    if (userId !== null) {
      const r = await this.database.query('SELECT 1 FROM users WHERE id = $1 AND tenant_id IS NULL', [userId]);
      if (!r.rows.length) throw notFound();
    }
    await this.database.transaction(async (q) => {
      await q(
        `UPDATE tenant_access_grants SET revoked_at = now()
          WHERE tenant_id = $1 AND revoked_at IS NULL AND user_id IS NOT DISTINCT FROM $2`,
        [tenantId, userId],
      );
      await q(
        `INSERT INTO tenant_access_grants (tenant_id, user_id, granted_by, expires_at)
         VALUES ($1, $2, $3, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(days => $4::int) END)`,
        [tenantId, userId, by, days],
      );
    });
  }

  /** Revoking one administrator ends their own grant; revoking "all" ends every grant of the tenant. */
  async revoke(tenantId: number, userId: number | null): Promise<void> {
    await this.database.query(
      `UPDATE tenant_access_grants SET revoked_at = now()
        WHERE tenant_id = $1 AND revoked_at IS NULL AND ($2::int IS NULL OR user_id = $2::int)`,
      [tenantId, userId],
    );
  }

  async typeCounts(tenantId: number): Promise<{ Standard: number; Client: number }> {
    const r = await this.database.query<{ client: number; standard: number }>(
      `SELECT count(*) FILTER (WHERE level = $2)::int AS client,
              count(*) FILTER (WHERE level IN ($3, $4))::int AS standard
         FROM users WHERE tenant_id = $1`,
      [tenantId, UserLevel.Client, UserLevel.Standard, UserLevel.Administrator],
    );
    return { Standard: r.rows[0].standard, Client: r.rows[0].client };
  }

  /**
   * Users who look filed under the wrong type, judged by e-mail domain: a client user on one of
   * the MSP's own domains (Settings → Tenant) should be a standard user, and a standard user on
   * another domain a client. Administrators are never suggested.
   */
  async suggest(tenantId: number): Promise<UserTypeSuggestion[]> {
    const t = await this.database.query<{ email_domain: string | null; secondary_email_domains: string[] }>(
      'SELECT email_domain, secondary_email_domains FROM tenants WHERE id = $1',
      [tenantId],
    );
    const own = [t.rows[0]?.email_domain, ...(t.rows[0]?.secondary_email_domains ?? [])]
      .filter((d): d is string => Boolean(d))
      .map((d) => d.toLowerCase().replace(/^@/, ''));
    if (!own.length) return [];
    const r = await this.database.query<{ id: number; email: string; level: number }>(
      'SELECT id, email, level FROM users WHERE tenant_id = $1 AND level IN ($2, $3) ORDER BY lower(email)',
      [tenantId, UserLevel.Client, UserLevel.Standard],
    );
    const out: UserTypeSuggestion[] = [];
    for (const u of r.rows) {
      const domain = u.email.split('@')[1]?.toLowerCase() ?? '';
      const ours = own.includes(domain);
      if (u.level === UserLevel.Client && ours)
        out.push({
          UserId: u.id,
          Email: u.email,
          CurrentType: 'client',
          SuggestedType: 'standard',
          Reason: `${domain} is one of your own e-mail domains`,
        });
      if (u.level === UserLevel.Standard && !ours)
        out.push({
          UserId: u.id,
          Email: u.email,
          CurrentType: 'standard',
          SuggestedType: 'client',
          Reason: `${domain} is not one of your own e-mail domains`,
        });
    }
    return out;
  }

  /**
   * Moves users to a type: to "client" they become Client users of the default client group
   * (their company assignments stay and now limit what they see); to "standard" they become
   * Standard users of the default standard group and keep their companies as a restriction.
   * A disabled user stays disabled (their group decides which list they are in). Nobody changes
   * their own type, which could lock them out of this screen.
   */
  async migrate(tenantId: number, by: number, ids: number[], type: 'standard' | 'client'): Promise<number> {
    return this.database.transaction(async (q) => {
      const unique = [...new Set(ids)];
      if (unique.includes(by)) throw badRequest(UserTypeMessages.ownType, 'Ids');
      const own = await q<{ id: number; level: number }>(
        'SELECT id, level FROM users WHERE tenant_id = $1 AND id = ANY($2::int[])',
        [tenantId, unique],
      );
      if (own.rows.length !== unique.length) throw notFound();
      if (own.rows.some((u) => u.level === UserLevel.Administrator))
        throw badRequest(UserTypeMessages.administrator, 'Ids');
      const groupType = type === 'client' ? GroupType.Client : GroupType.Standard;
      const g = await q<{ id: number }>(
        `SELECT id FROM groups WHERE tenant_id = $1 AND type = $2
          ORDER BY is_default DESC, (name = 'Administrators') ASC, id LIMIT 1`,
        [tenantId, groupType],
      );
      const level = type === 'client' ? UserLevel.Client : UserLevel.Standard;
      await q(
        `UPDATE users SET level = CASE WHEN level = ${UserLevel.Disabled} THEN level ELSE $3 END, group_id = $4,
                is_company_restricted = CASE WHEN $3 = ${UserLevel.Standard}
                  THEN EXISTS (SELECT 1 FROM user_companies uc WHERE uc.user_id = users.id) ELSE false END
          WHERE tenant_id = $1 AND id = ANY($2::int[])`,
        [tenantId, unique, level, g.rows[0]?.id ?? null],
      );
      return unique.length;
    });
  }
}
