/**
 * Pure logic of the Audit and Daily Activity screens: day statuses and their colours, the
 * history bar's geometry, the filters (what the screen holds, what the API stores), the route
 * state a dashboard chart passes, and small display rules (tags, multi-selects).
 */
import type { AuditBackupsQuery, AuditFiltersDoc, AuditHistoryEntry } from '@vigil/contract';
import { addDays, isIsoDay, type IsoDay } from './days';

// Day statuses -------------------------------------------------------------------------------

/** Day statuses of the contract: 0 not scheduled … 6 Suppressed No Result. */
export const DayStatus = {
  NotScheduled: 0,
  Success: 1,
  Warning: 2,
  Failure: 3,
  NoResult: 4,
  Pending: 5,
  SuppressedNoResult: 6,
} as const;
export type DayStatusCode = (typeof DayStatus)[keyof typeof DayStatus];

/** Keys of the theme's status palette (platform §9 status colours, plus pending). */
export type StatusColourKey =
  'success' | 'warning' | 'failure' | 'noResult' | 'pending' | 'suppressedNoResult' | 'notScheduled';

export interface DayStatusInfo {
  code: DayStatusCode;
  label: string;
  colour: StatusColourKey;
}

export const DAY_STATUS_INFO: Record<DayStatusCode, DayStatusInfo> = {
  0: { code: 0, label: 'Not scheduled', colour: 'notScheduled' },
  1: { code: 1, label: 'Success', colour: 'success' },
  2: { code: 2, label: 'Warning', colour: 'warning' },
  3: { code: 3, label: 'Failure', colour: 'failure' },
  4: { code: 4, label: 'No Result', colour: 'noResult' },
  5: { code: 5, label: 'Pending', colour: 'pending' },
  6: { code: 6, label: 'Suppressed No Result', colour: 'suppressedNoResult' },
};

/** The label and colour of a day status; anything unknown reads as not scheduled. */
export function dayStatusInfo(status: number | null | undefined): DayStatusInfo {
  return DAY_STATUS_INFO[(status ?? 0) as DayStatusCode] ?? DAY_STATUS_INFO[0];
}

/** The order statuses are listed in filters and summaries: the ones needing attention first. */
export const STATUS_ORDER: readonly DayStatusCode[] = [3, 4, 2, 1, 5, 6, 0];

/** Result statuses (a single result): 1 Success, 2 Warning, 3 Failure. */
export const RESULT_STATUSES = [1, 2, 3] as const;
export type ResultStatusCode = (typeof RESULT_STATUSES)[number];

/** Reads a status a caller may give as a number or a name ("Failure", "No Result", "noResult"). */
export function parseDayStatus(value: unknown): DayStatusCode | null {
  if (typeof value === 'number') return value in DAY_STATUS_INFO ? (value as DayStatusCode) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return parseDayStatus(Number(text));
  const norm = text.toLowerCase().replace(/[\s_-]/g, '');
  for (const info of Object.values(DAY_STATUS_INFO)) {
    if (info.label.toLowerCase().replace(/\s/g, '') === norm || info.colour.toLowerCase() === norm) return info.code;
  }
  if (norm === 'unknown') return 0;
  return null;
}

export const SOURCE_LABEL: Record<string, string> = { email: 'E-mail', manual: 'Manual', api: 'API' };

// The history bar ---------------------------------------------------------------------------

export interface HistorySegment {
  date: IsoDay;
  status: DayStatusCode;
  /** Left edge and width in percent of the bar (two decimals). */
  offset: number;
  width: number;
  entry: AuditHistoryEntry;
}

/**
 * One segment per day, equally wide. Widths are whole hundredths of a percent shared out by
 * largest remainder, so they always sum to exactly 100 (features §9) and never differ by more
 * than 0.01 between days.
 */
