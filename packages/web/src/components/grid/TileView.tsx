import { memo, useEffect, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import MoreVertRoundedIcon from '@mui/icons-material/MoreVertRounded';
import { flexRender, type RowData, type RowSelectionState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { GRID_OVERSCAN } from './constants';
import { columnLabel, type GridColumn, type GridRow } from './features';
import type { TileLayout } from './tiles';

const TILE_ESTIMATE = 112;
const TILE_GAP = 8;

function renderCell<T extends RowData>(row: GridRow<T>, column: GridColumn<T> | undefined) {
  if (!column) return null;
  const cell = row.getAllCellsByColumnId()[column.id];
  return cell ? flexRender(column.columnDef.cell, cell.getContext()) : null;
}

interface TileProps<T extends RowData> {
  row: GridRow<T>;
  index: number;
  setSize: number;
  layout: TileLayout<GridColumn<T>>;
  selected: boolean;
  selectable: boolean;
  clickable: boolean;
  withMenu: boolean;
}

function TileInner<T extends RowData>({
  row,
  index,
  setSize,
  layout,
  selected,
  selectable,
  clickable,
  withMenu,
}: TileProps<T>) {
  const { title, subtitle, fields } = layout;
  return (
    <Box
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-selected={selectable ? selected : undefined}
      data-row-id={row.id}
      data-index={index}
      className={selected ? 'vg-tile vg-selected' : 'vg-tile'}
      tabIndex={clickable ? 0 : undefined}
      sx={{ cursor: clickable ? 'pointer' : undefined }}
    >
      {selectable && row.getCanSelect() && (
        <Checkbox
          size="small"
          checked={selected}
          onChange={row.getToggleSelectedHandler()}
          slotProps={{ input: { 'aria-label': 'Select row' } }}
          sx={{ p: 0.5, mt: -0.25 }}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component="div" className="vg-tile-title">
          {renderCell(row, title)}
        </Typography>
        {subtitle && (
          <Typography component="div" variant="body2" className="vg-tile-subtitle">
            {renderCell(row, subtitle)}
          </Typography>
        )}
        {fields.length > 0 && (
          <dl className="vg-tile-fields">
            {fields.map((f) => (
              <Box key={f.id} sx={{ display: 'contents' }}>
                <dt>{columnLabel(f)}</dt>
                <dd>{renderCell(row, f)}</dd>
              </Box>
            ))}
          </dl>
        )}
      </Box>
      {withMenu && (
        <IconButton size="small" aria-label="Row actions" data-tile-menu sx={{ mt: -0.5, mr: -0.5 }}>
          <MoreVertRoundedIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

const Tile = memo(TileInner) as typeof TileInner;

/**
 * The grid on small screens: every row a card with its title (two lines at most), subtitle
 * and fields, virtualised like the rows (cards are measured, as their height varies).
 */
function TileViewInner<T extends RowData>({
  label,
  rows,
  layout,
  rowSelection,
  selectable,
  loading,
  emptyText,
  total,
  scrollRef,
  onScroll,
  resetKey,
  onRowClick,
  onMenu,
  withMenu,
}: {
  label: string;
  rows: readonly GridRow<T>[];
  layout: TileLayout<GridColumn<T>>;
  rowSelection: RowSelectionState;
  selectable: boolean;
  loading: boolean;
  emptyText: string;
  total: number | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  resetKey: string;
  onRowClick: ((rowId: string) => void) | undefined;
  onMenu: (rowId: string, text: string, x: number, y: number) => void;
  withMenu: boolean;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; tiles are memoised by hand
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TILE_ESTIMATE,
    overscan: GRID_OVERSCAN,
    gap: TILE_GAP,
    paddingStart: TILE_GAP,
    paddingEnd: TILE_GAP,
    getItemKey: (i) => rows[i]?.id ?? i,
    useFlushSync: false,
  });
  // Back to the top when the sort or the filters change (through the virtualizer, which
  // would otherwise restore its own offset).
  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [virtualizer, resetKey]);
  const items = virtualizer.getVirtualItems();
  const setSize = Math.max(total ?? 0, rows.length);

  const hit = (target: EventTarget | null) => {
    const el = (target as Element | null)?.closest?.('[data-row-id]') as HTMLElement | null;
    return el ? { el, id: el.dataset.rowId! } : null;
  };
  const titleText = (el: HTMLElement) => (el.querySelector<HTMLElement>('.vg-tile-title')?.innerText ?? '').trim();

  return (
    <Box
      ref={scrollRef}
      className="vg-tiles"
      onScroll={onScroll}
      sx={(theme) => ({
        flex: 1,
        minHeight: 0,
        overflow: 'auto',
        '& .vg-tile': {
          display: 'flex',
          gap: 1,
          alignItems: 'flex-start',
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
        },
        '& .vg-tile.vg-selected': {
          bgcolor: alpha(theme.palette.primary.main, 0.08),
          borderColor: alpha(theme.palette.primary.main, 0.45),
        },
        '& .vg-tile-title': {
          fontWeight: 600,
          fontSize: '0.95rem',
          lineHeight: 1.35,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          wordBreak: 'break-word',
        },
        '& .vg-tile-subtitle': {
          color: 'text.secondary',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          mt: 0.25,
        },
        '& .vg-tile-fields': {
          display: 'grid',
          gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
          columnGap: 1.5,
          rowGap: 0.25,
          m: 0,
          mt: 0.75,
          fontSize: '0.8125rem',
          '& dt': { color: 'text.secondary', whiteSpace: 'nowrap' },
          '& dd': { m: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        },
      })}
    >
      {loading && rows.length === 0 ? (
        <Box sx={{ p: 1, display: 'grid', gap: 1 }}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={TILE_ESTIMATE - 16} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', py: 6, px: 2 }}>{emptyText}</Typography>
      ) : (
        <Box
          role="list"
          aria-label={label}
          sx={{ position: 'relative', height: virtualizer.getTotalSize() }}
          onClick={(e) => {
            const h = hit(e.target);
            if (!h) return;
            const target = e.target as Element;
            if (target.closest('[data-tile-menu]')) {
              const rect = target.closest('[data-tile-menu]')!.getBoundingClientRect();
              onMenu(h.id, titleText(h.el), rect.left, rect.bottom);
              return;
            }
            if (onRowClick && !target.closest('button, a, input, label, [role="checkbox"]')) onRowClick(h.id);
          }}
          onKeyDown={(e) => {
            const h = hit(e.target);
            if (!h || e.target !== h.el) return;
            if (e.key === 'Enter' && onRowClick) {
              e.preventDefault();
              onRowClick(h.id);
            }
          }}
          onContextMenu={(e) => {
            const h = hit(e.target);
            if (!h) return;
            e.preventDefault();
            onMenu(h.id, titleText(h.el), e.clientX, e.clientY);
          }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: TILE_GAP,
                  right: TILE_GAP,
                  transform: `translateY(${item.start}px)`,
                }}
              >
                <Tile
                  row={row}
                  index={item.index}
                  setSize={setSize}
                  layout={layout}
                  selected={!!rowSelection[row.id]}
                  selectable={selectable}
                  clickable={!!onRowClick}
                  withMenu={withMenu}
                />
              </div>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

export const TileView = memo(TileViewInner) as typeof TileViewInner;
