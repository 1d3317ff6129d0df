import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { flexRender, type ExpandedState, type RowData, type RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { GRID_OVERSCAN, GRID_ROW_HEIGHT } from './constants';
import type { GridColumn, GridRow } from './features';
import { severityClass } from './rowTint';
import { blockRangeExtractor } from './virtualRange';

/** Elements inside a row that handle their own clicks (the row click is not fired for them). */
const INTERACTIVE =
  'button, a, input, select, textarea, label, [role="checkbox"], [role="button"], [data-grid-no-row-click]';

interface RowProps<T extends RowData> {
  row: GridRow<T>;
  index: number;
  ariaRowIndex: number;
  /** The visible columns; a new array (order, visibility, definitions changed) re-renders the row. */
  columns: readonly GridColumn<T>[];
  selected: boolean;
  expanded: boolean;
  focusable: boolean;
  selectable: boolean;
  /** `RowSeverity` of the row: tints its background (0 none). */
  severity: number;
}

function GridRowViewInner<T extends RowData>({
  row,
  index,
  ariaRowIndex,
  selected,
  focusable,
  selectable,
  expanded,
  severity,
}: RowProps<T>) {
  const cells = row.getVisibleCells();
  return (
    <div
      role="row"
      className={(selected ? 'vg-row vg-selected' : 'vg-row') + severityClass(severity)}
      aria-rowindex={ariaRowIndex}
      aria-selected={selectable ? selected : undefined}
      aria-expanded={row.getCanExpand() ? expanded : undefined}
      aria-level={row.depth > 0 ? row.depth + 1 : undefined}
      data-index={index}
      data-row-id={row.id}
      tabIndex={focusable ? 0 : -1}
      // `top`, not a transform: a transform gives every row its own paint property node for
      // Chromium to carry through each frame.
      style={{ top: index * GRID_ROW_HEIGHT }}
    >
      {cells.map((cell, i) => {
        const meta = cell.column.columnDef.meta;
        return (
          <div
            key={cell.id}
            role="gridcell"
            // `vg-c<i>`: the width comes from the grid's rule for the column in that position.
            className={`vg-cell vg-c${i}`}
            aria-colindex={i + 1}
            data-column-id={cell.column.id}
            style={{
              textAlign: meta?.align,
              // Group rows: the first data cell is indented by depth.
              paddingLeft: row.depth > 0 && i === firstDataCell(cells) ? 8 + row.depth * 16 : undefined,
            }}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </div>
        );
      })}
      <div className="vg-filler" aria-hidden />
    </div>
  );
}

function firstDataCell(cells: readonly { column: { id: string } }[]): number {
  const i = cells.findIndex((c) => !c.column.id.startsWith('__'));
  return i < 0 ? 0 : i;
}

/** One body row; only re-rendered when its own props change (5,000 rows stay smooth). */
const GridRowView = memo(GridRowViewInner) as typeof GridRowViewInner;

export interface GridBodyProps<T extends RowData> {
  rows: readonly GridRow<T>[];
  columns: readonly GridColumn<T>[];
  rowSelection: RowSelectionState;
  expanded: ExpandedState;
  selectable: boolean;
  /** The scroll container (state, not a ref: it is attached after this component's effects). */
  scrollElement: HTMLDivElement | null;
  /** Height of the sticky header above the body, inside the scroll container. */
  headerHeight: number;
  /** Header rows counted by aria-rowindex before the first body row. */
  headerRowCount: number;
  /** Changes when the sort or the filters change: scrolls back to the top. */
  resetKey: string;
  loading: boolean;
  emptyText: string;
  onRowClick: ((rowId: string, index: number) => void) | undefined;
  onRowToggleSelected: (rowId: string) => void;
  onCellMenu: (rowId: string, text: string, x: number, y: number) => void;
  getRowSeverity?: (row: T) => number;
}

function cellText(el: Element | null): string {
  return ((el as HTMLElement | null)?.innerText ?? el?.textContent ?? '').trim();
}

/**
 * The virtualised rows: fixed 35 px rows, 4 rows of overscan, rendered in blocks of 8.
 * Clicks, right-clicks and keys are handled here once for all rows. Keyboard: arrows,
 * Page Up/Down, Home/End move between rows, Space selects, Enter opens, Shift+F10 or the
 * context-menu key opens the row menu.
 */
function GridBodyInner<T extends RowData>({
  rows,
  columns,
  rowSelection,
  expanded,
  selectable,
  scrollElement,
  headerHeight,
  headerRowCount,
  resetKey,
  loading,
  emptyText,
  onRowClick,
  onRowToggleSelected,
  onCellMenu,
  getRowSeverity,
}: GridBodyProps<T>) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const count = rows.length;
  // Stable while the rows are: a new function makes the virtualizer re-measure every row
  // (5,000 of them) on every render, that is on every frame of a scroll.
  const getItemKey = useCallback((i: number) => rows[i]?.id ?? i, [rows]);

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; rows are memoised by hand
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollElement,
    estimateSize: () => GRID_ROW_HEIGHT,
    overscan: GRID_OVERSCAN,
    rangeExtractor: blockRangeExtractor,
    scrollMargin: headerHeight,
    getItemKey,
    useFlushSync: false,
  });
  // Back to the top when the sort or the filters change (through the virtualizer, which
  // would otherwise restore its own offset).
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [virtualizer, resetKey]);
  const items = virtualizer.getVirtualItems();
  const first = items.length ? items[0].index : 0;
  const last = items.length ? items[items.length - 1].index : -1;
  // The row reached by Tab: the focused one while rendered, else the nearest rendered one.
  const tabIndexRow = Math.min(Math.max(Math.min(focusIndex, count - 1), first), last);

  useLayoutEffect(() => {
    if (!focusRequest) return;
    const el = bodyRef.current?.querySelector<HTMLElement>(`[data-index="${tabIndexRow}"]`);
    el?.focus({ preventScroll: true });
  }, [focusRequest, tabIndexRow]);

  // Rows removed (new query): keep the focus index inside the rows there are.
  useEffect(() => {
    if (focusIndex >= count && count > 0) setFocusIndex(count - 1);
  }, [count, focusIndex]);

  const rowOf = (target: EventTarget | null) => {
    const el = (target as Element | null)?.closest?.('[data-row-id]') as HTMLElement | null;
    if (!el || !bodyRef.current?.contains(el)) return null;
    return { el, id: el.dataset.rowId!, index: Number(el.dataset.index) };
  };

  const moveFocus = (to: number) => {
    if (!count) return;
    const index = Math.max(0, Math.min(count - 1, to));
    setFocusIndex(index);
    setFocusRequest((n) => n + 1);
    virtualizer.scrollToIndex(index, { align: 'auto' });
  };

  const openMenuFor = (el: HTMLElement, cell: Element | null, id: string) => {
    const target = cell ?? el.querySelector('[role="gridcell"]:not([data-column-id^="__"])') ?? el;
    const rect = target.getBoundingClientRect();
    onCellMenu(id, cellText(target), rect.left + 8, rect.bottom - 4);
  };

  return (
    <div
      ref={bodyRef}
      role="rowgroup"
      className="vg-body"
      style={{ height: count ? virtualizer.getTotalSize() : undefined }}
      onClick={(e) => {
        const hit = rowOf(e.target);
        if (!hit) return;
        setFocusIndex(hit.index);
        if (onRowClick && !(e.target as Element).closest(INTERACTIVE)) onRowClick(hit.id, hit.index);
      }}
      onContextMenu={(e) => {
        const hit = rowOf(e.target);
        if (!hit) return;
        e.preventDefault();
        setFocusIndex(hit.index);
        const cell = (e.target as Element).closest('[role="gridcell"]');
        onCellMenu(hit.id, cellText(cell), e.clientX, e.clientY);
      }}
      onKeyDown={(e) => {
        const hit = rowOf(e.target);
        if (!hit || e.target !== hit.el) return;
        const pageRows = Math.max(1, Math.floor((scrollElement?.clientHeight ?? 0) / GRID_ROW_HEIGHT) - 1);
        const keys: Record<string, number> = {
          ArrowDown: hit.index + 1,
          ArrowUp: hit.index - 1,
          PageDown: hit.index + pageRows,
          PageUp: hit.index - pageRows,
          Home: 0,
          End: count - 1,
        };
        if (e.key in keys) {
          e.preventDefault();
          moveFocus(keys[e.key]);
        } else if (e.key === ' ' && selectable) {
          e.preventDefault();
          onRowToggleSelected(hit.id);
        } else if (e.key === 'Enter' && onRowClick) {
          e.preventDefault();
          onRowClick(hit.id, hit.index);
        } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
          e.preventDefault();
          openMenuFor(hit.el, null, hit.id);
        }
      }}
    >
      {loading && count === 0
        ? Array.from({ length: 8 }, (_, i) => (
            <div key={i} role="row" className="vg-row vg-static" aria-rowindex={headerRowCount + i + 1}>
              {columns.map((c, ci) => (
                <div key={c.id} role="gridcell" className={`vg-cell vg-c${ci}`}>
                  {!c.id.startsWith('__') && (
                    <Skeleton variant="text" width={`${55 + ((i * 7 + c.id.length * 5) % 35)}%`} />
                  )}
                </div>
              ))}
            </div>
          ))
        : items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <GridRowView
                key={row.id}
                row={row}
                index={item.index}
                ariaRowIndex={headerRowCount + item.index + 1}
                columns={columns}
                selected={!!rowSelection[row.id]}
                expanded={expanded === true || !!expanded[row.id]}
                focusable={item.index === tabIndexRow}
                selectable={selectable}
                severity={getRowSeverity ? getRowSeverity(row.original) : 0}
              />
            );
          })}
      {!loading && count === 0 && (
        <div role="row" className="vg-static" aria-rowindex={headerRowCount + 1}>
          <Box
            role="gridcell"
            aria-colspan={Math.max(1, columns.length)}
            // As wide as the viewport and pinned to its left edge, so the text stays centred.
            sx={{ position: 'sticky', left: 0, width: 'var(--grid-viewport-width, 100%)', py: 6, px: 2 }}
          >
            <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{emptyText}</Typography>
          </Box>
        </div>
      )}
    </div>
  );
}

export const GridBody = memo(GridBodyInner) as typeof GridBodyInner;
