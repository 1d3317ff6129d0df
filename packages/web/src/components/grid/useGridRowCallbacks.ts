import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { GridRow } from './features';

/**
 * Row callbacks that keep their identity while the table changes: opening a row (click or
 * Enter) and toggling its selection.
 */
export function useGridRowCallbacks<T extends RowData>(
  table: { getRowModel(): { rowsById: Record<string, GridRow<T>> } },
  onRowClick: ((row: T) => void) | undefined,
) {
  const rowClickRef = useRef(onRowClick);
  useLayoutEffect(() => {
    rowClickRef.current = onRowClick;
  });
  const hasRowClick = !!onRowClick;
  // The table object changes with every state change; the row callbacks must not (rows are memoised).
  const tableRef = useRef(table);
  useLayoutEffect(() => {
    tableRef.current = table;
  });
  const rowById = useCallback((rowId: string) => tableRef.current.getRowModel().rowsById[rowId], []);
  const handleRowClick = useMemo(
    () =>
      hasRowClick
        ? (rowId: string) => {
            const row = rowById(rowId);
            if (row) rowClickRef.current?.(row.original);
          }
        : undefined,
    [hasRowClick, rowById],
  );
  const toggleRow = useCallback(
    (rowId: string) => {
      const row = rowById(rowId);
      if (row?.getCanSelect()) row.toggleSelected();
    },
    [rowById],
  );

  return { handleRowClick, toggleRow };
}
