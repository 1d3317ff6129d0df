/**
 * DataGrid — the table of every screen: TanStack Table for the model, TanStack Virtual for
 * the rows, MUI for the look (light and dark theme tokens).
 *
 * Props (all optional unless marked):
 * - `label` (required) accessible name of the grid; `id` base of element ids.
 * - `columns` (required) `GridColumnDef<T>[]` — TanStack column definitions with
 *   `meta: { tile, sortDescFirst, align, headerFilter, defaultHidden, label }`; keep the array
 *   stable (module constant or `useMemo`). `sortDescFirst` may also be TanStack's own option.
 * - `data` (required) the loaded rows; `getRowId` (required) a stable id of a row;
 *   `getSubRows` makes group rows expandable (adds the 20 px expand column).
 * - Sorting: `sorting` + `onSortingChange` (controlled) or `defaultSorting`; `manualSorting`
 *   when the server sorts (the default when `onLoadMore` is given). Clicks cycle
 *   none → ascending → descending (descending first for `sortDescFirst` columns); Shift+click
 *   sorts by several columns.
 * - Filters: `columnFilters` + `onColumnFiltersChange`; columns with `meta.headerFilter` get a
 *   text field in the 45 px filter row; `manualFiltering` when the server filters (the default
 *   when `onLoadMore` is given).
 * - Selection: `enableRowSelection` (true or a per-row test) adds the 52 px checkbox column
 *   (Shift+click selects a range); `rowSelection` + `onRowSelectionChange` to control it.
 * - Column settings `{ order, widths, hidden }`: `settings` + `onSettingsChange` (server or
 *   `useLocalColumnSettings`); without them the grid keeps its own. Widths are saved 500 ms
 *   after the last resize.
 * - `contextActions` extra entries of the right-click menu (after "Add to selection" and
 *   "Copy Text"); `onRowClick` opens a row (click or Enter).
 * - Infinite scroll: `total`, `hasMore`, `onLoadMore()` (called within 300 px of the bottom),
 *   `loadingMore`, `pageSize` + `onPageSizeChange` (50/100/200/500), `pagesLoaded` (else
 *   counted from `pageSize`); the footer shows "Showing X of Y <noun> · page 1 of N".
 * - `loading` (skeleton rows, or a progress bar over loaded rows), `emptyText`, `toolbar`
 *   (shown left of the grid menu), `height` of the grid (default 600 px).
 * - `pinnedColumns` freeze the identifying columns at the left edge; `getRowSeverity` tints rows.
 * Errors are the caller's to show. Below the `md` breakpoint rows become tiles.
 */
import type { ReactNode } from 'react';
import type { ColumnFiltersState, RowData, RowSelectionState, SortingState } from '@tanstack/react-table';
import type { GridContextAction } from './CellContextMenu';
import type { ColumnSettings } from './columnSettings';
import type { GridColumnDef } from './features';

export interface DataGridProps<T extends RowData> {
  /** Accessible name of the grid, e.g. "Backups". */
  label: string;
  /** Base of the element ids inside the grid; generated when absent. */
  id?: string;
  columns: readonly GridColumnDef<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** Children of a group row; makes rows with children expandable. */
  getSubRows?: (row: T) => readonly T[] | undefined;

  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  defaultSorting?: SortingState;
  /** The rows arrive sorted (server-side sorting). Default: true when `onLoadMore` is given. */
  manualSorting?: boolean;

  columnFilters?: ColumnFiltersState;
  onColumnFiltersChange?: (filters: ColumnFiltersState) => void;
  /** The rows arrive filtered (server-side filtering). Default: true when `onLoadMore` is given. */
  manualFiltering?: boolean;

  enableRowSelection?: boolean | ((row: T) => boolean);
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;

  settings?: Partial<ColumnSettings> | null;
  onSettingsChange?: (settings: ColumnSettings) => void;

  contextActions?: readonly GridContextAction<T>[];
  onRowClick?: (row: T) => void;

  total?: number;
  hasMore?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
  pagesLoaded?: number;

  loading?: boolean;
  emptyText?: string;
  toolbar?: ReactNode;
  height?: number | string;
  /** Ids of the columns that stay at the left edge while scrolling sideways; they lead the order. */
  pinnedColumns?: readonly string[];
  /** A row's `RowSeverity` (Error 1, Warning 2, Success 3, Info 4): its background is tinted. */
  getRowSeverity?: (row: T) => number;
  /** What a row is, in the plural, for the footer ("Showing 50 of 147 backups"); default "rows". */
  noun?: string;
}
