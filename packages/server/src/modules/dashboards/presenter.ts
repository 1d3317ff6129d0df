import {
  TILE_MIN_SIZE,
  TileFilters,
  TileUiSettings,
  type Dashboard,
  type Tile,
  type TileDefinition,
  type TilePosition,
  type TileType,
} from '@vigil/contract';

/** A dashboard_tiles row as the queries read it. */
export interface TileRow {
  id: number;
  dashboard_id: number;
  type: string;
  title: string;
  row: number;
  col: number;
  size_x: number;
  size_y: number;
  filters: unknown;
  days_without_success: number | null;
  bar_chart_group_by: number;
  insight_type: string | null;
  ui_settings: unknown;
}

export const TILE_COLUMNS = `id, dashboard_id, type, title, "row", col, size_x, size_y, filters, days_without_success,
  bar_chart_group_by, insight_type, ui_settings`;

type Layouts = Dashboard['layouts'];

/** What defines a tile, from its row; stored JSON is read through the contract's defaults. */
export function definitionOf(r: TileRow): TileDefinition {
  return {
    title: r.title,
    type: r.type as TileType,
    filters: TileFilters.parse(r.filters ?? {}),
    daysWithoutSuccess: r.days_without_success,
    barChartGroupBy: r.bar_chart_group_by === 1 ? 1 : 0,
    insightType: (r.insight_type as TileDefinition['insightType']) ?? null,
    uiSettings: TileUiSettings.parse(r.ui_settings ?? {}),
  };
}

export function toTile(r: TileRow): Tile {
  return {
    ...definitionOf(r),
    id: r.id,
    row: r.row,
    col: r.col,
    sizeX: r.size_x,
    sizeY: r.size_y,
    item: { type: r.type as TileType },
  };
}

/**
 * A tile's place kept inside the 12-column grid and above its type's minimum size; a Pie stays
 * square (features §4.1).
 */
export function fitPosition(type: TileType, pos: TilePosition): TilePosition {
  const min = TILE_MIN_SIZE[type];
  const sizeX = Math.min(12, Math.max(min.w, pos.sizeX));
  const sizeY = type === 'PieChart' ? sizeX : Math.max(min.h, pos.sizeY);
  return { row: pos.row, col: Math.min(pos.col, 12 - sizeX), sizeX, sizeY };
}

/** The saved per-breakpoint layouts, with xs rebuilt from the tiles (the tiles are the xs layout). */
export function layoutsWithTiles(stored: unknown, tiles: Tile[]): Layouts {
  const layouts = { ...((stored ?? {}) as Layouts) };
  layouts.xs = tiles.map((t) => ({ i: String(t.id), x: t.col, y: t.row, w: t.sizeX, h: t.sizeY }));
  return layouts;
}

/** Saved layouts with the entries of removed tiles dropped, or tile ids renamed (copies). */
export function remapLayouts(stored: unknown, map: (i: string) => string | null): Layouts {
  const out: Layouts = {};
  for (const [bp, items] of Object.entries((stored ?? {}) as Layouts)) {
    out[bp] = items.flatMap((it) => {
      const i = map(it.i);
      return i === null ? [] : [{ ...it, i }];
    });
  }
  return out;
}
