// How tile types and date presets read in the layout editor and the layouts list.
import { DATE_PRESET_LABELS, type DatePreset, type TileType } from '@vigil/contract';

export const TILE_TYPE_LABELS: Record<TileType, string> = {
  Histogram: 'Histogram',
  PieChart: 'Pie chart',
  Count: 'Count',
  Bar: 'Bar',
  Column: 'Column',
  Insight: 'Insight',
  Alerts: 'Alert Radar',
};

export const PRESET_LABELS: Record<DatePreset, string> = { ...DATE_PRESET_LABELS, custom: 'Custom (saved days)' };
