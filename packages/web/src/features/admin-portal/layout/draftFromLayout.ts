// A saved layout as the editor's draft (a new layout starts empty).
import type { DashboardLayout } from '@vigil/contract';
import { nextKey, type LayoutDraft } from './draftTypes';

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
