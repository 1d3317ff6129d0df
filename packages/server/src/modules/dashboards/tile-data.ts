import { TileFilters, type TileDefinition, type TileGenerated } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { alertsData } from './tiles/alerts.ts';
import { barData } from './tiles/bar.ts';
import { countData } from './tiles/count.ts';
import { histogramData } from './tiles/histogram.ts';
import { insightData } from './tiles/insight.ts';
import { pieData } from './tiles/pie.ts';
import { resolveRange } from './tiles/range.ts';
import type { TileQuery } from './tiles/filters.ts';

/** Whose data a tile shows: the tenant, the companies the viewer may see, and the tenant's today. */
export interface DataScope {
  database: Database;
  tenantId: number;
  visible: number[] | null;
  today: string;
  /** The tenant's time zone (Alert Radar tiles; UTC when absent). */
  timeZone?: string;
  /** Whether the viewer may see Alert Radar; absent on a shared link. */
  alertRadar?: boolean;
  /** Shared by the tiles of one dashboard load (see runTileQuery). */
  memo?: Map<string, Promise<unknown>>;
}

export const INSIGHT_TYPE_REQUIRED = 'Insight type is required';

/** A tile's data from the daily rollup (never raw results), one query per tile. */
export async function tileData(scope: DataScope, def: TileDefinition): Promise<TileGenerated> {
  const filters = TileFilters.parse(def.filters ?? {});
  const range = resolveRange(filters.DateRange, scope.today);
  const q: TileQuery = {
    database: scope.database,
    tenantId: scope.tenantId,
    visible: scope.visible,
    range,
    filters,
    daysWithoutSuccess: def.daysWithoutSuccess ?? null,
    uiSettings: def.uiSettings ?? {},
    memo: scope.memo,
  };
  const generatedAt = new Date().toISOString();
  switch (def.type) {
    case 'Histogram':
      return { data: { kind: 'Histogram', rows: await histogramData(q) }, range, generatedAt };
    case 'PieChart':
      return { data: { kind: 'PieChart', ...(await pieData(q)) }, range, generatedAt };
    case 'Count':
      return { data: { kind: 'Count', ...(await countData(q)) }, range, generatedAt };
    case 'Bar':
    case 'Column':
      return { data: { kind: def.type, items: await barData(q, def.barChartGroupBy ?? 0) }, range, generatedAt };
    case 'Insight': {
      if (!def.insightType) throw badRequest(INSIGHT_TYPE_REQUIRED, 'insightType');
      const { Count } = await insightData(q, def.insightType);
      return { data: { kind: 'Insight', Count, insightType: def.insightType }, range, generatedAt };
    }
    case 'Alerts': {
      const viewer = { timeZone: scope.timeZone ?? 'UTC', mayView: scope.alertRadar };
      return { data: await alertsData(q, viewer), range, generatedAt };
    }
  }
}
