import { createHash, randomBytes } from 'node:crypto';
import { UserLevel, type DashboardShareLink } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { restrictedCompanyIds, userNameSql } from '../audit/common.ts';
import { Level, reachDashboard, type Caller, type DashboardRow } from './access.ts';
import { isoOrNull } from '../../platform/dates.ts';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What an open share link reaches: one dashboard, and whose eyes its data is seen through. */
export interface SharedTarget {
  dashboard: DashboardRow;
  tenantName: string;
  timeZone: string;
  customLogo: string | null;
  /** The dashboard's creator, else the link's: the shared view shows what they may see. */
  viewerId: number | null;
}

/**
 * Share links (features §4.1): the URL carries a random 32-byte token; only its SHA-256 is
 * kept, so the token is shown once, when the link is made. A deactivated link opens nothing.
 */
export class ShareService {
  constructor(
    private readonly database: Database,
    private readonly publicUrl: string,
  ) {}

  async list(c: Caller, dashboardId: number): Promise<{ linksCount: number; links: DashboardShareLink[] }> {
    await reachDashboard(this.database, c, dashboardId, Level.Admin);
    const r = await this.database.query<{ id: number; created_at: Date; created_by: string | null }>(
      `SELECT s.id, s.created_at, ${userNameSql('u')} AS created_by
         FROM dashboard_shares s LEFT JOIN users u ON u.id = s.created_by
        WHERE s.dashboard_id = $1 AND s.deactivated_at IS NULL ORDER BY s.id`,
      [dashboardId],
    );
    const links = r.rows.map((l) => ({ id: l.id, createdAt: isoOrNull(l.created_at)!, createdBy: l.created_by }));
    return { linksCount: links.length, links };
  }

  async create(c: Caller, dashboardId: number): Promise<DashboardShareLink> {
    await reachDashboard(this.database, c, dashboardId, Level.Admin);
    const token = randomBytes(32).toString('base64url');
    const r = await this.database.query<{ id: number; created_at: Date; created_by: string | null }>(
      `WITH s AS (INSERT INTO dashboard_shares (tenant_id, dashboard_id, token_hash, created_by) VALUES ($1, $2, $3, $4)
                  RETURNING id, created_at, created_by)
       SELECT s.id, s.created_at, ${userNameSql('u')} AS created_by FROM s LEFT JOIN users u ON u.id = s.created_by`,
      [c.tenantId, dashboardId, hashOf(token), c.userId],
    );
    const link = r.rows[0];
    return {
      id: link.id,
      token,
      url: `${this.publicUrl}/dashboard-share?token=${token}`,
      createdAt: isoOrNull(link.created_at)!,
      createdBy: link.created_by,
    };
  }

  /** Deactivates one link, or all of the dashboard's; answers what is left. */
  async deactivate(c: Caller, dashboardId: number, linkId?: number) {
    await reachDashboard(this.database, c, dashboardId, Level.Admin);
    const r = await this.database.query(
      `UPDATE dashboard_shares SET deactivated_at = now()
        WHERE dashboard_id = $1 AND deactivated_at IS NULL AND ($2::int IS NULL OR id = $2) RETURNING id`,
      [dashboardId, linkId ?? null],
    );
    if (linkId !== undefined && !r.rows.length) throw notFound();
    return this.list(c, dashboardId);
  }

  /** The dashboard an active token opens; an unknown or deactivated token is 404. */
  async open(token: string): Promise<SharedTarget> {
    const r = await this.database.query<
      DashboardRow & { tenant_name: string; time_zone_id: string; custom_logo: string | null; viewer_id: number | null }
    >(
      `SELECT d.id, d.tenant_id, d.name, d.access_type, d.created_by, d.layouts, d.last_changed_layout, d.ui_settings,
              t.name AS tenant_name, t.time_zone_id, t.custom_logo, COALESCE(d.created_by, s.created_by) AS viewer_id
         FROM dashboard_shares s
         JOIN dashboards d ON d.id = s.dashboard_id AND d.tenant_id = s.tenant_id
         JOIN tenants t ON t.id = d.tenant_id AND t.is_enabled
        WHERE s.token_hash = $1 AND s.deactivated_at IS NULL`,
      [hashOf(token)],
    );
    const row = r.rows[0];
    if (!row) throw notFound();
    return {
      dashboard: row,
      tenantName: row.tenant_name,
      timeZone: row.time_zone_id || 'UTC',
      customLogo: row.custom_logo,
      viewerId: row.viewer_id,
    };
  }
}

/**
 * The companies a user may see, as visibleCompanies decides for a request: all (null) unless
 * the user is a client or company-restricted. A user that is gone sees nothing.
 */
export async function companiesVisibleTo(
  database: Database,
  tenantId: number,
  userId: number | null,
): Promise<number[] | null> {
  if (userId === null) return [];
  const u = await database.query<{ level: number; is_company_restricted: boolean }>(
    'SELECT level, is_company_restricted FROM users WHERE id = $1 AND tenant_id = $2',
    [userId, tenantId],
  );
  const user = u.rows[0];
  if (!user) return [];
  if (user.level !== UserLevel.Client && !user.is_company_restricted) return null;
  return restrictedCompanyIds(database, userId, tenantId);
}
