import {
  TileDefinition,
  TilePosition,
  type Dashboard,
  type DashboardLayout,
  type DashboardLayoutInput,
} from '@vigil/contract';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Caller } from './access.ts';
import { fitPosition } from './presenter.ts';
import type { DashboardService } from './service.ts';
import { checkDefinition, insertTile } from './tiles-service.ts';

const StoredTiles = z.array(TileDefinition.extend({ position: TilePosition }));

interface LayoutRow {
  id: number;
  name: string;
  description: string;
  tiles: unknown;
  is_published: boolean;
  updated_at: Date | string;
}

const toLayout = (r: LayoutRow): DashboardLayout => ({
  id: r.id,
  name: r.name,
  description: r.description,
  isPublished: r.is_published,
  tiles: StoredTiles.parse(r.tiles ?? []),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const COLUMNS = 'id, name, description, tiles, is_published, updated_at';

/**
 * Dashboard layouts: named sets of tiles kept by platform admins (platform §7), which tenant
 * users start a dashboard from once published.
 */
export class LayoutService {
  constructor(private readonly database: Database) {}

  async list(publishedOnly: boolean): Promise<DashboardLayout[]> {
    const r = await this.database.query<LayoutRow>(
      `SELECT ${COLUMNS} FROM dashboard_layouts ${publishedOnly ? 'WHERE is_published' : ''} ORDER BY lower(name), id`,
    );
    return r.rows.map(toLayout);
  }

  async one(id: number, publishedOnly = false): Promise<DashboardLayout> {
    const r = await this.database.query<LayoutRow>(
      `SELECT ${COLUMNS} FROM dashboard_layouts WHERE id = $1 ${publishedOnly ? 'AND is_published' : ''}`,
      [id],
    );
    if (!r.rows[0]) throw notFound();
    return toLayout(r.rows[0]);
  }

  /** Creates a layout (no id) or replaces one; tiles are checked and fitted as on a dashboard. */
  async save(input: DashboardLayoutInput): Promise<DashboardLayout> {
    const tiles = input.tiles.map((t) => ({ ...checkDefinition(t), position: fitPosition(t.type, t.position) }));
    const values = [input.name, input.description, JSON.stringify(tiles)];
    const r = input.id
      ? await this.database.query<LayoutRow>(
          `UPDATE dashboard_layouts SET name = $2, description = $3, tiles = $4, updated_at = now() WHERE id = $1
           RETURNING ${COLUMNS}`,
          [input.id, ...values],
        )
      : await this.database.query<LayoutRow>(
          `INSERT INTO dashboard_layouts (name, description, tiles) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
          values,
        );
    if (!r.rows[0]) throw notFound();
    return toLayout(r.rows[0]);
  }

  async publish(id: number, published: boolean): Promise<DashboardLayout> {
    const r = await this.database.query<LayoutRow>(
      `UPDATE dashboard_layouts SET is_published = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, published],
    );
    if (!r.rows[0]) throw notFound();
    return toLayout(r.rows[0]);
  }

  async remove(id: number): Promise<void> {
    const r = await this.database.query('DELETE FROM dashboard_layouts WHERE id = $1 RETURNING id', [id]);
    if (!r.rows.length) throw notFound();
  }

  /** A new dashboard of the caller with a published layout's tiles. */
  async startDashboard(dashboards: DashboardService, c: Caller, layoutId: number, name: string): Promise<Dashboard> {
    const layout = await this.one(layoutId, true);
    const id = await this.database.transaction(async (q) => {
      const newId = await dashboards.insert(q, c, name, 0);
      for (const t of layout.tiles) await insertTile(q, c.tenantId, newId, t, t.position);
      return newId;
    });
    return dashboards.one(c, id);
  }
}
