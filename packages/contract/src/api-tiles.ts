import { z } from 'zod';
import { DayStatusValue, IsoDay } from './api-audit.ts';
import { InsightType } from './api-insights.ts';

/**
 * Tiles (platform §3 tile types; features §3.1, §4.1, §5.3, §9 Dashboards): what a tile shows,
 * its filters and date range, its colour thresholds, its place on the grid and the data it draws.
 * The dashboards that hold tiles are in `api-dashboards.ts`.
 */

export const TileType = z.enum(['Histogram', 'PieChart', 'Count', 'Bar', 'Column', 'Insight', 'Alerts']);
export type TileType = z.infer<typeof TileType>;

/** Minimum tile sizes, width × height in grid units (features §4.1). */
export const TILE_MIN_SIZE: Record<TileType, { w: number; h: number }> = {
  Histogram: { w: 3, h: 2 },
  PieChart: { w: 2, h: 2 },
  Count: { w: 1, h: 1 },
  Bar: { w: 2, h: 2 },
  Column: { w: 2, h: 2 },
  Insight: { w: 1, h: 1 },
  Alerts: { w: 3, h: 2 },
};

/** A new tile's size: a readable default, never below the type's minimum. */
export const DEFAULT_TILE_SIZE: Record<TileType, { w: number; h: number }> = {
  Histogram: { w: 6, h: 3 },
  PieChart: { w: 3, h: 3 },
  Count: { w: 2, h: 1 },
  Bar: { w: 4, h: 3 },
  Column: { w: 4, h: 3 },
  Insight: { w: 2, h: 1 },
  Alerts: { w: 4, h: 3 },
};

/** Default status order (features §9): Success, Warning, Failure, No Result, Pending. */
export const DEFAULT_STATUS_ORDER = [1, 2, 3, 4, 5] as const;
/** Pie labels shown by default: Failure and No Result. */
export const DEFAULT_PIE_LABEL_STATUSES = [3, 4] as const;

/** Date range presets (features §5.4); weeks start Monday. `custom` uses From and To. */
export const DatePreset = z.enum([
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'custom',
]);
export type DatePreset = z.infer<typeof DatePreset>;

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  custom: 'Custom',
};

export const DateRange = z
  .object({ Preset: DatePreset, From: IsoDay.optional(), To: IsoDay.optional() })
  .superRefine((v, ctx) => {
    if (v.Preset !== 'custom') return;
    if (!v.From) ctx.addIssue({ code: 'custom', path: ['From'], message: 'Date Filter From is required' });
    if (!v.To) ctx.addIssue({ code: 'custom', path: ['To'], message: 'Date Filter To is required' });
    if (v.From && v.To && v.To < v.From)
      ctx.addIssue({ code: 'custom', path: ['To'], message: 'Date Filter To must be later than Date Filter From' });
  });
export type DateRange = z.infer<typeof DateRange>;

/** A tile's filters (features §3.1: status, companies, vendors, tags, date range, days without success). */
export const TileFilters = z.object({
  /** Day statuses shown (empty = all of the default order). */
  Status: z.array(DayStatusValue).max(7).default([]),
  /** Pie: statuses whose slices carry a label (default Failure and No Result). */
  ShowLabelsForStatuses: z.array(DayStatusValue).max(7).optional(),
  Companies: z.array(z.number().int()).max(1000).default([]),
  IncludeNoCompany: z.boolean().optional(),
  Vendors: z.array(z.string().max(100)).max(100).default([]),
  Tags: z.array(z.string().max(100)).max(100).default([]),
  DateRange: DateRange.prefault({ Preset: 'last30days' }),
});
export type TileFilters = z.infer<typeof TileFilters>;

export const ColorName = z.enum(['default', 'red', 'yellow', 'green']);
/** One conditional-colour threshold (features §3.1, §5.3). Value is a numeric string. */
export const ColorMetric = z.object({ color: ColorName, value: z.string().max(12), isEnabled: z.boolean() });
export type ColorMetric = z.infer<typeof ColorMetric>;

export const DEFAULT_COLOR_METRICS: ColorMetric[] = [
  { color: 'red', value: '400', isEnabled: false },
  { color: 'yellow', value: '200', isEnabled: false },
  { color: 'green', value: '0', isEnabled: false },
];

