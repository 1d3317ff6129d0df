// A report run handed to its window: the filters under a storage key in localStorage, and the window's path.
import { ReportFilters, ReportType } from '@vigil/contract';
import { newStorageKey } from '../../../lib/auditWindows';
import { readJson, writeJson, type KeyValueStorage } from '../../../lib/storage';
import { filtersFor, RUN_DATA_TTL_MS, RUN_KEY_PREFIX, type ReportRun } from './reportFilters';

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
