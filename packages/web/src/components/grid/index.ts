export { DataGrid, type DataGridProps } from './DataGrid';
export type { GridContextAction } from './CellContextMenu';
export {
  defaultColumnSettings,
  normalizeColumnSettings,
  parseColumnSettings,
  EMPTY_COLUMN_SETTINGS,
  type ColumnSettings,
} from './columnSettings';
export {
  gridColumnHelper,
  gridFeatures,
  type GridCellContext,
  type GridColumn,
  type GridColumnDef,
  type GridColumnMeta,
  type GridFeatures,
  type GridHeaderContext,
  type GridRow,
} from './features';
export { GRID_PAGE_SIZES, GRID_DEFAULT_PAGE_SIZE, GRID_ROW_HEIGHT } from './constants';
export { loadedText } from './loading';
export { useLocalColumnSettings, type LocalColumnSettings } from './useLocalColumnSettings';
export type { ColumnFiltersState, RowSelectionState, SortingState } from '@tanstack/react-table';
export { RowActions, actionsColumn, type RowAction } from './rowActions';