export function historySegments(entries: readonly AuditHistoryEntry[]): HistorySegment[] {
  const n = entries.length;
  if (n === 0) return [];
  const total = 10_000;
  const base = Math.floor(total / n);
  let extra = total - base * n;
  // Equal shares: the remainder goes one unit each to the latest days (the ones people look at).
  const units = entries.map(() => base);
  for (let i = n - 1; i >= 0 && extra > 0; i -= 1, extra -= 1) units[i] += 1;
  let offset = 0;
  return entries.map((entry, i) => {
    const seg: HistorySegment = {
      date: entry.Date,
      status: dayStatusInfo(entry.Status).code,
      offset: offset / 100,
      width: units[i] / 100,
      entry,
    };
    offset += units[i];
    return seg;
  });
}

/** Shares of a total in whole percent that sum to 100 (largest remainder); all zero when the total is 0. */
export function percentShares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + Math.max(0, b), 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (Math.max(0, c) * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] += 1;
    left -= 1;
  }
  return floors;
}

/** How many days of a history had each status, in STATUS_ORDER, leaving out absent ones. */
export function historyTally(entries: readonly AuditHistoryEntry[]): { status: DayStatusCode; days: number }[] {
  const counts = new Map<DayStatusCode, number>();
  for (const e of entries) {
    const s = dayStatusInfo(e.Status).code;
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return STATUS_ORDER.filter((s) => counts.has(s)).map((s) => ({ status: s, days: counts.get(s)! }));
}

/** "2 Success · 1 Failure": the result counts of one day, for the bar's tooltip. */
export function dayCountsText(entry: AuditHistoryEntry): string {
  const parts: string[] = [];
  if (entry.CountSuccess) parts.push(`${entry.CountSuccess} Success`);
  if (entry.CountWarning) parts.push(`${entry.CountWarning} Warning`);
  if (entry.CountFailure) parts.push(`${entry.CountFailure} Failure`);
  if (entry.CountNoResult) parts.push(`${entry.CountNoResult} No Result`);
  if (!parts.length) return entry.IsScheduled ? 'No results' : 'Not scheduled, no results';
  return parts.join(' · ');
}

/** A screen-reader summary of a history: "Last 30 days: 25 Success, 3 Failure, 2 Not scheduled". */
export function historySummary(entries: readonly AuditHistoryEntry[]): string {
  const tally = historyTally(entries)
    .map((t) => `${t.days} ${dayStatusInfo(t.status).label}`)
    .join(', ');
  return `Last ${entries.length} day${entries.length === 1 ? '' : 's'}: ${tally || 'no data'}`;
}

// Filters -------------------------------------------------------------------------------------

/** The audit filters as the screen holds them (every list present, no undefined). */
export interface AuditFilterState {
  companies: number[];
  includeNoCompany: boolean;
  statuses: DayStatusCode[];
  /**
   * With statuses: how many days, ending at the selected date, a backup may have had one of them
   * on (a dashboard Count tile's date range); absent, null or 1: the selected date only.
   */
  statusDays?: number | null;
  vendors: string[];
  methods: ('Email' | 'Api')[];
  tags: string[];
  daysWithoutSuccess: number | null;
  scheduledOnly: boolean;
  search: string;
  /** The tenant's extra backup fields: a part of a text, the whole of any other value. */
  extraFields?: { fieldId: number; value: string }[];
}

export const EMPTY_AUDIT_FILTERS: AuditFilterState = Object.freeze({
  companies: [],
  includeNoCompany: false,
  statuses: [],
  vendors: [],
  methods: [],
  tags: [],
  daysWithoutSuccess: null,
  scheduledOnly: false,
  search: '',
}) as AuditFilterState;

const uniqueSorted = <T extends string | number>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The stored form (account audit-filters, saved filters): only what is set, lists sorted and
 * without repeats, search trimmed. The selected date is not part of it (session storage holds it).
 */
export function toFiltersDoc(f: AuditFilterState): AuditFiltersDoc {
  const doc: AuditFiltersDoc = {};
  if (f.companies.length) doc.Companies = uniqueSorted(f.companies);
  if (f.includeNoCompany) doc.IncludeNoCompany = true;
  if (f.statuses.length) doc.Statuses = uniqueSorted(f.statuses);
  if (f.statuses.length && f.statusDays && f.statusDays > 1) doc.StatusDays = f.statusDays;
  if (f.vendors.length) doc.Vendors = uniqueSorted(f.vendors);
  if (f.methods.length) doc.Methods = uniqueSorted(f.methods);
  if (f.tags.length) doc.Tags = uniqueSorted(f.tags);
  if (f.daysWithoutSuccess !== null) doc.DaysWithoutSuccess = f.daysWithoutSuccess;
  if (f.scheduledOnly) doc.FilterScheduled = true;
  const search = f.search.trim();
  if (search) doc.Search = search;
  const extra = (f.extraFields ?? []).filter((x) => x.value.trim());
  if (extra.length) doc.AdditionalFields = extra.map((x) => ({ FieldId: x.fieldId, Value: x.value.trim() }));
  return doc;
}

const ints = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];

