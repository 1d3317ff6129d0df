/**
 * Tiles on the grid (features §4.1, §9 Dashboards): a tile's stored position is its place on
 * the 12-column (xs) grid; the 2-column (xxs) grid stacks the tiles in reading order. Pure, so
 * the mapping, the "what moved" diff and the optimistic update are unit-tested.
 */
import { DASHBOARD_GRID, TILE_MIN_SIZE, type Tile, type TileType } from '@vigil/contract';

export type Breakpoint = keyof typeof DASHBOARD_GRID.cols;

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
}

export interface PositionChange {
  id: number;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

type Placed = Pick<Tile, 'id' | 'row' | 'col' | 'sizeX' | 'sizeY'> & { item: { type: TileType } };

const XS_COLS = DASHBOARD_GRID.cols.xs;
const XXS_COLS = DASHBOARD_GRID.cols.xxs;

/** Pie tiles stay square in grid units: the height follows the width. */
export function squareIfPie(type: TileType, w: number, h: number): { w: number; h: number } {
  return type === 'PieChart' ? { w, h: w } : { w, h };
}

/** A size no smaller than the type's minimum and no wider than the grid. */
export function clampSize(type: TileType, w: number, h: number, cols: number = XS_COLS): { w: number; h: number } {
  const min = TILE_MIN_SIZE[type];
  const width = Math.min(cols, Math.max(min.w, Math.round(w) || min.w));
  const height = Math.max(min.h, Math.round(h) || min.h);
  return squareIfPie(type, width, height);
}

/** Reading order: top to bottom, then left to right, then by id so ties are stable. */
export function readingOrder<T extends Placed>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) => a.row - b.row || a.col - b.col || a.id - b.id);
}

/** The 12-column layout: the tiles' own positions. */
export function xsLayout(tiles: readonly Placed[]): GridItem[] {
  return tiles.map((t) => {
    const min = TILE_MIN_SIZE[t.item.type];
    const { w, h } = clampSize(t.item.type, t.sizeX, t.sizeY);
    const x = Math.min(Math.max(0, t.col), XS_COLS - w);
    return { i: String(t.id), x, y: Math.max(0, t.row), w, h, minW: min.w, minH: min.h };
  });
}

/** Height of a tile stacked on a phone: small numbers stay one row, charts get room to read. */
export function stackedHeight(type: TileType): number {
  return type === 'Count' || type === 'Insight' ? 1 : 3;
}

/** The 2-column layout: every tile full width, one under the other, in reading order. */
export function xxsLayout(tiles: readonly Placed[]): GridItem[] {
  let y = 0;
  return readingOrder(tiles).map((t) => {
    const h = stackedHeight(t.item.type);
    const item = { i: String(t.id), x: 0, y, w: XXS_COLS, h };
    y += h;
    return item;
  });
}

export function layoutsFor(tiles: readonly Placed[]): Record<Breakpoint, GridItem[]> {
  return { xs: xsLayout(tiles), xxs: xxsLayout(tiles) };
}

/**
 * The positions that differ between the tiles and a 12-column layout after a drag or resize
 * (pie sizes squared, sizes clamped to the minimums). Unknown items are ignored.
 */
export function changedPositions(
  tiles: readonly Placed[],
  layout: readonly Pick<GridItem, 'i' | 'x' | 'y' | 'w' | 'h'>[],
): PositionChange[] {
  const byId = new Map(tiles.map((t) => [String(t.id), t]));
  const out: PositionChange[] = [];
  for (const item of layout) {
    const tile = byId.get(item.i);
    if (!tile) continue;
    const { w, h } = clampSize(tile.item.type, item.w, item.h);
    const next = {
      id: tile.id,
      row: Math.max(0, item.y),
      col: Math.max(0, Math.min(item.x, XS_COLS - w)),
      sizeX: w,
      sizeY: h,
    };
    if (next.row !== tile.row || next.col !== tile.col || next.sizeX !== tile.sizeX || next.sizeY !== tile.sizeY)
      out.push(next);
  }
  return out;
}

/** The tiles with the given positions applied (the optimistic cache update); others unchanged. */
export function applyPositions<T extends Placed>(tiles: readonly T[], changes: readonly PositionChange[]): T[] {
  const byId = new Map(changes.map((c) => [c.id, c]));
  return tiles.map((t) => {
    const c = byId.get(t.id);
    return c ? { ...t, row: c.row, col: c.col, sizeX: c.sizeX, sizeY: c.sizeY } : t;
  });
}

/** Where a new tile goes: the left edge, under everything else. */
export function bottomRow(tiles: readonly Placed[]): number {
  return tiles.reduce((max, t) => Math.max(max, t.row + t.sizeY), 0);
}
