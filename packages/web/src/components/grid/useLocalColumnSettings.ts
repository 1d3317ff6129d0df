import { useCallback, useEffect, useState } from 'react';
import { browserStorage } from '../../lib/storage';
import type { ColumnSettings } from './columnSettings';
import { gridStorageKey, readColumnSettings, writeColumnSettings } from './localSettings';

const NO_DEFAULTS: Partial<ColumnSettings> = {};

export interface LocalColumnSettings {
  /** Pass to `DataGrid`'s `settings`. */
  settings: Partial<ColumnSettings>;
  /** Pass to `DataGrid`'s `onSettingsChange`. */
  onSettingsChange: (settings: ColumnSettings) => void;
}

/**
 * Column settings kept in this browser's localStorage under `vigil.grid.<key>`, kept in step
 * across tabs. `defaults` applies while nothing is saved. Spread the result into `DataGrid`:
 * `<DataGrid {...useLocalColumnSettings('emails', {})} … />`.
 */
export function useLocalColumnSettings(
  key: string,
  defaults: Partial<ColumnSettings> = NO_DEFAULTS,
): LocalColumnSettings {
  const read = useCallback(() => readColumnSettings(browserStorage(), key) ?? defaults, [key, defaults]);
  const [state, setState] = useState(() => ({ key, settings: read() }));
  // Another key (the caller switched tables) reads that table's settings.
  if (state.key !== key) setState({ key, settings: read() });

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === gridStorageKey(key)) setState({ key, settings: read() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key, read]);

  const onSettingsChange = useCallback(
    (settings: ColumnSettings) => {
      setState({ key, settings });
      writeColumnSettings(browserStorage(), key, settings);
    },
    [key],
  );
  return { settings: state.settings, onSettingsChange };
}
