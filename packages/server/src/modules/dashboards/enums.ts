import {
  DATE_PRESET_LABELS,
  INSIGHT_TYPES,
  TILE_MIN_SIZE,
  type DashboardEnums,
  type DatePreset,
  type InsightType,
  type TileType,
} from '@vigil/contract';
import { STATUS_LABELS } from './tiles/filters.ts';

const TILE_LABELS: Record<TileType, string> = {
  Histogram: 'Histogram',
  PieChart: 'Pie chart',
  Count: 'Count',
  Bar: 'Bar chart',
  Column: 'Column chart',
  Insight: 'Insight',
  Alerts: 'Alert Radar',
};

/** The names behind the numbers of tiles and dashboard access (`GET /api/dashboard/enums`). */
export function dashboardEnums(): DashboardEnums {
  return {
    tileTypes: (Object.keys(TILE_LABELS) as TileType[]).map((value) => ({
      value,
      label: TILE_LABELS[value],
      minW: TILE_MIN_SIZE[value].w,
      minH: TILE_MIN_SIZE[value].h,
    })),
    accessTypes: [
      { value: 0, label: 'Public' },
      { value: 1, label: 'Private' },
    ],
    userAccessTypes: [
      { value: -1, label: 'No Access' },
      { value: 0, label: 'Viewer' },
      { value: 1, label: 'Editor' },
      { value: 2, label: 'Admin' },
    ],
    barChartGroupBy: [
      { value: 0, label: 'Status' },
      { value: 1, label: 'Company' },
    ],
    statuses: [1, 2, 3, 4, 5, 6].map((value) => ({ value, label: STATUS_LABELS[value] })),
    datePresets: (Object.keys(DATE_PRESET_LABELS) as DatePreset[]).map((value) => ({
      value,
      label: DATE_PRESET_LABELS[value],
    })),
    insightTypes: (Object.keys(INSIGHT_TYPES) as InsightType[]).map((value) => ({
      value,
      label: INSIGHT_TYPES[value].title,
    })),
  };
}
