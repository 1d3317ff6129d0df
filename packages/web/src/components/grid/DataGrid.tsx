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
 *   counted from `pageSize`); the footer shows "Loaded X of Y (N pages)".
 * - `loading` (skeleton rows, or a progress bar over loaded rows), `emptyText`, `toolbar`
 *   (shown left of the grid menu), `height` of the grid (default 600 px).
 * Errors are the caller's to show. Below the `md` breakpoint rows become tiles.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  functionalUpdate,
  useTable,
  type ColumnFiltersState,
  type ColumnSizingState,
  type ExpandedState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Messages } from '@vigil/contract';
import { copyText } from '../../lib/clipboard';
import { useSnackbar } from '../snackbar';
import { CellContextMenu, type CellMenuState, type GridContextAction } from './CellContextMenu';
import {
  columnWidthVar,
  defaultColumnSettings,
  EMPTY_COLUMN_SETTINGS,
  normalizeColumnSettings,
  resetWidths,
  setColumnWidths,
  visibilityState,
  type ColumnInfo,
  type ColumnSettings,
} from './columnSettings';
import {
  EXPAND_COLUMN_ID,
  GRID_DEFAULT_COLUMN_WIDTH,
  GRID_DEFAULT_PAGE_SIZE,
  GRID_FILTER_ROW_HEIGHT,
  GRID_HEADER_HEIGHT,
  GRID_MIN_COLUMN_WIDTH,
  GRID_ROW_HEIGHT,
  GRID_WIDTH_SAVE_DEBOUNCE_MS,
  SELECT_COLUMN_ID,
} from './constants';
import { createDelay } from './debounce';
import { columnLabel, gridFeatures, type GridColumnDef } from './features';
import { columnInfos } from './columnInfo';
import { expandColumn, isGridColumn, selectColumn } from './gridColumns';
import { GridBody } from './GridBody';
import { GridFilterCell, GridHeaderCell } from './GridHeader';
import { GridFooter } from './GridFooter';
import { GridMenu } from './GridMenu';
import { shouldLoadMore } from './loading';
import { ManageColumnsDialog } from './ManageColumnsDialog';
import { nextSorting } from './sorting';
import { TileSortControl } from './TileSortControl';
import { tileLayout } from './tiles';
import { TileView } from './TileView';
import { useControllableState } from './useControllableState';

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
}

const NO_SORTING: SortingState = [];
const NO_FILTERS: ColumnFiltersState = [];
const NO_SELECTION: RowSelectionState = {};
const NO_ACTIONS: readonly GridContextAction<never>[] = [];
const DEFAULT_COLUMN = {
  size: GRID_DEFAULT_COLUMN_WIDTH,
  minSize: GRID_MIN_COLUMN_WIDTH,
  filterFn: 'includesString',
} as const;

function clampSizing(sizing: ColumnSizingState, infos: readonly ColumnInfo[]): ColumnSizingState {
  return { ...sizing, ...setColumnWidths(EMPTY_COLUMN_SETTINGS, sizing, infos).widths };
}

function sameWidths(a: ColumnSizingState, b: ColumnSizingState): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/**
 * Light cell parts for grids with thousands of rows (rows mount while scrolling, so a cell
 * should cost a span, not a component tree): a status pill (`vg-pill`, its colour in the
 * `--pill` custom property), outlined tags (`vg-tag`) and a plain icon button (`vg-icon-btn`).
 */