export const ColorMetricMessages = {
  required: 'Value is required field',
  unique: 'Values should be unique',
  decreasing: 'Values should be in decreasing order',
} as const;

/**
 * Threshold validation (features §5.3): an enabled entry needs a value; enabled values are
 * unique; red > yellow > green among the enabled ones. Returns one message per entry (or null).
 */
export function validateColorMetrics(metrics: ColorMetric[]): (string | null)[] {
  const out: (string | null)[] = metrics.map(() => null);
  const order = { red: 0, yellow: 1, green: 2, default: 3 } as const;
  const enabled = metrics
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.isEnabled)
    .sort((a, b) => order[a.m.color] - order[b.m.color]);
  for (const { m, i } of enabled) {
    if (m.value.trim() === '' || !Number.isFinite(Number(m.value))) out[i] = ColorMetricMessages.required;
  }
  const seen = new Map<number, number>();
  for (const { m, i } of enabled) {
    if (out[i]) continue;
    const v = Number(m.value);
    if (seen.has(v)) {
      out[i] = ColorMetricMessages.unique;
      const j = seen.get(v)!;
      out[j] ??= ColorMetricMessages.unique;
    } else seen.set(v, i);
  }
  for (let k = 1; k < enabled.length; k++) {
    const prev = enabled[k - 1];
    const cur = enabled[k];
    if (out[cur.i] || out[prev.i]) continue;
    if (!(Number(prev.m.value) > Number(cur.m.value))) out[cur.i] = ColorMetricMessages.decreasing;
  }
  return out;
}

/**
 * The colour a Count takes (features §4.1): each enabled threshold starts a range up to the next
 * higher enabled one; the count takes the colour of the highest threshold not above it.
 */
export function colorForCount(count: number, metrics: ColorMetric[]): ColorMetric['color'] {
  const enabled = metrics
    .filter((m) => m.isEnabled && m.value.trim() !== '' && Number.isFinite(Number(m.value)))
    .sort((a, b) => Number(b.value) - Number(a.value));
  for (const m of enabled) if (count >= Number(m.value)) return m.color;
  return 'default';
}

export const TileUiSettings = z.object({
  colorMetrics: z.array(ColorMetric).length(3).optional(),
  /** 0 default, 1 subtle fill, 2 vibrant fill. */
  colorMetricsType: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  /** Statuses in the order they are drawn. */
  statusOrder: z.array(DayStatusValue).max(7).optional(),
});
export type TileUiSettings = z.infer<typeof TileUiSettings>;

const Title = z.string().trim().min(1, 'Title is required').max(100, 'Title must be at most 100 characters');

/** What defines a tile (without its place on the grid). */
export const TileDefinition = z.object({
  title: Title,
  type: TileType,
  filters: TileFilters.prefault({}),
  /** Only backups whose last success is at least this many days old (or never). */
  daysWithoutSuccess: z
    .number()
    .int()
    .min(0, 'Value must be greater than 0 and less than 3650')
    .max(3650, 'Value must be greater than 0 and less than 3650')
    .nullable()
    .default(null),
  /** Bar and Column: group by Status 0 or Company 1. */
  barChartGroupBy: z.union([z.literal(0), z.literal(1)]).default(0),
  /** Insight tiles: which suggestion type they count. */
  insightType: InsightType.nullable().default(null),
  uiSettings: TileUiSettings.default({}),
});
export type TileDefinition = z.infer<typeof TileDefinition>;

export const TilePosition = z.object({
  row: z.number().int().min(0).max(10000),
  col: z.number().int().min(0).max(11),
  sizeX: z.number().int().min(1).max(12),
  sizeY: z.number().int().min(1).max(20),
});
export type TilePosition = z.infer<typeof TilePosition>;

/** `POST /api/dashboard/{id}/tile`, `PUT /api/dashboard/{id}/tile/{tileId}`. Position optional on create (placed at the bottom). */
export const TileInput = TileDefinition.extend({ position: TilePosition.optional() });
export type TileInput = z.infer<typeof TileInput>;

/** `PUT /api/dashboard/{id}/tile/position`: every moved or resized tile. */
export const TilePositionsInput = z.object({
  positions: z
    .array(TilePosition.extend({ id: z.number().int().positive() }))
    .min(1)
    .max(200),
});
export type TilePositionsInput = z.infer<typeof TilePositionsInput>;

