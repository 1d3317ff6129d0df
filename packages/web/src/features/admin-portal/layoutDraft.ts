import {
  DEFAULT_TILE_SIZE,
  DASHBOARD_GRID,
  DashboardLayoutInput,
  TILE_MIN_SIZE,
  type DashboardLayout,
  type DatePreset,
  type InsightType,
  type TileDefinition,
  type TilePosition,
  type TileType,
} from '@vigil/contract';

type LayoutTile = DashboardLayout['tiles'][number];

/** A tile as the layout editor holds it: the fields it edits, on top of the tile it came from. */
export interface TileDraft {
  key: string;
  title: string;
  type: TileType;
  preset: DatePreset;
  insightType: InsightType | null;
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
  /** The saved tile (filters, colours…) the editor does not show; kept as it was. */
  base?: LayoutTile;
}

export interface LayoutDraft {
  id?: number;
  name: string;
  description: string;
  tiles: TileDraft[];
}

const COLS = DASHBOARD_GRID.cols.xs;

let seq = 0;
const nextKey = () => `t${Date.now().toString(36)}${(seq++).toString(36)}`;

export function draftFromLayout(layout: DashboardLayout | null): LayoutDraft {
  if (!layout) return { name: '', description: '', tiles: [] };
  return {
    id: layout.id,
    name: layout.name,
    description: layout.description,
    tiles: layout.tiles.map((t) => ({
      key: nextKey(),
      title: t.title,
      type: t.type,
      preset: t.filters.DateRange.Preset,
      insightType: t.insightType,
      row: t.position.row,
      col: t.position.col,
      sizeX: t.position.sizeX,
      sizeY: t.position.sizeY,
      base: t,
    })),
  };
}

/** A new tile below every other one, at the left edge. */
export function newTile(tiles: readonly TileDraft[], type: TileType = 'Count'): TileDraft {
  const row = tiles.reduce((m, t) => Math.max(m, t.row + t.sizeY), 0);
  const size = DEFAULT_TILE_SIZE[type];
  return {
    key: nextKey(),
    title: '',
    type,
    preset: 'last30days',
    insightType: type === 'Insight' ? 'BackupMissingSchedule' : null,
    row,
    col: 0,
    sizeX: size.w,
    sizeY: size.h,
  };
}

/** Changing a tile's type grows it to the new type's minimum and sets or clears its insight type. */
export function withType(tile: TileDraft, type: TileType): TileDraft {
  const min = TILE_MIN_SIZE[type];
  const sizeX = Math.min(COLS, Math.max(tile.sizeX, min.w));
  return {
    ...tile,
    type,
    sizeX,
    col: Math.min(tile.col, COLS - sizeX),
    sizeY: Math.max(tile.sizeY, min.h),
    insightType: type === 'Insight' ? (tile.insightType ?? 'BackupMissingSchedule') : null,
  };
}

function tileDefinition(t: TileDraft): TileDefinition & { position: TilePosition } {
  const base = t.base;
  const filters = base?.filters ?? {
    Status: [],
    Companies: [],
    Vendors: [],
    Tags: [],
    DateRange: { Preset: t.preset },
  };
  // A custom range keeps its saved days; another preset drops them.
  const DateRange =
    t.preset === 'custom' && base?.filters.DateRange.Preset === 'custom'
      ? base.filters.DateRange
      : { Preset: t.preset };
  return {
    title: t.title,
    type: t.type,
    filters: { ...filters, DateRange },
    daysWithoutSuccess: base?.daysWithoutSuccess ?? null,
    barChartGroupBy: base?.barChartGroupBy ?? 0,
    insightType: t.type === 'Insight' ? t.insightType : null,
    uiSettings: base?.uiSettings ?? {},
    position: { row: t.row, col: t.col, sizeX: t.sizeX, sizeY: t.sizeY },
  };
}

/** The body of `POST`/`PUT /api/dashboard/layout`. */
export function layoutInput(d: LayoutDraft): DashboardLayoutInput {
  return {
    ...(d.id ? { id: d.id } : {}),
    name: d.name,
    description: d.description,
    tiles: d.tiles.map(tileDefinition),
  };
}

/**
 * Messages by field path ("name", "tiles.2.title", "tiles.0.sizeX"): the contract's rules, then
 * what the grid needs (a tile fits in the 12 columns and is at least its type's minimum size).
 */
export function validateLayout(d: LayoutDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  d.tiles.forEach((t, i) => {
    const at = (f: string) => `tiles.${i}.${f}`;
    const min = TILE_MIN_SIZE[t.type];
    for (const f of ['row', 'col', 'sizeX', 'sizeY'] as const) {
      if (!Number.isInteger(t[f]) || t[f] < 0) errors[at(f)] = 'Enter a whole number';
    }
    if (!(t.sizeX >= min.w)) errors[at('sizeX')] ??= `At least ${min.w} wide for ${t.type}`;
    if (!(t.sizeY >= min.h)) errors[at('sizeY')] ??= `At least ${min.h} high for ${t.type}`;
    if (t.col + t.sizeX > COLS) errors[at('sizeX')] ??= `Column plus width must be at most ${COLS}`;
    if (t.type === 'Insight' && !t.insightType) errors[at('insightType')] ??= 'Insight type is required';
  });
  const parsed = DashboardLayoutInput.safeParse(layoutInput(d));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Position fields are edited as tile fields.
      const path = issue.path.join('.').replace(/^tiles\.(\d+)\.position\./, 'tiles.$1.');
      errors[path] ??= issue.message;
    }
  }
  return errors;
}

/** The server's field errors (platform §8 `Errors` keyed like "tiles[0].title") in the editor's paths. */
export function editorPath(serverKey: string): string {
  return serverKey
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^tiles\.(\d+)\.position\./, 'tiles.$1.')
    .replace(/^\./, '');
}
