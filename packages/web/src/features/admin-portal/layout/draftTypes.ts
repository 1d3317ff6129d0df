// The layout editor's draft of a dashboard layout and its tiles, and the keys that tell tiles apart.
import {
  DASHBOARD_GRID,
  type DashboardLayout,
  type DatePreset,
  type InsightType,
  type TileType,
} from '@vigil/contract';

export type LayoutTile = DashboardLayout['tiles'][number];

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

export const COLS = DASHBOARD_GRID.cols.xs;

let seq = 0;
export const nextKey = () => `t${Date.now().toString(36)}${(seq++).toString(36)}`;
