// New tiles and type changes in the layout editor, keeping each tile at least its type's size.
import { DEFAULT_TILE_SIZE, TILE_MIN_SIZE, type TileType } from '@vigil/contract';
import { COLS, nextKey, type TileDraft } from './draftTypes';

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
