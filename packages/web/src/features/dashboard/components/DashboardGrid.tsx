import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { Responsive, useContainerWidth, type Layout, type LayoutItem } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { DASHBOARD_GRID, type Tile } from '@vigil/contract';
import { layoutsFor, squareIfPie, type Breakpoint } from '../lib/layout';
import { DRAG_HANDLE } from './TileCard';

type Placed = Pick<Tile, 'id' | 'row' | 'col' | 'sizeX' | 'sizeY' | 'item'>;

/** Pie tiles keep height equal to width while they are being resized (features §4.1). */
const square = {
  name: 'square',
  constrainSize: (_item: LayoutItem, w: number) => ({ w, h: w }),
};

const margins: Record<Breakpoint, readonly [number, number]> = {
  xs: [DASHBOARD_GRID.margin.xs, DASHBOARD_GRID.margin.xs],
  xxs: [DASHBOARD_GRID.margin.xxs, DASHBOARD_GRID.margin.xxs],
};

/**
 * The tile grid (features §9 Dashboards): 12 columns from 480 px, 2 below (tiles stack), rows of
 * 100 px. Editors drag by a tile's header and resize from its corner on the 12-column grid; a
 * finished drag or resize hands the whole layout to `onCommit`.
 */
export function DashboardGrid({
  tiles,
  editable,
  onCommit,
  renderTile,
}: {
  tiles: readonly Placed[];
  editable: boolean;
  onCommit?: (layout: Layout) => void;
  renderTile: (tile: Placed) => ReactNode;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('xs');
  const layouts = useMemo(() => {
    const l = layoutsFor(tiles);
    const types = new Map(tiles.map((t) => [String(t.id), t.item.type]));
    return {
      xs: l.xs.map((i) => (types.get(i.i) === 'PieChart' ? { ...i, constraints: [square] } : i)),
      xxs: l.xxs,
    };
  }, [tiles]);
  const canMove = editable && breakpoint === 'xs';
  const commit = (layout: Layout) => {
    if (!canMove || !onCommit) return;
    const types = new Map(tiles.map((t) => [String(t.id), t.item.type]));
    onCommit(layout.map((i) => ({ ...i, ...squareIfPie(types.get(i.i) ?? 'Count', i.w, i.h) })));
  };

  return (
    <Box
      ref={containerRef}
      data-testid="dashboard-grid"
      sx={(t) => ({
        // The grid's margins already frame the tiles; pull the outer ones in to line up with the page.
        mx: `-${breakpoint === 'xs' ? DASHBOARD_GRID.margin.xs : DASHBOARD_GRID.margin.xxs}px`,
        '& .react-grid-item.react-grid-placeholder': {
          bgcolor: alpha(t.palette.primary.main, 0.25),
          borderRadius: 2,
          opacity: 1,
        },
        '& .react-grid-item > .react-resizable-handle': { zIndex: 2 },
        '& .react-grid-item > .react-resizable-handle::after': {
          borderColor: t.palette.text.secondary,
        },
      })}
    >
      {mounted && (
        <Responsive
          width={width}
          breakpoints={DASHBOARD_GRID.breakpoints}
          cols={DASHBOARD_GRID.cols}
          rowHeight={DASHBOARD_GRID.rowHeight}
          margin={margins}
          layouts={layouts}
          onBreakpointChange={(bp) => setBreakpoint(bp as Breakpoint)}
          dragConfig={{ enabled: canMove, handle: `.${DRAG_HANDLE}`, cancel: 'button' }}
          resizeConfig={{ enabled: canMove, handles: ['se'] }}
          onDragStop={(layout) => commit(layout)}
          onResizeStop={(layout) => commit(layout)}
        >
          {tiles.map((t) => (
            <div key={String(t.id)} data-tile-id={t.id} data-tile-type={t.item.type}>
              {renderTile(t)}
            </div>
          ))}
        </Responsive>
      )}
    </Box>
  );
}
