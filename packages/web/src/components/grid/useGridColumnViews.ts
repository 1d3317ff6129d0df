import { useMemo } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { ColumnSettings } from './columnSettings';
import { columnLabel, type GridColumn } from './features';
import { isGridColumn } from './gridColumns';
import { tileLayout } from './tiles';

/**
 * The data columns in the user's order, as the Manage Columns dialog lists them, as tiles lay
 * them out, and as the tile sort control offers them.
 */
export function useGridColumnViews<T extends RowData>(leafColumns: GridColumn<T>[], settings: ColumnSettings) {
  const hiddenSet = useMemo(() => new Set(settings.hidden), [settings.hidden]);
  const orderedDataColumns = useMemo(() => {
    const byId = new Map(leafColumns.filter((c) => !isGridColumn(c.id)).map((c) => [c.id, c]));
    return settings.order.flatMap((cid) => byId.get(cid) ?? []);
  }, [leafColumns, settings.order]);
  const managed = orderedDataColumns.map((c) => ({
    id: c.id,
    label: columnLabel(c),
    canHide: c.columnDef.enableHiding !== false,
  }));
  const layout = useMemo(
    () => tileLayout(orderedDataColumns, (cid) => !hiddenSet.has(cid)),
    [orderedDataColumns, hiddenSet],
  );
  const sortableColumns = orderedDataColumns
    .filter((c) => c.getCanSort())
    .map((c) => ({
      id: c.id,
      label: columnLabel(c),
      descFirst: c.columnDef.sortDescFirst ?? c.columnDef.meta?.sortDescFirst ?? false,
    }));

  return { managed, layout, sortableColumns };
}
