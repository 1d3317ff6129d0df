/**
 * Where On Demand keeps its filters (features §3.5: report filters live in session storage)
 * and how a report window learns what to generate: the filters are stored under a storage key
 * in localStorage (a popup is a separate page), and the window route
 * `generate/{reportType}/{storageKey}` names that key. The key is also the run id of the job.
 */
import { REPORT_TYPES, ReportFilters, ReportType, type ReportTypeInfo } from '@vigil/contract';
import { newStorageKey } from '../../lib/auditWindows';
import { addDays, dayProblem, presetRange, type DatePreset, type DayRange, type IsoDay } from '../../lib/days';
import { readJson, writeJson, type KeyValueStorage } from '../../lib/storage';

export const FILTERS_KEY = 'vigil.reporting.filters';
export const RUN_KEY_PREFIX = 'vigil.report.';
/** Stored runs older than this are dropped when a new report is generated. */
export const RUN_DATA_TTL_MS = 24 * 60 * 60 * 1000;

export interface ReportRun {
  type: ReportType;
  filters: ReportFilters;
  createdAt: number;
}

export const DEFAULT_FILTERS: ReportFilters = ReportFilters.parse({});

type FilterName = ReportTypeInfo['filters'][number];

/** The filters a report type uses; the others go back to their defaults so they cannot leak in. */
export function filtersFor(type: ReportType, filters: ReportFilters): ReportFilters {
  const uses = new Set<FilterName>(REPORT_TYPES[type].filters);
  return {
    DateRange: uses.has('dateRange') ? filters.DateRange : DEFAULT_FILTERS.DateRange,
    Companies: uses.has('companies') ? filters.Companies : [],
    ...(uses.has('companies') && filters.Companies.length > 0 && filters.IncludeNoCompany
      ? { IncludeNoCompany: true }
      : {}),
    Statuses: uses.has('statuses') ? filters.Statuses : [],
    Vendors: uses.has('vendors') ? filters.Vendors : [],
    Tags: uses.has('tags') ? filters.Tags : [],
  };
}

/**
 * The days a preset covers as the report engine resolves it: "Last 7 days" and "Last 30 days"
 * are the whole days before today (last night's results read in the morning); the other
 * presets are the usual ones, up to today.
 */
export function reportPresetRange(preset: DatePreset, today: IsoDay): DayRange {
  if (preset === 'last7days') return { from: addDays(today, -7), to: addDays(today, -1) };
  if (preset === 'last30days') return { from: addDays(today, -30), to: addDays(today, -1) };
  return presetRange(preset, today);
}

/** Filters read back from storage: anything malformed falls back to the defaults. */
export function parseFilters(raw: unknown): ReportFilters {
  const parsed = ReportFilters.safeParse(raw ?? {});
  return parsed.success ? parsed.data : DEFAULT_FILTERS;
}

/** The On Demand screen's filters, shared by all report types of this tab's session. */
export function readScreenFilters(storage: KeyValueStorage | null): ReportFilters {
  return parseFilters(readJson<unknown>(storage, FILTERS_KEY, null));
}

export function writeScreenFilters(storage: KeyValueStorage | null, filters: ReportFilters): void {
  writeJson(storage, FILTERS_KEY, filters);
}

/**
 * Why the filters cannot be used, or null (features §5.4): a custom range needs both days,
 * valid, not in the future, and To not before From. Only checked when the type has a range.
 */
export function filtersProblem(type: ReportType, filters: ReportFilters, today: IsoDay): string | null {
  if (!REPORT_TYPES[type].filters.includes('dateRange')) return null;
  const r = filters.DateRange;
  if (r.Preset !== 'custom') return null;
  if (!r.From) return 'Date Filter From is required';
  if (!r.To) return 'Date Filter To is required';
  const from = dayProblem(r.From, today);
  if (from) return `Date Filter From: ${from}`;
  const to = dayProblem(r.To, today);
  if (to) return `Date Filter To: ${to}`;
  if (r.To < r.From) return 'Date Filter To must be later than Date Filter From';
  return null;
}

/** Keeps a run's filters under a new storage key; drops runs stored more than a day ago. */
export function storeRun(
  storage: KeyValueStorage | null,
  type: ReportType,
  filters: ReportFilters,
  opts: { now?: number; key?: string; keys?: readonly string[] } = {},
): string {
  const now = opts.now ?? Date.now();
  const key = opts.key ?? newStorageKey(Math.random, now);
  if (storage && opts.keys) {
    for (const k of opts.keys) {
      if (!k.startsWith(RUN_KEY_PREFIX)) continue;
      const old = readJson<{ createdAt?: unknown } | null>(storage, k, null);
      if (!old || typeof old.createdAt !== 'number' || now - old.createdAt > RUN_DATA_TTL_MS) storage.removeItem(k);
    }
  }
  const run: ReportRun = { type, filters: filtersFor(type, filters), createdAt: now };
  writeJson(storage, RUN_KEY_PREFIX + key, run);
  return key;
}

/**
 * The filters a window was opened with. A key that is missing (another browser, cleared
 * storage) or stored for another type gives null: the window then says so instead of guessing.
 */
export function readRun(storage: KeyValueStorage | null, type: string | undefined, key: string | undefined) {
  if (!key || !isRunKey(key)) return null;
  const parsedType = ReportType.safeParse(type);
  if (!parsedType.success) return null;
  const raw = readJson<{ type?: unknown; filters?: unknown; createdAt?: unknown } | null>(
    storage,
    RUN_KEY_PREFIX + key,
    null,
  );
  if (!raw || raw.type !== parsedType.data) return null;
  const filters = ReportFilters.safeParse(raw.filters ?? {});
  if (!filters.success) return null;
  return {
    type: parsedType.data,
    filters: filtersFor(parsedType.data, filters.data),
    createdAt: typeof raw.createdAt === 'number' ? raw.createdAt : 0,
  } satisfies ReportRun;
}

/** A run id the API accepts: 8 to 64 letters, digits or dashes. */
export function isRunKey(key: string): boolean {
  return /^[A-Za-z0-9-]{8,64}$/.test(key);
}

/** The report window: a popup route, or the same view inside the app on small screens. */
export function generatePath(type: ReportType, key: string, inPage = false): string {
  const tail = `generate/${type}/${encodeURIComponent(key)}`;
  return inPage ? `/app/reporting/on-demand/${tail}` : `/window/reporting/${tail}`;
}

/** Each run gets its own window, so a second Generate with other filters never reuses the first. */
export function reportWindowId(type: ReportType, key: string): string {
  return `report-${type}-${key}`;
}
