// The editor's draft as the body the dashboard layout API takes.
import type { DashboardLayoutInput, TileDefinition, TilePosition } from '@vigil/contract';
import type { LayoutDraft, TileDraft } from './draftTypes';

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