/** Histogram row (features §3.1): backups per day status on one day. */
export const HistogramRow = z.object({
  Date: z.string(),
  PassCount: z.number().int(),
  WarningCount: z.number().int(),
  FailCount: z.number().int(),
  NoEmailCount: z.number().int(),
  SuppressedNoResultCount: z.number().int(),
  PendingCount: z.number().int(),
});
export type HistogramRow = z.infer<typeof HistogramRow>;

/** Pie slice: one status, with its drilldown per company. */
export const PieItem = z.object({
  Title: z.string(),
  Value: z.number().int(),
  Status: DayStatusValue,
  Drilldown: z.array(z.object({ Title: z.string(), Value: z.number().int(), CompanyId: z.number().int().nullable() })),
});
export type PieItem = z.infer<typeof PieItem>;

/** Bar/Column entry: by status (one value) or by company (values per status). */
export const BarItem = z.object({
  Title: z.string(),
  /** Status when grouped by status; null when grouped by company. */
  Status: DayStatusValue.nullable(),
  CompanyId: z.number().int().nullable(),
  Value: z.number().int(),
  /** Grouped by company: counts per status (keys are status numbers). */
  ByStatus: z.record(z.string(), z.number().int()).optional(),
});
export type BarItem = z.infer<typeof BarItem>;

/**
 * Alert Radar tile: alert e-mails received in the tile's range by assessment of their latest
 * analysis (features §3.2: Negative 1, Neutral 2, Positive 3), the most frequent alert types among
 * the Negative ones and the newest Negative alerts. `Message` instead of data when the tenant has
 * no Alert Radar or the viewer may not see it.
 */
export const AlertTileData = z.object({
  kind: z.literal('Alerts'),
  Message: z.string().nullable(),
  Negative: z.number().int(),
  Neutral: z.number().int(),
  Positive: z.number().int(),
  TopTypes: z.array(z.object({ Type: z.string(), Count: z.number().int() })),
  Newest: z.array(
    z.object({
      Id: z.number().int(),
      Subject: z.string(),
      CompanyName: z.string().nullable(),
      /** ISO instant; shown in the tenant's time zone. */
      ReceivedAt: z.string(),
    }),
  ),
});
export type AlertTileData = z.infer<typeof AlertTileData>;

/** Why an Alert Radar tile shows no data. */
export const ALERT_TILE_MESSAGES = {
  flagOff: 'Alert Radar is not enabled for this tenant.',
  notAllowed: 'Alert Radar is not available to you.',
  shared: 'Alert e-mails are not shown on shared dashboards.',
} as const;
/** How many alert types and newest Negative alerts an Alert Radar tile lists. */
export const ALERT_TILE_LIMITS = { types: 3, newest: 5 } as const;

export const TileData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('Histogram'), rows: z.array(HistogramRow) }),
  z.object({ kind: z.literal('PieChart'), items: z.array(PieItem), total: z.number().int() }),
  z.object({ kind: z.literal('Count'), Count: z.number().int(), color: ColorName }),
  z.object({ kind: z.literal('Bar'), items: z.array(BarItem) }),
  z.object({ kind: z.literal('Column'), items: z.array(BarItem) }),
  z.object({ kind: z.literal('Insight'), Count: z.number().int(), insightType: InsightType }),
  AlertTileData,
]);
export type TileData = z.infer<typeof TileData>;

/** The range a tile's data covers, resolved in the tenant's time zone. */
export const ResolvedRange = z.object({ From: z.string(), To: z.string() });

export const Tile = TileDefinition.extend({
  id: z.number().int(),
  row: z.number().int(),
  col: z.number().int(),
  sizeX: z.number().int(),
  sizeY: z.number().int(),
  item: z.object({ type: TileType }),
});
export type Tile = z.infer<typeof Tile>;

/** A tile with its data (tile GET, refresh, generate, and the shared view). */
export const TileWithData = Tile.extend({ data: TileData, range: ResolvedRange, generatedAt: z.string() });
export type TileWithData = z.infer<typeof TileWithData>;

/** `POST /api/dashboard/tile/generate`: preview a tile's data before saving it. */
export const TileGenerateInput = TileDefinition;
export const TileGenerated = z.object({ data: TileData, range: ResolvedRange, generatedAt: z.string() });
export type TileGenerated = z.infer<typeof TileGenerated>;
