/**
 * DataGrid — the table of every screen: TanStack Table for the model, TanStack Virtual for
 * the rows, MUI for the look (light and dark theme tokens). Its props are described in
 * `dataGridProps.ts`; the scroller's structure (an opaque, composited scroller outside any
 * rounded clip, rows placed with `top`, widths from one rule per column) is what keeps long
 * grids scrolling smoothly.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  useTable,
  type ColumnFiltersState,
  type ExpandedState,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { Messages } from '@vigil/contract';
import { copyText } from '../../lib/clipboard';
import { useSnackbar } from '../snackbar';
import { CellContextMenu, type CellMenuState, type GridContextAction } from './CellContextMenu';
import { columnWidthVar, defaultColumnSettings, resetWidths, visibilityState } from './columnSettings';
import {
  EXPAND_COLUMN_ID,
  GRID_DEFAULT_COLUMN_WIDTH,
  GRID_DEFAULT_PAGE_SIZE,
  GRID_FILTER_ROW_HEIGHT,
  GRID_HEADER_HEIGHT,
  GRID_MIN_COLUMN_WIDTH,
  SELECT_COLUMN_ID,
} from './constants';
import type { DataGridProps } from './dataGridProps';
import { gridFeatures, type GridColumnDef } from './features';
import { expandColumn, selectColumn } from './gridColumns';
import { GridBody } from './GridBody';
import { GridHead } from './GridHeader';
import { GridFooter } from './GridFooter';
import { GridMenu } from './GridMenu';
import { cellStyles, scrollerStyles } from './gridStyles';
import { GridToolbar } from './GridToolbar';
import { ManageColumnsDialog } from './ManageColumnsDialog';
import { cellWidthRules, frozenColumnRules, frozenCount, orderWithPinned } from './pinnedColumns';
import { nextSorting } from './sorting';
import { TileSortControl } from './TileSortControl';
import { TileView } from './TileView';
import { useControllableState } from './useControllableState';
import { useGridColumnSettings } from './useGridColumnSettings';
import { useGridColumnViews } from './useGridColumnViews';
import { useGridLoadMore } from './useGridLoadMore';
import { useGridRowCallbacks } from './useGridRowCallbacks';

export type { DataGridProps } from './dataGridProps';

const NO_SORTING: SortingState = [];
const NO_FILTERS: ColumnFiltersState = [];
const NO_SELECTION: RowSelectionState = {};
const NO_ACTIONS: readonly GridContextAction<never>[] = [];
const NO_PINS: readonly string[] = [];
const DEFAULT_COLUMN = {
  size: GRID_DEFAULT_COLUMN_WIDTH,
  minSize: GRID_MIN_COLUMN_WIDTH,
  filterFn: 'includesString',
} as const;

export function DataGrid<T extends RowData>({
  label,
  id: idProp,
  columns,
  data,
  getRowId,
  getSubRows,
  sorting: sortingProp,
  onSortingChange,
  defaultSorting = NO_SORTING,
  manualSorting,
  columnFilters: filtersProp,
  onColumnFiltersChange,
  manualFiltering,
  enableRowSelection = false,
  rowSelection: selectionProp,
  onRowSelectionChange,
  settings: settingsProp,
  onSettingsChange,
  contextActions = NO_ACTIONS,
  onRowClick,
  total,
  hasMore,
  onLoadMore,
  loadingMore = false,
  pageSize = GRID_DEFAULT_PAGE_SIZE,
  onPageSizeChange,
  pagesLoaded,
  loading = false,
  emptyText = Messages.noItems,
  toolbar,
  height = 600,
  pinnedColumns = NO_PINS,
  getRowSeverity,
  noun,
}: DataGridProps<T>) {
  const autoId = useId();
  const id = idProp ?? `grid-${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const theme = useTheme();
  const tiles = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const snackbar = useSnackbar();
  const selectable = enableRowSelection !== false;
  const expandable = !!getSubRows;

  const { infos, settings, sizing, onColumnSizingChange, applySettings } = useGridColumnSettings(
    columns,
    settingsProp,
    onSettingsChange,
  );

  const [sorting, setSorting] = useControllableState(sortingProp, onSortingChange, defaultSorting);
  const [columnFilters, setColumnFilters] = useControllableState(filtersProp, onColumnFiltersChange, NO_FILTERS);
  const [rowSelection, setRowSelection] = useControllableState(selectionProp, onRowSelectionChange, NO_SELECTION);
  const [expanded, setExpanded] = useState<ExpandedState>({});

  const allColumns = useMemo(() => {
    const own: GridColumnDef<T>[] = [];
    if (expandable) own.push(expandColumn<T>());
    if (selectable) own.push(selectColumn<T>());
    return [...own, ...columns];
  }, [columns, expandable, selectable]);
  const columnOrder = useMemo(
    () => [
      ...(expandable ? [EXPAND_COLUMN_ID] : []),
      ...(selectable ? [SELECT_COLUMN_ID] : []),
      ...orderWithPinned(settings.order, pinnedColumns),
    ],
    [expandable, selectable, settings.order, pinnedColumns],
  );
  const columnVisibility = useMemo(() => visibilityState(settings), [settings]);
  const canSelectRow = useMemo(
    () =>
      typeof enableRowSelection === 'function'
        ? (row: { original: T }) => enableRowSelection(row.original)
        : enableRowSelection,
    [enableRowSelection],
  );
  const subRows = useMemo(() => (getSubRows ? (row: T) => getSubRows(row) : undefined), [getSubRows]);

  const table = useTable({
    features: gridFeatures,
    columns: allColumns,
    data,
    getRowId: (row: T) => getRowId(row),
    getSubRows: subRows,
    defaultColumn: DEFAULT_COLUMN,
    state: { sorting, columnFilters, rowSelection, columnOrder, columnVisibility, columnSizing: sizing, expanded },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onRowSelectionChange: setRowSelection,
    onColumnSizingChange,
    onExpandedChange: setExpanded,
    manualSorting: manualSorting ?? !!onLoadMore,
    manualFiltering: manualFiltering ?? !!onLoadMore,
    enableRowSelection: canSelectRow,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    enableSortingRemoval: true,
    enableExpanding: expandable,
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const headers = table.getHeaderGroups().at(-1)?.headers ?? [];
  const hasFilterRow = visibleColumns.some((c) => c.columnDef.meta?.headerFilter);
  const headerRowCount = hasFilterRow ? 2 : 1;
  const headerHeight = GRID_HEADER_HEIGHT + (hasFilterRow ? GRID_FILTER_ROW_HEIGHT : 0);

  const onSort = useCallback(
    (columnId: string, multi: boolean) => {
      const column = table.getColumn(columnId);
      const def = column?.columnDef;
      const descFirst = def?.sortDescFirst ?? def?.meta?.sortDescFirst ?? false;
      setSorting((prev) => nextSorting(prev, columnId, descFirst, multi));
    },
    [table, setSorting],
  );

  // Infinite scroll: ask for the next page near the bottom (and when the rows do not fill the grid).
  const { scrollElement, attachScroll, tileScrollRef, viewportWidth, maybeLoadMore } = useGridLoadMore({
    loaded: data.length,
    hasMore,
    loadingMore,
    onLoadMore,
    loading,
    tiles,
  });

  // A new sort or filter starts again from the top.
  const orderKey = JSON.stringify([sorting, columnFilters]);

  // Right-click menu.
  const [menu, setMenu] = useState<CellMenuState | null>(null);
  const onCellMenu = useCallback((rowId: string, text: string, x: number, y: number) => {
    setMenu({ rowId, text, x, y });
  }, []);
  const menuRow = menu ? table.getRowModel().rowsById[menu.rowId] : undefined;
  const copy = (text: string) => {
    copyText(text).then(
      () => snackbar.success('Copied to clipboard'),
      (err: unknown) => snackbar.error(err),
    );
  };

  const { handleRowClick, toggleRow } = useGridRowCallbacks(table, onRowClick);

  const [manageOpen, setManageOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  const { managed, layout, sortableColumns } = useGridColumnViews(table.getAllLeafColumns(), settings);

  const allSelected = useMemo(() => {
    const selectableRows = rows.filter((r) => r.getCanSelect());
    return selectableRows.length > 0 && selectableRows.every((r) => rowSelection[r.id]);
  }, [rows, rowSelection]);
  const selectedCount = Object.keys(rowSelection).length;
  const showFooter = !!onLoadMore || total !== undefined || !!onPageSizeChange;

  const widthVars: Record<string, string> = { '--grid-total-width': `${table.getTotalSize()}px` };
  for (const h of headers) widthVars[columnWidthVar(h.column.id)] = `${h.getSize()}px`;
  if (viewportWidth) widthVars['--grid-viewport-width'] = `${viewportWidth}px`;
  // Widths by column position (`vg-c<i>`), then the frozen columns (see pinnedColumns.ts).
  const scope = autoId.replace(/[^a-zA-Z0-9_-]/g, '');
  const visibleIds = visibleColumns.map((c) => c.id);
  // The body meets the Paper's rounded bottom corners only when no footer is shown.
  const bottomRadius = !fullscreen && !showFooter ? '13px' : undefined;
  const headerBg = `linear-gradient(${alpha(theme.palette.text.primary, 0.03)}, ${alpha(theme.palette.text.primary, 0.03)}), ${theme.palette.background.paper}`;
  const scopeRules =
    cellWidthRules(scope, visibleIds) +
    frozenColumnRules(scope, visibleIds, frozenCount(visibleIds, pinnedColumns), headerBg, theme.palette.divider);

  return (
    <Paper
      variant="outlined"
      onKeyDown={(e) => {
        if (fullscreen && e.key === 'Escape' && !e.defaultPrevented) setFullscreen(false);
      }}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        // No `overflow: hidden` here: a scroller inside a rounded clip is scrolled by Chromium's
        // main thread (every frame waits for it), outside one by the compositor. The toolbar
        // and the footer keep the body away from the rounded corners; without a footer the
        // body rounds its own bottom corners (see `bottomRadius`).
        position: fullscreen ? 'fixed' : 'relative',
        ...(fullscreen
          ? { inset: 0, zIndex: theme.zIndex.modal - 1, borderRadius: 0, height: '100dvh' }
          : { borderRadius: '14px', height }),
        ...cellStyles(theme),
      }}
    >
      <GridToolbar tiles={tiles} toolbar={toolbar}>
        {tiles && (
          <TileSortControl id={id} columns={sortableColumns} sorting={sorting} onChange={(s) => setSorting(s)} />
        )}
        <GridMenu
          id={id}
          fullscreen={fullscreen}
          onManageColumns={() => setManageOpen(true)}
          onToggleFullscreen={() => setFullscreen((f) => !f)}
          onResetDefaults={() => applySettings(defaultColumnSettings(infos))}
          onResetWidths={() => applySettings(resetWidths(settings))}
          onClearFilters={() => setColumnFilters([])}
          canClearFilters={columnFilters.length > 0}
          selectable={selectable}
          allSelected={allSelected}
          onToggleSelectAll={() => (allSelected ? setRowSelection({}) : table.toggleAllRowsSelected(true))}
        />
      </GridToolbar>

      <Box
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          ...(bottomRadius && {
            overflow: 'hidden',
            borderBottomLeftRadius: bottomRadius,
            borderBottomRightRadius: bottomRadius,
          }),
        }}
      >
        {loading && rows.length > 0 && (
          <LinearProgress
            aria-label="Loading"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3, height: 2 }}
          />
        )}
        {tiles ? (
          <TileView
            label={label}
            rows={rows}
            layout={layout}
            rowSelection={rowSelection}
            selectable={selectable}
            loading={loading}
            emptyText={emptyText}
            total={total}
            scrollRef={tileScrollRef}
            onScroll={maybeLoadMore}
            resetKey={orderKey}
            onRowClick={handleRowClick}
            onMenu={onCellMenu}
            withMenu={selectable || contextActions.length > 0}
          />
        ) : (
          <Box
            ref={attachScroll}
            id={`${id}-grid`}
            role="grid"
            aria-label={label}
            aria-rowcount={loading && rows.length === 0 ? -1 : headerRowCount + Math.max(total ?? 0, rows.length)}
            aria-colcount={visibleColumns.length}
            aria-multiselectable={selectable || undefined}
            aria-busy={loading || loadingMore || undefined}
            onScroll={maybeLoadMore}
            data-grid-scope={scope}
            style={widthVars}
            sx={scrollerStyles(theme, headerBg, !!onRowClick)}
          >
            <style>{scopeRules}</style>
            <GridHead headers={headers} multiSort={sorting.length > 1} hasFilterRow={hasFilterRow} onSort={onSort} />
            <GridBody
              rows={rows}
              columns={visibleColumns}
              rowSelection={rowSelection}
              expanded={expanded}
              selectable={selectable}
              scrollElement={scrollElement}
              headerHeight={headerHeight}
              headerRowCount={headerRowCount}
              resetKey={orderKey}
              loading={loading}
              emptyText={emptyText}
              onRowClick={handleRowClick}
              onRowToggleSelected={toggleRow}
              onCellMenu={onCellMenu}
              getRowSeverity={getRowSeverity}
            />
          </Box>
        )}
        {loadingMore && (
          <LinearProgress
            aria-label="Loading more"
            sx={{ position: 'absolute', bottom: 0, left: 0, right: 0, zIndex: 3, height: 2 }}
          />
        )}
      </Box>

      {showFooter && (
        <GridFooter
          id={id}
          loaded={data.length}
          total={total}
          pageSize={pageSize}
          pages={pagesLoaded}
          onPageSizeChange={onPageSizeChange}
          selectedCount={selectedCount}
          noun={noun}
        />
      )}

      <CellContextMenu
        state={menu}
        row={menuRow?.original}
        onClose={() => setMenu(null)}
        canSelect={selectable && !!menuRow?.getCanSelect()}
        selected={!!(menuRow && rowSelection[menuRow.id])}
        onAddToSelection={() => menuRow?.toggleSelected(true)}
        onCopy={copy}
        actions={contextActions as readonly GridContextAction<T>[]}
      />
      <ManageColumnsDialog
        open={manageOpen}
        onClose={() => setManageOpen(false)}
        settings={settings}
        columns={managed}
        onChange={applySettings}
        onReset={() => applySettings(defaultColumnSettings(infos))}
      />
    </Paper>
  );
}
