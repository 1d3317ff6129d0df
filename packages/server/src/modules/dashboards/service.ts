import type { z } from 'zod';
import type {
  Dashboard,
  DashboardCreate,
  DashboardPermissions,
  DashboardPermissionsInput,
  DashboardUpdate,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { userNameSql } from '../audit/common.ts';
import { Level, levelOf, reachDashboard, tenantMembers, type Caller, type DashboardRow } from './access.ts';
import { layoutsWithTiles, remapLayouts, TILE_COLUMNS, toTile, type TileRow } from './presenter.ts';

export const LAST_ADMIN = 'A private dashboard needs at least one Admin';

type Update = z.infer<typeof DashboardUpdate>;
type Create = z.infer<typeof DashboardCreate>;
type PermissionsInput = z.infer<typeof DashboardPermissionsInput>;

/** Dashboards of a tenant: the list, create, copy, change, delete, and who may do what. */
export class DashboardService {
  constructor(private readonly database: Database) {}

  /** The caller's dashboards with their tiles (no data), oldest first. */
  async list(c: Caller): Promise<Dashboard[]> {
    const db = this.database;
    const [dashboards, rows, members, tiles, shares] = await Promise.all([
      db.query<DashboardRow & { creator: string | null }>(
        `SELECT d.id, d.tenant_id, d.name, d.access_type, d.created_by, d.layouts, d.last_changed_layout, d.ui_settings,
                ${userNameSql('u')} AS creator
           FROM dashboards d LEFT JOIN users u ON u.id = d.created_by
          WHERE d.tenant_id = $1 ORDER BY d.id`,
        [c.tenantId],
      ),
      db.query<{ dashboard_id: number; user_id: number; access_type: number }>(
        'SELECT dashboard_id, user_id, access_type FROM dashboard_permissions WHERE tenant_id = $1',
        [c.tenantId],
      ),
      tenantMembers(db, c.tenantId),
      db.query<TileRow>(`SELECT ${TILE_COLUMNS} FROM dashboard_tiles WHERE tenant_id = $1 ORDER BY "row", col, id`, [
        c.tenantId,
      ]),
      db.query<{ dashboard_id: number; n: string }>(
        `SELECT dashboard_id, count(*) AS n FROM dashboard_shares
          WHERE tenant_id = $1 AND deactivated_at IS NULL GROUP BY dashboard_id`,
        [c.tenantId],
      ),
    ]);
    const rowOf = new Map(rows.rows.map((r) => [`${r.dashboard_id}:${r.user_id}`, r.access_type]));
    const links = new Map(shares.rows.map((s) => [s.dashboard_id, Number(s.n)]));
    const out: Dashboard[] = [];
    for (const d of dashboards.rows) {
      const userAccessType = levelOf(d, c, rowOf.get(`${d.id}:${c.userId}`));
      if (userAccessType < Level.Viewer) continue;
      const usersCount = members.filter((m) => levelOf(d, m, rowOf.get(`${d.id}:${m.userId}`)) >= Level.Viewer).length;
      const own = tiles.rows.filter((t) => t.dashboard_id === d.id).map(toTile);
      const linksCount = links.get(d.id) ?? 0;
      out.push({
        id: d.id,
        name: d.name,
        hasLink: linksCount > 0,
        linksCount,
        dashboardAccessType: d.access_type === 1 ? 1 : 0,
        userAccessType,
        usersCount,
        createdBy: d.creator,
        tiles: own,
        layouts: layoutsWithTiles(d.layouts, own),
        lastChangedLayout: d.last_changed_layout,
        uiSettings: (d.ui_settings ?? {}) as Dashboard['uiSettings'],
      });
    }
    return out;
  }

  async one(c: Caller, id: number): Promise<Dashboard> {
    const found = (await this.list(c)).find((d) => d.id === id);
    if (!found) throw notFound();
    return found;
  }

  async create(c: Caller, input: Create): Promise<Dashboard> {
    const id = await this.database.transaction((q) => this.insert(q, c, input.name, input.dashboardAccessType ?? 0));
    return this.one(c, id);
  }

  /** A new dashboard row, the caller its creator (and Admin by a row when it is private). */
  async insert(q: QueryFn, c: Caller, name: string, accessType: number, layouts: unknown = {}): Promise<number> {
    const r = await q<{ id: number }>(
      `INSERT INTO dashboards (tenant_id, name, access_type, created_by, layouts) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [c.tenantId, name, accessType, c.userId, JSON.stringify(layouts)],
    );
    const id = r.rows[0].id;
    if (accessType === 1) await grantAdmin(q, c.tenantId, id, [c.userId]);
    return id;
  }

  /** Copy: the tiles and the saved layouts (their tile ids renamed to the new tiles'). */
  async copy(c: Caller, sourceId: number, name: string): Promise<Dashboard> {
    const id = await this.database.transaction(async (q) => {
      const { dashboard } = await reachDashboard(q, c, sourceId);
      const newId = await this.insert(q, c, name, 0);
      const source = await q<{ id: number }>('SELECT id FROM dashboard_tiles WHERE dashboard_id = $1 ORDER BY id', [
        sourceId,
      ]);
      const renamed = new Map<string, string>();
      for (const t of source.rows) {
        const r = await q<{ id: number }>(
          `INSERT INTO dashboard_tiles (tenant_id, dashboard_id, type, title, "row", col, size_x, size_y, filters,
                                        days_without_success, bar_chart_group_by, insight_type, ui_settings)
           SELECT tenant_id, $2, type, title, "row", col, size_x, size_y, filters, days_without_success,
                  bar_chart_group_by, insight_type, ui_settings
             FROM dashboard_tiles WHERE id = $1
           RETURNING id`,
          [t.id, newId],
        );
        renamed.set(String(t.id), String(r.rows[0].id));
      }
      await q('UPDATE dashboards SET layouts = $2, ui_settings = $3 WHERE id = $1', [
        newId,
        JSON.stringify(remapLayouts(dashboard.layouts, (i) => renamed.get(i) ?? null)),
        JSON.stringify(dashboard.ui_settings ?? {}),
      ]);
      return newId;
    });
    return this.one(c, id);
  }

  async update(c: Caller, id: number, input: Update): Promise<Dashboard> {
    await this.database.transaction(async (q) => {
      const { level } = await reachDashboard(q, c, id, Level.Editor);
      if (input.dashboardAccessType !== undefined) {
        if (level < Level.Admin) throw forbidden();
        await this.setAccessIn(q, c, id, input.dashboardAccessType);
      }
      const sets: string[] = [];
      const params: unknown[] = [id];
      const set = (col: string, v: unknown) => {
        params.push(v);
        sets.push(`${col} = $${params.length}`);
      };
      if (input.name !== undefined) set('name', input.name);
      if (input.uiSettings !== undefined) set('ui_settings', JSON.stringify(input.uiSettings));
      if (input.layouts !== undefined) set('layouts', JSON.stringify(input.layouts));
      if (input.lastChangedLayout !== undefined) set('last_changed_layout', input.lastChangedLayout);
      if (sets.length) await q(`UPDATE dashboards SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    });
    return this.one(c, id);
  }

  /** Deletes a dashboard with its tiles and links (Admin only). */
  async remove(c: Caller, id: number): Promise<void> {
    await this.database.transaction(async (q) => {
      await reachDashboard(q, c, id, Level.Admin);
      await q('DELETE FROM dashboards WHERE id = $1 AND tenant_id = $2', [id, c.tenantId]);
    });
  }

  async setAccess(c: Caller, id: number, accessType: 0 | 1): Promise<DashboardPermissions> {
    await this.database.transaction(async (q) => {
      await reachDashboard(q, c, id, Level.Admin);
      await this.setAccessIn(q, c, id, accessType);
    });
    return this.permissions(c, id);
  }

  /** Turning private keeps the creator and the caller in as Admin (features §4.1). */
  private async setAccessIn(q: QueryFn, c: Caller, id: number, accessType: 0 | 1): Promise<void> {
    const r = await q<{ created_by: number | null; access_type: number }>(
      'UPDATE dashboards d SET access_type = $2, updated_at = now() FROM dashboards old WHERE d.id = $1 AND old.id = d.id RETURNING old.access_type, d.created_by',
      [id, accessType],
    );
    if (accessType === 1 && r.rows[0]?.access_type !== 1) {
      const creator = r.rows[0]?.created_by;
      await grantAdmin(q, c.tenantId, id, creator ? [c.userId, creator] : [c.userId]);
    }
  }

  /** Every tenant user, by e-mail, with their level on the dashboard (Admin only). */
  async permissions(c: Caller, id: number): Promise<DashboardPermissions> {
    const { dashboard } = await reachDashboard(this.database, c, id, Level.Admin);
    const [members, rows] = await Promise.all([
      tenantMembers(this.database, c.tenantId),
      this.database.query<{ user_id: number; access_type: number }>(
        'SELECT user_id, access_type FROM dashboard_permissions WHERE dashboard_id = $1',
        [id],
      ),
    ]);
    const rowOf = new Map(rows.rows.map((r) => [r.user_id, r.access_type]));
    return {
      dashboardAccessType: dashboard.access_type === 1 ? 1 : 0,
      userPermissions: members.map((m) => ({
        userId: m.userId,
        userEmail: m.email,
        userName: m.name,
        accessType: levelOf(dashboard, m, rowOf.get(m.userId)),
      })),
    };
  }

  /** Sets the level of some users; NoAccess removes their row. Users of other tenants are not there. */
  async setPermissions(c: Caller, id: number, input: PermissionsInput): Promise<DashboardPermissions> {
    await this.database.transaction(async (q) => {
      const { dashboard } = await reachDashboard(q, c, id, Level.Admin);
      const ids = [...new Set(input.userPermissions.map((p) => p.userId))];
      const known = await q<{ id: number }>('SELECT id FROM users WHERE tenant_id = $1 AND id = ANY($2::int[])', [
        c.tenantId,
        ids,
      ]);
      if (known.rows.length !== ids.length) throw notFound();
      for (const p of input.userPermissions) {
        if (p.accessType === Level.NoAccess)
          await q('DELETE FROM dashboard_permissions WHERE dashboard_id = $1 AND user_id = $2', [id, p.userId]);
        else
          await q(
            `INSERT INTO dashboard_permissions (dashboard_id, user_id, tenant_id, access_type) VALUES ($1, $2, $3, $4)
             ON CONFLICT (dashboard_id, user_id) DO UPDATE SET access_type = EXCLUDED.access_type`,
            [id, p.userId, c.tenantId, p.accessType],
          );
      }
      if (dashboard.access_type === 1) {
        const admins = await q('SELECT 1 FROM dashboard_permissions WHERE dashboard_id = $1 AND access_type = 2', [id]);
        // Rolled back with everything else: a private dashboard nobody can manage is lost.
        if (!admins.rows.length) throw badRequest(LAST_ADMIN, 'userPermissions');
      }
    });
    return this.permissions(c, id);
  }
}

export async function grantAdmin(q: QueryFn, tenantId: number, dashboardId: number, userIds: number[]): Promise<void> {
  await q(
    `INSERT INTO dashboard_permissions (dashboard_id, user_id, tenant_id, access_type)
     SELECT $1, u, $2, 2 FROM unnest($3::int[]) u
     ON CONFLICT (dashboard_id, user_id) DO UPDATE SET access_type = 2`,
    [dashboardId, tenantId, [...new Set(userIds)]],
  );
}