function cellStyles(theme: Theme) {
  const dark = theme.palette.mode === 'dark';
  return {
    '& .vg-pill': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '6px',
      height: 24,
      boxSizing: 'border-box',
      px: '10px',
      borderRadius: '12px',
      fontSize: 13,
      fontWeight: 600,
      lineHeight: 1,
      verticalAlign: 'middle',
      whiteSpace: 'nowrap',
      color: dark ? 'color-mix(in srgb, var(--pill) 82%, #fff)' : 'color-mix(in srgb, var(--pill) 62%, #000)',
      backgroundColor: `color-mix(in srgb, var(--pill) ${dark ? 16 : 12}%, transparent)`,
      border: `1px solid color-mix(in srgb, var(--pill) ${dark ? 40 : 35}%, transparent)`,
    },
    '& .vg-pill-dot': { width: 8, height: 8, borderRadius: '50%', backgroundColor: 'var(--pill)', flexShrink: 0 },
    '& .vg-tag': {
      display: 'inline-block',
      maxWidth: 120,
      height: 22,
      boxSizing: 'border-box',
      px: '8px',
      mr: 0.5,
      borderRadius: '11px',
      border: `1px solid ${theme.palette.divider}`,
      fontSize: 12.5,
      fontWeight: 500,
      lineHeight: '20px',
      verticalAlign: 'middle',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .vg-tag-more': { backgroundColor: theme.palette.action.selected, borderColor: 'transparent' },
    // The Audit history bar (HistoryBar in a grid): the bar, its painted days, and the boxes
    // marking the selected and the hovered day.
    '& .vg-hbar': {
      position: 'relative',
      display: 'inline-block',
      width: '100%',
      borderRadius: '4px',
      overflow: 'hidden',
      verticalAlign: 'middle',
      cursor: 'pointer',
      backgroundColor: alpha(theme.palette.text.primary, 0.05),
    },
    '& .vg-hfill, & .vg-hmark': { position: 'absolute', top: 0, bottom: 0, left: 0, right: 0, pointerEvents: 'none' },
    '& .vg-hmark': { right: 'auto', outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: -2 },
    '& .vg-hmark-hover': { outlineColor: alpha(theme.palette.text.primary, 0.55) },
    // Text with a coloured dot before it (days in status), a strong text, a count as a link.
    '& .vg-dot-text': { display: 'inline-flex', alignItems: 'center', gap: '6px' },
    '& .vg-dot': { width: 8, height: 8, borderRadius: '50%', backgroundColor: 'var(--dot)' },
    '& .vg-strong': { fontWeight: 600 },
    '& .vg-count-btn': {
      background: 'none',
      border: 0,
      padding: '2px 4px',
      font: 'inherit',
      cursor: 'pointer',
      minWidth: 28,
      textAlign: 'right',
      textDecoration: 'underline',
      textUnderlineOffset: 3,
      color: 'inherit',
    },
    '& .vg-count-btn.vg-some': { fontWeight: 700 },
    '& .vg-icon-btn': {
      display: 'inline-grid',
      placeItems: 'center',
      width: 30,
      height: 30,
      p: 0,
      border: 0,
      borderRadius: '50%',
      background: 'none',
      color: theme.palette.action.active,
      cursor: 'pointer',
      verticalAlign: 'middle',
      '&:hover': { backgroundColor: theme.palette.action.hover },
      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
    },
  } as const;
}

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
}: DataGridProps<T>) {
  const autoId = useId();
  const id = idProp ?? `grid-${autoId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const theme = useTheme();
  const tiles = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const snackbar = useSnackbar();
  const selectable = enableRowSelection !== false;
  const expandable = !!getSubRows;

  // Column settings: the caller's (server, localStorage) or the grid's own, fitted to the columns.
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
    () => [...(expandable ? [EXPAND_COLUMN_ID] : []), ...(selectable ? [SELECT_COLUMN_ID] : []), ...settings.order],
    [expandable, selectable, settings.order],
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
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollElement(el);
  }, []);
  const tileScrollRef = useRef<HTMLDivElement>(null);
  const [viewportWidth, setViewportWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!scrollElement || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setViewportWidth(Math.round(entry.contentRect.width)));
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement]);
  const loadState = useRef({ hasMore, loadingMore, onLoadMore, requestedAt: -1, loaded: data.length });
  useLayoutEffect(() => {
    const s = loadState.current;
    // A finished (or failed) request, or a new list, may ask again.
    if (!loadingMore || data.length !== s.loaded) s.requestedAt = -1;
    Object.assign(s, { hasMore, loadingMore, onLoadMore, loaded: data.length });
  });
  const maybeLoadMore = useCallback(() => {
    const s = loadState.current;
    const el = tiles ? tileScrollRef.current : scrollRef.current;
    if (!el || !s.onLoadMore || s.requestedAt === s.loaded) return;
    const near = shouldLoadMore({
      scrollTop: el.scrollTop,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
      hasMore: s.hasMore,
      loading: s.loadingMore,
    });
    if (!near) return;
    s.requestedAt = s.loaded;
    s.onLoadMore();
  }, [tiles]);
  useEffect(() => {
    if (!loading) maybeLoadMore();
  }, [maybeLoadMore, data.length, hasMore, loadingMore, loading]);

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

  const [manageOpen, setManageOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  const leafColumns = table.getAllLeafColumns();
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

  const allSelected = useMemo(() => {
    const selectableRows = rows.filter((r) => r.getCanSelect());
    return selectableRows.length > 0 && selectableRows.every((r) => rowSelection[r.id]);
  }, [rows, rowSelection]);
  const selectedCount = Object.keys(rowSelection).length;
  const showFooter = !!onLoadMore || total !== undefined || !!onPageSizeChange;

  const widthVars: Record<string, string> = { '--grid-total-width': `${table.getTotalSize()}px` };
  for (const h of headers) widthVars[columnWidthVar(h.column.id)] = `${h.getSize()}px`;
  if (viewportWidth) widthVars['--grid-viewport-width'] = `${viewportWidth}px`;
  // Each body cell takes its width from one rule per column (class `vg-c<position>`), not from
  // an inline style: a row entering the view while scrolling then sets no width of its own.
  const scope = autoId.replace(/[^a-zA-Z0-9_-]/g, '');
  const cellWidthRules = visibleColumns
    .map((c, i) => `[data-grid-scope="${scope}"] .vg-c${i}{width:var(${columnWidthVar(c.id)})}`)
    .join('');
  // The body meets the Paper's rounded bottom corners only when no footer is shown.
  const bottomRadius = !fullscreen && !showFooter ? '13px' : undefined;
  const headerBg = `linear-gradient(${alpha(theme.palette.text.primary, 0.03)}, ${alpha(theme.palette.text.primary, 0.03)}), ${theme.palette.background.paper}`;

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
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          minHeight: 52,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {/* Tiles (small screens): the toolbar keeps its widest control whole and the sort control wraps below. */}
        <Box
          sx={{
            flex: 1,
            minWidth: tiles ? 'auto' : 0,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          {toolbar}
        </Box>
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
      </Box>

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
            sx={{
              flex: 1,
              minHeight: 0,
              overflow: 'auto',
              // An opaque, composited scroller: Chromium scrolls it on the compositor thread, so
              // a frame never waits for rows being rendered (a transparent one it scrolls on the
              // main thread).
              bgcolor: 'background.paper',
              willChange: 'scroll-position',
              fontSize: '0.875rem',
              '& .vg-head': {
                position: 'sticky',
                top: 0,
                zIndex: 2,
                width: 'var(--grid-total-width)',
                minWidth: '100%',
                background: headerBg,
                borderBottom: 1,
                borderColor: 'divider',
              },
              '& .vg-head-row, & .vg-filter-row': { display: 'flex' },
              '& .vg-head-row': { height: GRID_HEADER_HEIGHT },
              '& .vg-filter-row': { height: GRID_FILTER_ROW_HEIGHT, borderTop: 1, borderColor: 'divider' },
              '& .vg-hcell': {
                flex: '0 0 auto',
                position: 'relative',
                display: 'flex',
                alignItems: 'center',
                boxSizing: 'border-box',
                px: 1,
                minWidth: 0,
                fontSize: '0.72rem',
                fontWeight: 700,
                textTransform: 'uppercase',
                letterSpacing: '0.06em',
                color: 'text.secondary',
                whiteSpace: 'nowrap',
              },
              '& .vg-hcell.vg-own': { px: 0, justifyContent: 'center' },
              '& .vg-hlabel': { overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 },
              '& .vg-sort': {
                display: 'flex',
                alignItems: 'center',
                gap: 0.5,
                maxWidth: '100%',
                minWidth: 0,
                height: 28,
                px: 0.5,
                mx: -0.5,
                borderRadius: 1,
                font: 'inherit',
                letterSpacing: 'inherit',
                textTransform: 'inherit',
                color: 'inherit',
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
              },
              '& .vg-sort-icon': { display: 'inline-flex', alignItems: 'center', opacity: 0, flexShrink: 0 },
              '& .vg-sort:hover .vg-sort-icon': { opacity: 0.45 },
              '& .vg-sorted': { color: 'text.primary' },
              '& .vg-sorted .vg-sort-icon, & .vg-sorted:hover .vg-sort-icon': { opacity: 1, color: 'primary.main' },
              '& .vg-sort-icon sup': { fontSize: '0.6rem', ml: '1px' },
              '& .vg-resizer': {
                position: 'absolute',
                top: 0,
                right: 0,
                bottom: 0,
                width: 8,
                cursor: 'col-resize',
                touchAction: 'none',
                userSelect: 'none',
                zIndex: 1,
                '&::after': {
                  content: '""',
                  position: 'absolute',
                  top: 8,
                  bottom: 8,
                  right: 0,
                  width: '1px',
                  bgcolor: 'divider',
                },
                '&:hover::after, &:focus-visible::after, &.vg-resizing::after': {
                  top: 0,
                  bottom: 0,
                  width: 3,
                  bgcolor: 'primary.main',
                },
                '&:focus-visible': { outline: 'none' },
              },
              '& .vg-fcell': {
                flex: '0 0 auto',
                display: 'flex',
                alignItems: 'center',
                boxSizing: 'border-box',
                px: 0.75,
              },
              '& .vg-body': { position: 'relative', width: 'var(--grid-total-width)', minWidth: '100%' },
              '& .vg-row': {
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: GRID_ROW_HEIGHT,
                display: 'flex',
                boxSizing: 'border-box',
                borderBottom: 1,
                borderColor: 'divider',
                cursor: onRowClick ? 'pointer' : undefined,
                '&:hover': { bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.06 : 0.035) },
                '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
              },
              '& .vg-row.vg-selected': {
                bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.09),
              },
              '& .vg-static': { position: 'relative' },
              '& .vg-cell': {
                flex: '0 0 auto',
                boxSizing: 'border-box',
                px: 1,
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                textOverflow: 'ellipsis',
                lineHeight: `${GRID_ROW_HEIGHT - 1}px`,
              },
              '& .vg-cell > .MuiCheckbox-root, & .vg-cell > .MuiChip-root': { verticalAlign: 'middle' },
              '& .vg-check': {
                width: 16,
                height: 16,
                m: 0,
                verticalAlign: 'middle',
                cursor: 'pointer',
                accentColor: theme.palette.primary.main,
                colorScheme: theme.palette.mode,
              },
              '& .vg-filler': { flex: '1 1 0', minWidth: 0 },
            }}
          >
            <style>{cellWidthRules}</style>
            <div role="rowgroup" className="vg-head">
              <div role="row" aria-rowindex={1} className="vg-head-row">
                {headers.map((h, i) => (
                  <GridHeaderCell
                    key={h.id}
                    header={h}
                    index={i}
                    multiSortIndex={sorting.length > 1 ? h.column.getSortIndex() + 1 : 0}
                    onSort={onSort}
                  />
                ))}
                <div className="vg-filler" aria-hidden />
              </div>
              {hasFilterRow && (
                <div role="row" aria-rowindex={2} className="vg-filter-row">
                  {headers.map((h, i) => (
                    <GridFilterCell key={h.id} header={h} index={i} />
                  ))}
                  <div className="vg-filler" aria-hidden />
                </div>
              )}
            </div>
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
