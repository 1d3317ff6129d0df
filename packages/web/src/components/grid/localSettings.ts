import { readJson, writeJson, type KeyValueStorage } from '../../lib/storage';
import { GRID_SETTINGS_KEY_PREFIX } from './constants';
import { parseColumnSettings, type ColumnSettings } from './columnSettings';

/** The localStorage key of a table's column settings. */
export function gridStorageKey(key: string): string {
  return `${GRID_SETTINGS_KEY_PREFIX}${key}`;
}

/** Saved column settings of a table, or null when none (or something unreadable) is stored. */
export function readColumnSettings(storage: KeyValueStorage | null, key: string): Partial<ColumnSettings> | null {
  return parseColumnSettings(readJson<unknown>(storage, gridStorageKey(key), null));
}

export function writeColumnSettings(storage: KeyValueStorage | null, key: string, settings: ColumnSettings): void {
  writeJson(storage, gridStorageKey(key), settings);
}