/** A status range length of 2–366 days, else null (one day needs none). */
function statusSpan(v: unknown): number | null {
  const n = Number(v);
  return v !== null && v !== undefined && Number.isInteger(n) && n > 1 && n <= 366 ? n : null;
}

/** Reads a stored document leniently: unknown or malformed fields are dropped. */
export function fromFiltersDoc(doc: unknown): AuditFilterState {
  const d = (doc && typeof doc === 'object' ? doc : {}) as Record<string, unknown>;
  const days = d.DaysWithoutSuccess;
  const span = statusSpan(d.StatusDays);
  return {
    companies: uniqueSorted(ints(d.Companies)),
    includeNoCompany: d.IncludeNoCompany === true,
    statuses: uniqueSorted(
      (Array.isArray(d.Statuses) ? d.Statuses : []).map(parseDayStatus).filter((s): s is DayStatusCode => s !== null),
    ),
    ...(span ? { statusDays: span } : {}),
    vendors: uniqueSorted(strings(d.Vendors)),
    methods: uniqueSorted(strings(d.Methods).filter((m): m is 'Email' | 'Api' => m === 'Email' || m === 'Api')),
    tags: uniqueSorted(strings(d.Tags)),
    daysWithoutSuccess: typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 3650 ? days : null,
    scheduledOnly: d.FilterScheduled === true,
    search: typeof d.Search === 'string' ? d.Search.trim() : '',
    ...extraFieldsOf(d.AdditionalFields),
  };
}

function extraFieldsOf(v: unknown): Pick<AuditFilterState, 'extraFields'> {
  const list = Array.isArray(v) ? (v as { FieldId?: unknown; Value?: unknown }[]) : [];
  const extraFields = list
    .filter((x) => Number.isInteger(x?.FieldId) && typeof x?.Value === 'string' && x.Value.trim())
    .map((x) => ({ fieldId: x.FieldId as number, value: (x.Value as string).trim() }));
  return extraFields.length ? { extraFields } : {};
}

/** Whether two filter states ask for the same backups. */
export function sameFilters(a: AuditFilterState, b: AuditFilterState): boolean {
  return JSON.stringify(toFiltersDoc(a)) === JSON.stringify(toFiltersDoc(b));
}

/** How many filters are set (each list, switch or field counts once). */
export function activeFilterCount(f: AuditFilterState): number {
  return Object.keys(toFiltersDoc(f)).filter((k) => k !== 'IncludeNoCompany' || !f.companies.length).length;
}

export type AuditSortKey = NonNullable<AuditBackupsQuery['OrderBy']>;

/** The body of `POST api/policy/audit-backups` for a page of the grid. */
export function auditQuery(
  filters: AuditFilterState,
  opts: {
    date: IsoDay;
    historyDays: number;
    page: number;
    size: number;
    orderBy?: AuditSortKey;
    ascending?: boolean;
  },
): AuditBackupsQuery {
  return {
    ...toFiltersDoc(filters),
    Date: opts.date,
    HistoryDays: opts.historyDays,
    Page: opts.page,
    Size: opts.size,
    ...(opts.orderBy ? { OrderBy: opts.orderBy, OrderAscending: opts.ascending ?? true } : {}),
  };
}

