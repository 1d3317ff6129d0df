import {
  DEFAULT_TILE_SIZE,
  validateColorMetrics,
  type Tile,
  type TileDefinition,
  type TileInput,
  type TilePositionsInput,
  type TileWithData,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { Level, reachDashboard, type Caller } from './access.ts';
import { fitPosition, remapLayouts, TILE_COLUMNS, toTile, type TileRow } from './presenter.ts';
import { INSIGHT_TYPE_REQUIRED, tileData, type DataScope } from './tile-data.ts';
import { resolveRange } from './tiles/range.ts';

/**
 * Checks what a tile is saved or previewed with (features §5.3): colour thresholds, an insight
 * type for Insight tiles, a range of at most a year. All problems come back at once, each on
 * its field, in the error body of platform §8.
 */
export function checkDefinition(def: TileDefinition): TileDefinition {
  const errors: { Field: string; Message: string }[] = [];
  const metrics = def.uiSettings.colorMetrics;
  if (metrics)
    validateColorMetrics(metrics).forEach((m, i) => {
      if (m) errors.push({ Field: `uiSettings.colorMetrics.${i}.value`, Message: m });
    });
  if (def.type === 'Insight' && !def.insightType) errors.push({ Field: 'insightType', Message: INSIGHT_TYPE_REQUIRED });
  try {
    resolveRange(def.filters.DateRange, '2000-01-01');
  } catch (err) {
    if (err instanceof HttpError) errors.push(...(err.errors ?? []));
    else throw err;
  }
  if (errors.length) throw new HttpError(400, errors[0].Message, errors);
  return { ...def, insightType: def.type === 'Insight' ? def.insightType : null };
}

/** Tiles of a dashboard: reading them with data, and every change (Editor or Admin). */
export class TileService {
  constructor(private readonly database: Database) {}

  async withData(scope: DataScope, tile: Tile): Promise<TileWithData> {
    return { ...tile, ...(await tileData(scope, tile)) };
  }

  /** Every tile of a dashboard the caller may see, with its data. */
  async listWithData(scope: DataScope, c: Caller, dashboardId: number): Promise<TileWithData[]> {
    await reachDashboard(this.database, c, dashboardId);
    return this.dataOf(scope, await this.tiles(this.database, dashboardId));
  }

  /**
   * Tiles with their data; the queries run side by side (a pool spreads them on PostgreSQL), and
   * tiles asking the same question (a Pie and a Bar of the same day and filters) share one query.
   */
  async dataOf(scope: DataScope, tiles: Tile[]): Promise<TileWithData[]> {
    const shared = { ...scope, memo: new Map<string, Promise<unknown>>() };
    return Promise.all(tiles.map((t) => this.withData(shared, t)));
  }

  async tiles(q: QueryFn | Database, dashboardId: number): Promise<Tile[]> {
    const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
    const r = await run<TileRow>(
      `SELECT ${TILE_COLUMNS} FROM dashboard_tiles WHERE dashboard_id = $1 ORDER BY "row", col, id`,
      [dashboardId],
    );
    return r.rows.map(toTile);
  }

  async one(c: Caller, dashboardId: number, tileId: number, q: QueryFn | Database = this.database): Promise<Tile> {
    const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
    await reachDashboard(run, c, dashboardId);
    const r = await run<TileRow>(
      `SELECT ${TILE_COLUMNS} FROM dashboard_tiles WHERE id = $1 AND dashboard_id = $2 AND tenant_id = $3`,
      [tileId, dashboardId, c.tenantId],
    );
    if (!r.rows[0]) throw notFound();
    return toTile(r.rows[0]);
  }

  async create(c: Caller, dashboardId: number, input: TileInput): Promise<Tile> {
    const def = checkDefinition(input);
    return this.database.transaction(async (q) => {
      await reachDashboard(q, c, dashboardId, Level.Editor);
      const id = await insertTile(q, c.tenantId, dashboardId, def, input.position);
      return this.one(c, dashboardId, id, q);
    });
  }

  async update(c: Caller, dashboardId: number, tileId: number, input: TileInput): Promise<Tile> {
    const def = checkDefinition(input);
    return this.database.transaction(async (q) => {
      await reachDashboard(q, c, dashboardId, Level.Editor);
      const current = await this.one(c, dashboardId, tileId, q);
      const pos = fitPosition(def.type, input.position ?? current);
      await q(
        `UPDATE dashboard_tiles SET type = $2, title = $3, "row" = $4, col = $5, size_x = $6, size_y = $7, filters = $8,
                days_without_success = $9, bar_chart_group_by = $10, insight_type = $11, ui_settings = $12,
                updated_at = now()
          WHERE id = $1`,
        [tileId, ...tileValues(def, pos)],
      );
      return this.one(c, dashboardId, tileId, q);
    });
  }

  async remove(c: Caller, dashboardId: number, tileId: number): Promise<void> {
    await this.database.transaction(async (q) => {
      const { dashboard } = await reachDashboard(q, c, dashboardId, Level.Editor);
      const r = await q('DELETE FROM dashboard_tiles WHERE id = $1 AND dashboard_id = $2 RETURNING id', [
        tileId,
        dashboardId,
      ]);
      if (!r.rows.length) throw notFound();
      const gone = String(tileId);
      await q('UPDATE dashboards SET layouts = $2, updated_at = now() WHERE id = $1', [
        dashboardId,
        JSON.stringify(remapLayouts(dashboard.layouts, (i) => (i === gone ? null : i))),
      ]);
    });
  }

  /** Moves and resizes tiles; every id must be a tile of this dashboard, or nothing changes. */
  async positions(c: Caller, dashboardId: number, input: TilePositionsInput): Promise<Tile[]> {
    return this.database.transaction(async (q) => {
      await reachDashboard(q, c, dashboardId, Level.Editor);
      const tiles = new Map((await this.tiles(q, dashboardId)).map((t) => [t.id, t]));
      for (const p of input.positions) if (!tiles.has(p.id)) throw notFound();
      for (const p of input.positions) {
        const pos = fitPosition(tiles.get(p.id)!.type, p);
        await q(
          'UPDATE dashboard_tiles SET "row" = $2, col = $3, size_x = $4, size_y = $5, updated_at = now() WHERE id = $1',
          [p.id, pos.row, pos.col, pos.sizeX, pos.sizeY],
        );
      }
      return this.tiles(q, dashboardId);
    });
  }
}

function tileValues(def: TileDefinition, pos: { row: number; col: number; sizeX: number; sizeY: number }): unknown[] {
  return [
    def.type,
    def.title,
    pos.row,
    pos.col,
    pos.sizeX,
    pos.sizeY,
    JSON.stringify(def.filters),
    def.daysWithoutSuccess,
    def.barChartGroupBy,
    def.insightType,
    JSON.stringify(def.uiSettings),
  ];
}

/** Inserts one tile; without a position it goes below every tile, at its type's default size. */
export async function insertTile(
  q: QueryFn,
  tenantId: number,
  dashboardId: number,
  def: TileDefinition,
  position?: { row: number; col: number; sizeX: number; sizeY: number },
): Promise<number> {
  let pos = position;
  if (!pos) {
    const bottom = await q<{ y: number | null }>(
      'SELECT max("row" + size_y) AS y FROM dashboard_tiles WHERE dashboard_id = $1',
      [dashboardId],
    );
    const size = DEFAULT_TILE_SIZE[def.type];
    pos = { row: Number(bottom.rows[0]?.y ?? 0), col: 0, sizeX: size.w, sizeY: size.h };
  }
  const r = await q<{ id: number }>(
    `INSERT INTO dashboard_tiles (tenant_id, dashboard_id, type, title, "row", col, size_x, size_y, filters,
                                  days_without_success, bar_chart_group_by, insight_type, ui_settings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [tenantId, dashboardId, ...tileValues(def, fitPosition(def.type, pos))],
  );
  return r.rows[0].id;
}
