import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { functionalUpdate, type ColumnSizingState, type RowData, type Updater } from '@tanstack/react-table';
import {
  defaultColumnSettings,
  EMPTY_COLUMN_SETTINGS,
  normalizeColumnSettings,
  setColumnWidths,
  type ColumnInfo,
  type ColumnSettings,
} from './columnSettings';
import { GRID_WIDTH_SAVE_DEBOUNCE_MS } from './constants';
import { createDelay } from './debounce';
import { columnInfos } from './columnInfo';
import type { GridColumnDef } from './features';
import { useControllableState } from './useControllableState';

function clampSizing(sizing: ColumnSizingState, infos: readonly ColumnInfo[]): ColumnSizingState {
  return { ...sizing, ...setColumnWidths(EMPTY_COLUMN_SETTINGS, sizing, infos).widths };
}

function sameWidths(a: ColumnSizingState, b: ColumnSizingState): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/**
 * Column settings of a grid: the caller's (server, localStorage) or the grid's own, fitted to
 * the columns. Widths follow a drag at once (`sizing`) and are saved 500 ms after the last change.
 */
export function useGridColumnSettings<T extends RowData>(
  columns: readonly GridColumnDef<T>[],
  settingsProp: Partial<ColumnSettings> | null | undefined,
  onSettingsChange: ((settings: ColumnSettings) => void) | undefined,
) {
  const infos = useMemo(() => columnInfos(columns), [columns]);
  const controlledSettings = useMemo(
    () => (settingsProp ? normalizeColumnSettings(settingsProp, infos) : undefined),
    [settingsProp, infos],
  );
  const [storedSettings, setSettings] = useControllableState<ColumnSettings>(controlledSettings, onSettingsChange, () =>
    defaultColumnSettings(infos),
  );
  const settings = useMemo(() => normalizeColumnSettings(storedSettings, infos), [storedSettings, infos]);
  const infosRef = useRef(infos);
  useLayoutEffect(() => {
    infosRef.current = infos;
  });

  // Widths follow the drag at once and are saved 500 ms after the last change.
  const [sizing, setSizing] = useState<ColumnSizingState>(settings.widths);
  const [savedWidths, setSavedWidths] = useState(settings.widths);
  if (!sameWidths(savedWidths, settings.widths)) {
    setSavedWidths(settings.widths);
    setSizing(settings.widths);
  }
  const sizingRef = useRef(sizing);
  useLayoutEffect(() => {
    sizingRef.current = sizing;
  });
  const [widthSave] = useState(() => createDelay(GRID_WIDTH_SAVE_DEBOUNCE_MS));
  useEffect(() => () => widthSave.flush(), [widthSave]);
  const onColumnSizingChange = useCallback(
    (updater: Updater<ColumnSizingState>) => {
      // Never narrower than a column's minimum, even while dragging far to the left.
      const next = clampSizing(functionalUpdate(updater, sizingRef.current), infosRef.current);
      sizingRef.current = next;
      setSizing(next);
      widthSave.schedule(() =>
        setSettings((prev) => setColumnWidths(normalizeColumnSettings(prev, infosRef.current), next, infosRef.current)),
      );
    },
    [widthSave, setSettings],
  );
  const applySettings = useCallback(
    (next: ColumnSettings) => {
      widthSave.cancel();
      sizingRef.current = next.widths;
      setSizing(next.widths);
      setSettings(next);
    },
    [widthSave, setSettings],
  );

  return { infos, settings, sizing, onColumnSizingChange, applySettings };
}
