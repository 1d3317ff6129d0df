// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TileType } from '@vigil/contract';
import { applyPositions, bottomRow, changedPositions, clampSize, xsLayout, xxsLayout } from './layout';

const tile = (id: number, type: TileType, col: number, row: number, sizeX: number, sizeY: number) => ({
  id,
  col,
  row,
  sizeX,
  sizeY,
  item: { type },
  title: `t${id}`,
});

describe('tile layout', () => {
  const tiles = [
    tile(1, 'Histogram', 0, 0, 6, 3),
    tile(2, 'PieChart', 6, 0, 3, 3),
    tile(3, 'Count', 9, 0, 1, 1),
    tile(4, 'Bar', 0, 3, 4, 2),
  ];

  it('maps positions to the 12-column layout with the minimum sizes of each type', () => {
    expect(xsLayout(tiles)).toEqual([
      { i: '1', x: 0, y: 0, w: 6, h: 3, minW: 3, minH: 2 },
      { i: '2', x: 6, y: 0, w: 3, h: 3, minW: 2, minH: 2 },
      { i: '3', x: 9, y: 0, w: 1, h: 1, minW: 1, minH: 1 },
      { i: '4', x: 0, y: 3, w: 4, h: 2, minW: 2, minH: 2 },
    ]);
  });

  it('repairs stored sizes below the minimum, pies that are not square and tiles past the right edge', () => {
    const [h, p, c] = xsLayout([
      tile(1, 'Histogram', 0, 0, 1, 1),
      tile(2, 'PieChart', 0, 2, 4, 2),
      tile(3, 'Count', 11, 0, 3, 1),
    ]);
    expect([h.w, h.h]).toEqual([3, 2]);
    expect([p.w, p.h]).toEqual([4, 4]);
    expect([c.x, c.w]).toEqual([9, 3]);
  });

  it('stacks tiles full width in reading order on the 2-column grid', () => {
    const stacked = xxsLayout([tiles[3], tiles[2], tiles[0], tiles[1]]);
    expect(stacked.map((i) => i.i)).toEqual(['1', '2', '3', '4']);
    expect(stacked.map((i) => [i.x, i.w])).toEqual([
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 2],
    ]);
    expect(stacked.map((i) => i.y)).toEqual([0, 3, 6, 7]);
  });

  it('reports only the tiles a drag or resize changed', () => {
    const layout = xsLayout(tiles).map((i) => (i.i === '3' ? { ...i, x: 11, y: 2 } : i));
    expect(changedPositions(tiles, layout)).toEqual([{ id: 3, row: 2, col: 11, sizeX: 1, sizeY: 1 }]);
    expect(changedPositions(tiles, xsLayout(tiles))).toEqual([]);
  });

  it('keeps a resized pie square and ignores items that are not tiles', () => {
    const layout = [
      { i: '2', x: 6, y: 0, w: 4, h: 3 },
      { i: 'placeholder', x: 0, y: 0, w: 1, h: 1 },
    ];
    expect(changedPositions(tiles, layout)).toEqual([{ id: 2, row: 0, col: 6, sizeX: 4, sizeY: 4 }]);
  });

  it('applies position changes to the cached tiles and leaves the rest as they were', () => {
    const next = applyPositions(tiles, [{ id: 4, row: 5, col: 2, sizeX: 5, sizeY: 3 }]);
    expect(next[3]).toMatchObject({ id: 4, row: 5, col: 2, sizeX: 5, sizeY: 3, title: 't4' });
    expect(next.slice(0, 3)).toEqual(tiles.slice(0, 3));
    // The input is not touched, so a failed save can put it back.
    expect(tiles[3]).toMatchObject({ row: 3, col: 0, sizeX: 4, sizeY: 2 });
  });

  it('clamps sizes and places new tiles under the lowest one', () => {
    expect(clampSize('Column', 20, 0)).toEqual({ w: 12, h: 2 });
    expect(bottomRow(tiles)).toBe(5);
    expect(bottomRow([])).toBe(0);
  });
});
