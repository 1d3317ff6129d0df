import ButtonBase from '@mui/material/ButtonBase';
import ArrowDownwardRoundedIcon from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRoundedIcon from '@mui/icons-material/ArrowUpwardRounded';
import { flexRender, type Header, type RowData } from '@tanstack/react-table';
import { columnWidthVar } from './columnSettings';
import { GRID_MIN_COLUMN_WIDTH } from './constants';
import { columnLabel, type GridFeatures } from './features';
import { HeaderFilterInput } from './HeaderFilterInput';
import { ariaSort, type SortDirection } from './sorting';

const RESIZE_STEP = 16;

/**
 * One column header: a button that sorts (Shift+click adds the column to the sort), its
 * `aria-sort`, and a resize handle on the right edge (drag it, or focus it and use the
 * arrow keys; double-click restores the default width).
 */
export function GridHeaderCell<T extends RowData>({
  header,
  index,
  multiSortIndex,
  onSort,
}: {
  header: Header<GridFeatures, T, unknown>;
  index: number;
  /** 1-based position in a sort by several columns, else 0. */
  multiSortIndex: number;
  onSort: (columnId: string, multi: boolean) => void;
}) {
  const column = header.column;
  const meta = column.columnDef.meta;
  const label = columnLabel(column);
  const canSort = column.getCanSort();
  const dir: SortDirection = column.getIsSorted();
  const canResize = column.getCanResize();
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const justify = meta?.align === 'right' ? 'flex-end' : meta?.align === 'center' ? 'center' : 'flex-start';
  const size = header.getSize();
  const min = column.columnDef.minSize ?? GRID_MIN_COLUMN_WIDTH;

  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={canSort ? ariaSort(dir) : undefined}
      className={`vg-hcell vg-c${index}${column.id.startsWith('__') ? ' vg-own' : ''}`}
      data-column-id={column.id}
      style={{ width: `var(${columnWidthVar(column.id)})`, justifyContent: justify }}
    >
      {canSort ? (
        <ButtonBase
          className={`vg-sort${dir ? ' vg-sorted' : ''}`}
          onClick={(e) => onSort(column.id, e.shiftKey)}
          title={`Sort by ${label}`}
          sx={{ justifyContent: justify, flexDirection: meta?.align === 'right' ? 'row-reverse' : 'row' }}
        >
          <span className="vg-hlabel">{content}</span>
          <span className="vg-sort-icon" aria-hidden>
            {dir === 'desc' ? (
              <ArrowDownwardRoundedIcon sx={{ fontSize: 15 }} />
            ) : (
              <ArrowUpwardRoundedIcon sx={{ fontSize: 15 }} />
            )}
            {multiSortIndex > 0 && <sup>{multiSortIndex}</sup>}
          </span>
        </ButtonBase>
      ) : (
        <span className="vg-hlabel">{content}</span>
      )}
      {canResize && (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={`Resize ${label} column`}
          aria-valuenow={Math.round(size)}
          aria-valuemin={min}
          tabIndex={0}
          className={`vg-resizer${column.getIsResizing() ? ' vg-resizing' : ''}`}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => column.resetSize()}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            const delta = e.key === 'ArrowRight' ? RESIZE_STEP : e.key === 'ArrowLeft' ? -RESIZE_STEP : 0;
            if (!delta) return;
            e.preventDefault();
            const next = Math.max(min, Math.round(size + delta));
            header.getContext().table.setColumnSizing((old) => ({ ...old, [column.id]: next }));
          }}
        />
      )}
    </div>
  );
}

/** One cell of the filter row: a text filter for columns with `meta.headerFilter`. */
export function GridFilterCell<T extends RowData>({
  header,
  index,
}: {
  header: Header<GridFeatures, T, unknown>;
  index: number;
}) {
  const column = header.column;
  const enabled = !!column.columnDef.meta?.headerFilter && column.getCanFilter();
  const value = column.getFilterValue();
  const label = columnLabel(column);
  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-label={enabled ? `${label} filter` : undefined}
      className={`vg-fcell vg-c${index}`}
      style={{ width: `var(${columnWidthVar(column.id)})` }}
    >
      {enabled && (
        <HeaderFilterInput
          value={value == null ? '' : String(value)}
          label={label}
          onCommit={(v) => column.setFilterValue(v === '' ? undefined : v)}
        />
      )}
    </div>
  );
}

/** The sticky head of the grid: the header row and, when a column has a header filter, the filter row. */
export function GridHead<T extends RowData>({
  headers,
  multiSort,
  hasFilterRow,
  onSort,
}: {
  headers: readonly Header<GridFeatures, T, unknown>[];
  /** The rows are sorted by several columns: headers show their position in the sort. */
  multiSort: boolean;
  hasFilterRow: boolean;
  onSort: (columnId: string, multi: boolean) => void;
}) {
  return (
    <div role="rowgroup" className="vg-head">
      <div role="row" aria-rowindex={1} className="vg-head-row">
        {headers.map((h, i) => (
          <GridHeaderCell
            key={h.id}
            header={h}
            index={i}
            multiSortIndex={multiSort ? h.column.getSortIndex() + 1 : 0}
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
  );
}
