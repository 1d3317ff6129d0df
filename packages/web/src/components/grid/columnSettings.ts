import { GRID_MIN_COLUMN_WIDTH } from './constants';

/** A table's saved column layout: order of column ids, user widths in px, hidden column ids. */
export interface ColumnSettings {
  order: string[];
  widths: Record<string, number>;
  hidden: string[];
}

/** What the settings logic needs to know about one (data) column. */
export interface ColumnInfo {
  id: string;
  /** Hidden until the user shows it. */
  defaultHidden?: boolean;
  /** False for columns that may not be hidden. */
  canHide?: boolean;
  minWidth?: number;
  maxWidth?: number;
}

export const EMPTY_COLUMN_SETTINGS: ColumnSettings = Object.freeze({
  order: [],
  widths: {},
  hidden: [],
}) as ColumnSettings;

/** The settings of a table nobody has changed: column order, no user widths, `defaultHidden`. */
export function defaultColumnSettings(columns: readonly ColumnInfo[]): ColumnSettings {
  return {
    order: columns.map((c) => c.id),
    widths: {},
    hidden: columns.filter((c) => c.defaultHidden && c.canHide !== false).map((c) => c.id),
  };
}

function clampWidth(width: number, column: ColumnInfo): number {
  const min = Math.max(column.minWidth ?? GRID_MIN_COLUMN_WIDTH, 0);
  const max = column.maxWidth ?? Number.POSITIVE_INFINITY;
  return Math.round(Math.min(Math.max(width, min), max));
}

/**
 * Saved settings made to fit the columns of today: unknown ids are dropped, columns added
 * since are placed after the column preceding them by default (and hidden when
 * `defaultHidden`), widths are clamped to the minimum, and at least one column stays visible.
 * Nothing saved gives the defaults.
 */
export function normalizeColumnSettings(
  saved: Partial<ColumnSettings> | null | undefined,
  columns: readonly ColumnInfo[],
): ColumnSettings {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const savedOrder = Array.isArray(saved?.order) ? saved.order : [];
  const order: string[] = [];
  const seen = new Set<string>();
  for (const id of savedOrder) {
    if (typeof id === 'string' && byId.has(id) && !seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  const added = new Set<string>();
  columns.forEach((c, index) => {
    if (seen.has(c.id)) return;
    // After the nearest column that precedes it by default and is already placed.
    let at = 0;
    for (let i = index - 1; i >= 0; i--) {
      const pos = order.indexOf(columns[i].id);
      if (pos >= 0) {
        at = pos + 1;
        break;
      }
    }
    order.splice(at, 0, c.id);
    seen.add(c.id);
    if (saved?.order) added.add(c.id);
  });

  const widths: Record<string, number> = {};
  const savedWidths = saved?.widths && typeof saved.widths === 'object' ? saved.widths : {};
  for (const [id, w] of Object.entries(savedWidths)) {
    const column = byId.get(id);
    if (column && typeof w === 'number' && Number.isFinite(w)) widths[id] = clampWidth(w, column);
  }

  let hidden: string[];
  if (Array.isArray(saved?.hidden)) {
    const set = new Set(saved.hidden.filter((id) => typeof id === 'string' && byId.get(id)?.canHide !== false));
    for (const id of added) if (byId.get(id)?.defaultHidden && byId.get(id)?.canHide !== false) set.add(id);
    hidden = order.filter((id) => set.has(id));
  } else {
    const set = new Set(defaultColumnSettings(columns).hidden);
    hidden = order.filter((id) => set.has(id));
  }
  if (order.length > 0 && hidden.length === order.length) hidden = hidden.slice(1);
  return { order, widths, hidden };
}

/** Moves a column to position `toIndex` of the order (clamped). */
export function moveColumn(settings: ColumnSettings, id: string, toIndex: number): ColumnSettings {
  const from = settings.order.indexOf(id);
  if (from < 0) return settings;
  const to = Math.max(0, Math.min(settings.order.length - 1, toIndex));
  if (to === from) return settings;
  const order = settings.order.slice();
  order.splice(from, 1);
  order.splice(to, 0, id);
  return { ...settings, order };
}

/** Moves a column `delta` places (−1 up/left, +1 down/right). */
export function moveColumnBy(settings: ColumnSettings, id: string, delta: number): ColumnSettings {
  const from = settings.order.indexOf(id);
  return from < 0 ? settings : moveColumn(settings, id, from + delta);
}

/** Whether hiding this column would leave none visible. */
export function isLastVisible(settings: ColumnSettings, id: string): boolean {
  const hidden = new Set(settings.hidden);
  return !hidden.has(id) && settings.order.filter((c) => !hidden.has(c)).length <= 1;
}

/** Shows or hides a column; the last visible column cannot be hidden. */
export function setColumnHidden(settings: ColumnSettings, id: string, hide: boolean): ColumnSettings {
  const isHidden = settings.hidden.includes(id);
  if (hide === isHidden || !settings.order.includes(id)) return settings;
  if (hide) {
    if (isLastVisible(settings, id)) return settings;
    return { ...settings, hidden: settings.order.filter((c) => c === id || settings.hidden.includes(c)) };
  }
  return { ...settings, hidden: settings.hidden.filter((c) => c !== id) };
}

/** Replaces the user widths (clamped to each column's limits; unknown ids dropped). */
export function setColumnWidths(
  settings: ColumnSettings,
  widths: Record<string, number>,
  columns: readonly ColumnInfo[],
): ColumnSettings {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const next: Record<string, number> = {};
  for (const [id, w] of Object.entries(widths)) {
    const column = byId.get(id);
    if (column && Number.isFinite(w)) next[id] = clampWidth(w, column);
  }
  return { ...settings, widths: next };
}

/** Drops every user width (the "Reset widths" command). */
export function resetWidths(settings: ColumnSettings): ColumnSettings {
  return { ...settings, widths: {} };
}

/** TanStack's visibility state for these settings. */
export function visibilityState(settings: ColumnSettings): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const id of settings.hidden) out[id] = false;
  return out;
}

export function sameColumnSettings(a: ColumnSettings, b: ColumnSettings): boolean {
  if (a === b) return true;
  const sameList = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  const wa = Object.keys(a.widths);
  return (
    sameList(a.order, b.order) &&
    sameList(a.hidden, b.hidden) &&
    wa.length === Object.keys(b.widths).length &&
    wa.every((k) => a.widths[k] === b.widths[k])
  );
}

/** A saved value read back from storage or the server, if it has the settings' shape. */
export function parseColumnSettings(value: unknown): Partial<ColumnSettings> | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const strings = (x: unknown) =>
    Array.isArray(x) && x.every((s) => typeof s === 'string') ? (x as string[]) : undefined;
  const out: Partial<ColumnSettings> = {};
  const order = strings(v.order);
  const hidden = strings(v.hidden);
  if (order) out.order = order;
  if (hidden) out.hidden = hidden;
  if (v.widths && typeof v.widths === 'object' && !Array.isArray(v.widths)) {
    out.widths = Object.fromEntries(
      Object.entries(v.widths as Record<string, unknown>).filter(
        (e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
      ),
    );
  }
  return out.order || out.hidden || out.widths ? out : null;
}

/** A CSS custom property name for a column's width (column ids may hold any character). */
export function columnWidthVar(id: string): string {
  const safe = id.replace(/[^a-zA-Z0-9_-]/g, (ch) => `_${ch.charCodeAt(0).toString(16)}`);
  return `--grid-col-${safe}`;
}
