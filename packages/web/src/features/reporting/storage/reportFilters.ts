// On Demand's filters: what each report type uses, preset days, the screen's filters in session storage, checks.
import { REPORT_TYPES, ReportFilters, ReportType, type ReportTypeInfo } from '@vigil/contract';
import { addDays, dayProblem, presetRange, type DatePreset, type DayRange, type IsoDay } from '../../../lib/days';
import { readJson, writeJson, type KeyValueStorage } from '../../../lib/storage';

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
