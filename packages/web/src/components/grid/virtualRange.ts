import type { Range } from '@tanstack/react-virtual';
import { GRID_OVERSCAN, GRID_RENDER_BLOCK } from './constants';

/** An inclusive range of row indexes. */
export interface IndexRange {
  start: number;
  end: number;
}

/**
 * The rows to render for a viewport showing rows `visibleStart`..`visibleEnd` (inclusive):
 * widened by `overscan` rows on each side, then rounded out to whole blocks of `block` rows,
 * so scrolling only changes the rendered set when a block boundary is crossed. Null when
 * there is nothing to render.
 */
export function blockRange(
  visibleStart: number,
  visibleEnd: number,
  count: number,
  overscan = GRID_OVERSCAN,
  block = GRID_RENDER_BLOCK,
): IndexRange | null {
  if (count <= 0 || visibleEnd < visibleStart || visibleEnd < 0) return null;
  const from = Math.max(0, Math.min(visibleStart, count - 1) - overscan);
  const to = Math.min(count - 1, Math.max(visibleEnd, 0) + overscan);
  const start = Math.floor(from / block) * block;
  const end = Math.min(count - 1, Math.ceil((to + 1) / block) * block - 1);
  return { start, end };
}

/** The indexes of `blockRange`, as a TanStack Virtual `rangeExtractor` wants them. */
export function blockRangeExtractor(range: Range): number[] {
  const r = blockRange(range.startIndex, range.endIndex, range.count, range.overscan);
  if (!r) return [];
  const out = new Array<number>(r.end - r.start + 1);
  for (let i = 0; i < out.length; i++) out[i] = r.start + i;
  return out;
}
