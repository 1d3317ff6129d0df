/**
 * Pure rules behind the tiles: which statuses a tile draws and in what order, the route state a
 * chart click hands to Audit (features §2.6), the remembered dashboard (platform §9) and the
 * permission list as the dialog shows it (features §4.1).
 */
import {
  DEFAULT_PIE_LABEL_STATUSES,
  DEFAULT_STATUS_ORDER,
  type DashboardPermission,
  type HistogramRow,
  type TileData,
  type TileDefinition,
} from '@vigil/contract';
import type { KeyValueStorage } from '../../../lib/storage';

/** Histogram row fields by day status (1 Success … 6 Suppressed No Result). */
export const HISTOGRAM_FIELDS: Record<number, keyof Omit<HistogramRow, 'Date'>> = {
  1: 'PassCount',
  2: 'WarningCount',
  3: 'FailCount',
  4: 'NoEmailCount',
  5: 'PendingCount',
  6: 'SuppressedNoResultCount',
};

type Drawn = Pick<TileDefinition, 'filters' | 'uiSettings'>;

/**
 * The statuses a tile draws, in drawing order: the tile's own order (default Success, Warning,
 * Failure, No Result, Pending), narrowed to the statuses its filter picks when it picks any.
 */
export function drawnStatuses(tile: Drawn): number[] {
  const order = tile.uiSettings?.statusOrder?.length ? tile.uiSettings.statusOrder : [...DEFAULT_STATUS_ORDER];
  const picked = tile.filters?.Status ?? [];
  if (!picked.length) return order;
  const extra = picked.filter((s) => !order.includes(s));
  return [...order.filter((s) => picked.includes(s)), ...extra];
}

/** Pie statuses whose slices carry a label (default Failure and No Result). */
export function labelledStatuses(tile: Pick<TileDefinition, 'filters'>): number[] {
  return tile.filters?.ShowLabelsForStatuses ?? [...DEFAULT_PIE_LABEL_STATUSES];
}

/** One day of a stacked-percentage histogram: each status's share of the day, summing to 100. */
export function dayShares(row: HistogramRow, statuses: readonly number[]): number[] {
  const counts = statuses.map((s) => row[HISTOGRAM_FIELDS[s]] ?? 0);
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total ? (c * 100) / total : 0));
}

/** The text of a tooltip value: "12 jobs" (features §9). */
export function jobsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'job' : 'jobs'}`;
}

export interface AuditRouteState {
  dateSelected: string;
  selectedFilters: { Status: number[]; Company: (number | string)[] };
  daysWithoutSuccess: number | null;
  /** A Count tile's statuses count on any day of its range: the range's length in days. */
  statusDays?: number;
}

/** Days from `from` to `to`, both included ('YYYY-MM-DD'). */
function spanDays(from: string, to: string): number {
  return (
    Math.round(
      (Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000,
    ) + 1
  );
}

/** The one-line meaning of a Count tile, shown in the tile editor. */
export const COUNT_TILE_HELP =
  'Counts backups with at least one day in the chosen statuses within the date range (each backup once).';

/**
 * What a chart click sends to Audit (features §2.6): the last day of the tile's range, the
 * clicked status (or the tile's statuses) and company (or the tile's companies), and the tile's
 * days without success. A Count tile counts its statuses over its whole range, so Audit gets the
 * range's length too and lists the same backups.
 */
export function auditStateFor(
  tile: Pick<TileDefinition, 'filters' | 'daysWithoutSuccess'> & { type?: TileDefinition['type'] },
  range: { From?: string; To: string },
  pick: { status?: number | null; companyId?: number | null; companyName?: string } = {},
): AuditRouteState {
  const Status = pick.status !== undefined && pick.status !== null ? [pick.status] : [...(tile.filters?.Status ?? [])];
  let Company: (number | string)[] = [...(tile.filters?.Companies ?? [])];
  if (pick.companyId !== undefined && pick.companyId !== null) Company = [pick.companyId];
  // Backups with no company have no id; Audit resolves the name it was given.
  else if (pick.companyId === null && pick.companyName) Company = [pick.companyName];
  const state: AuditRouteState = {
    dateSelected: range.To.slice(0, 10),
    selectedFilters: { Status, Company },
    daysWithoutSuccess: tile.daysWithoutSuccess ?? null,
  };
  if (tile.type === 'Count' && Status.length && range.From) {
    const days = spanDays(range.From, range.To);
    if (days > 1) state.statusDays = days;
  }
  return state;
}

/** Local storage key of the dashboard last opened, per tenant and user. */
export const currentDashboardKey = (tenantId: number | null, userId: number) =>
  `vigil.dashboard.current.${tenantId ?? 0}.${userId}`;

/** The dashboard to show: the remembered one while it still exists, else the first. */
export function pickDashboard<T extends { id: number }>(list: readonly T[], remembered: number | null): T | null {
  if (!list.length) return null;
  return list.find((d) => d.id === remembered) ?? list[0];
}

export function readCurrentDashboard(storage: KeyValueStorage | null, key: string): number | null {
  const raw = storage?.getItem(key);
  const n = raw ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The permission list as shown: without NoAccess users, highest level first, then by e-mail. */
export function shownPermissions(list: readonly DashboardPermission[]): DashboardPermission[] {
  return list
    .filter((p) => p.accessType >= 0)
    .sort((a, b) => b.accessType - a.accessType || a.userEmail.localeCompare(b.userEmail));
}

/** Text of a Count tile: whole numbers with thousands separators. */
export function countText(n: number): string {
  return n.toLocaleString('en-US');
}

/** A chart tile has something to draw: some day, slice or bar above zero (else it says "No data"). */
export function chartHasData(data: TileData): boolean {
  switch (data.kind) {
    case 'Histogram':
      return data.rows.some((r) => Object.values(HISTOGRAM_FIELDS).some((f) => (r[f] ?? 0) > 0));
    case 'PieChart':
      return data.items.some((i) => i.Value > 0);
    case 'Bar':
    case 'Column':
      return data.items.some((i) => i.Value > 0 || Object.values(i.ByStatus ?? {}).some((v) => v > 0));
    case 'Count':
    case 'Insight':
    case 'Alerts':
      return true;
  }
}

/** The Alert Radar list on a tile's days (the tenant's calendar) for one assessment. */
export function alertListPath(range: { From: string; To: string }, assessment: number): string {
  const q = new URLSearchParams({ from: range.From, to: range.To, assessment: String(assessment) });
  return `/app/alerts-alpha?${q.toString()}`;
}

/** A tick of a count axis: whole numbers as counts ("1,200"); ticks between them stay unlabelled. */
export function axisCount(v: number): string {
  return Number.isInteger(v) ? countText(v) : '';
}

/** Moves the entry at `from` to `to` (the drop target's place). */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The public address of a shared dashboard: the server's, else this site's share route. */
export function shareUrl(created: { token: string; url?: string }, origin: string): string {
  if (created.url) {
    try {
      return new URL(created.url, origin).toString();
    } catch {
      // Fall through to the route this app serves.
    }
  }
  return `${origin}/public/dashboard-share?token=${encodeURIComponent(created.token)}`;
}
