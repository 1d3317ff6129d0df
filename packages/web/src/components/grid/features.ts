import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createExpandedRowModel,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_arrIncludes,
  filterFn_equals,
  filterFn_equalsString,
  filterFn_inNumberRange,
  filterFn_includesString,
  filterFn_weakEquals,
  metaHelper,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  type CellContext,
  type Column,
  type ColumnDef,
  type HeaderContext,
  type Row,
  type RowData,
} from '@tanstack/react-table';

/** What a column definition may say about itself to the grid (`columnDef.meta`). */
export interface GridColumnMeta {
  /** Its place on a mobile tile: the title (clamped to two lines), the subtitle, or a field. */
  tile?: 'title' | 'subtitle' | 'field';
  /** The first click sorts descending (none → descending → ascending). */
  sortDescFirst?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Shows a text filter for this column in the header's filter row. */
  headerFilter?: boolean;
  /** Hidden until the user shows it in "Manage columns". */
  defaultHidden?: boolean;
  /** Plain-text name for menus, tiles and labels when `header` is not a string. */
  label?: string;
}

/**
 * The TanStack features every grid registers. Sorting and filtering run on the loaded rows
 * unless the grid is told they happen on the server (`manualSorting`, `manualFiltering`).
 */
export const gridFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: {
    includesString: filterFn_includesString,
    equalsString: filterFn_equalsString,
    equals: filterFn_equals,
    weakEquals: filterFn_weakEquals,
    inNumberRange: filterFn_inNumberRange,
    arrIncludes: filterFn_arrIncludes,
  },
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    datetime: sortFn_datetime,
    basic: sortFn_basic,
  },
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  rowSelectionFeature,
  columnMeta: metaHelper<GridColumnMeta>(),
});

export type GridFeatures = typeof gridFeatures;

/**
 * A column of a `DataGrid`: TanStack's `ColumnDef` over the grid's features, with
 * `meta: GridColumnMeta`. Give every column a stable `id` (or `accessorKey`): saved
 * settings refer to it.
 */
// The cell value type differs per column; TanStack's own column list helper uses `any` here too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GridColumnDef<T extends RowData> = ColumnDef<GridFeatures, T, any>;
export type GridRow<T extends RowData> = Row<GridFeatures, T>;
export type GridColumn<T extends RowData> = Column<GridFeatures, T, unknown>;
export type GridCellContext<T extends RowData, V = unknown> = CellContext<GridFeatures, T, V>;
export type GridHeaderContext<T extends RowData, V = unknown> = HeaderContext<GridFeatures, T, V>;

/** A column helper typed for the grid: `const col = gridColumnHelper<Backup>()`. */
export function gridColumnHelper<T extends RowData>() {
  return createColumnHelper<GridFeatures, T>();
}

/** A column's plain-text name: its string header, else `meta.label`, else its id. */
export function columnLabel(column: { id: string; columnDef: { header?: unknown; meta?: GridColumnMeta } }): string {
  const header = column.columnDef.header;
  if (typeof header === 'string' && header) return header;
  return column.columnDef.meta?.label ?? column.id;
}