/**
 * Route state from a dashboard chart click (features §2.6): the date, the Status and Company
 * lists and days without success. Statuses may come as numbers or names; companies as ids,
 * or as names resolved through `companyIdByName`.
 */
export interface ChartRouteState {
  date: IsoDay | null;
  filters: AuditFilterState;
}

export function readChartRouteState(
  state: unknown,
  companyIdByName: (name: string) => number | null | undefined = () => undefined,
): ChartRouteState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (!('dateSelected' in s) && !('selectedFilters' in s) && !('daysWithoutSuccess' in s)) return null;
  const filters: AuditFilterState = { ...EMPTY_AUDIT_FILTERS, companies: [], statuses: [] };
  const sel = (s.selectedFilters && typeof s.selectedFilters === 'object' ? s.selectedFilters : {}) as Record<
    string,
    unknown
  >;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
  filters.statuses = uniqueSorted(
    list(sel.Status ?? sel.Statuses)
      .map(parseDayStatus)
      .filter((x): x is DayStatusCode => x !== null),
  );
  for (const c of list(sel.Company ?? sel.Companies)) {
    if (typeof c === 'number' && Number.isInteger(c)) filters.companies.push(c);
    else if (typeof c === 'string' && /^\d+$/.test(c)) filters.companies.push(Number(c));
    else if (typeof c === 'string') {
      const id = companyIdByName(c);
      if (id === null) filters.includeNoCompany = true;
      else if (typeof id === 'number') filters.companies.push(id);
    }
  }
  filters.companies = uniqueSorted(filters.companies);
  const span = statusSpan(s.statusDays);
  if (span && filters.statuses.length) filters.statusDays = span;
  const dws = Number(s.daysWithoutSuccess);
  if (s.daysWithoutSuccess !== undefined && s.daysWithoutSuccess !== null && Number.isInteger(dws) && dws >= 0)
    filters.daysWithoutSuccess = Math.min(dws, 3650);
  let date: IsoDay | null = null;
  if (typeof s.dateSelected === 'string') {
    const d = s.dateSelected.slice(0, 10);
    if (isIsoDay(d)) date = d;
  }
  return { date, filters };
}

/** Filters with one status as a quick filter; choosing the only active one clears it. */
export function toggleQuickStatus(f: AuditFilterState, status: DayStatusCode): AuditFilterState {
  const only = f.statuses.length === 1 && f.statuses[0] === status;
  return { ...f, statuses: only ? [] : [status] };
}

/** What a status range means, under the status filter: "Any of the 7 days up to the selected date". */
export function statusDaysText(f: Pick<AuditFilterState, 'statuses' | 'statusDays'>): string | null {
  if (!f.statuses.length || !f.statusDays || f.statusDays < 2) return null;
  const names = f.statuses.map((x) => dayStatusInfo(x).label).join(' or ');
  return `${names} on any of the ${f.statusDays} days up to the selected date`;
}

// Display rules -------------------------------------------------------------------------------

/** Features §9: tags show up to `limit` (2) then "+N more". */
export function visibleTags(tags: readonly string[], limit = 2): { shown: string[]; more: number } {
  return { shown: tags.slice(0, limit), more: Math.max(0, tags.length - limit) };
}

/** Features §9: "N items selected" (singular for 1). */
export function selectedText(n: number): string {
  return `${n} item${n === 1 ? '' : 's'} selected`;
}

/** "+N more" after the first chips of a multi-select or a tag list. */
export function moreText(n: number): string {
  return `+${n} more`;
}

/** "3 days", "1 day", "-" when unknown. */
export function daysText(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  return `${n} day${n === 1 ? '' : 's'}`;
}

/** The days a history of `days` days covers when it ends on `date`. */
export function historyWindow(date: IsoDay, days: number): { from: IsoDay; to: IsoDay } {
  return { from: addDays(date, -(days - 1)), to: date };
}

/** Text shortened for a cell, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}
