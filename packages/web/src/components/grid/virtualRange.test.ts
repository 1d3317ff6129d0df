import { describe, expect, it } from 'vitest';
import { blockRange, blockRangeExtractor } from './virtualRange';

describe('rendered row range', () => {
  it('adds four rows of overscan and rounds out to blocks of eight', () => {
    // Rows 20..35 visible → 16..39 with overscan → blocks 16..39.
    expect(blockRange(20, 35, 1000)).toEqual({ start: 16, end: 39 });
    // Rows 13..27 → 9..31 → 8..31.
    expect(blockRange(13, 27, 1000)).toEqual({ start: 8, end: 31 });
    // Rows 12..28 → 8..32 → 8..39.
    expect(blockRange(12, 28, 1000)).toEqual({ start: 8, end: 39 });
  });

  it('only changes when a block boundary is crossed', () => {
    const a = blockRange(21, 36, 1000);
    const b = blockRange(22, 37, 1000);
    expect(a).toEqual(b);
    expect(blockRange(28, 43, 1000)).toEqual({ start: 24, end: 47 });
  });

  it('stays within the rows there are', () => {
    expect(blockRange(0, 10, 1000)).toEqual({ start: 0, end: 15 });
    expect(blockRange(0, 10, 12)).toEqual({ start: 0, end: 11 });
    expect(blockRange(990, 999, 1000)).toEqual({ start: 984, end: 999 });
    expect(blockRange(0, 0, 1)).toEqual({ start: 0, end: 0 });
    expect(blockRange(0, 5, 0)).toBeNull();
    expect(blockRange(5, 3, 100)).toBeNull();
  });

  it('hands TanStack Virtual the indexes of the range', () => {
    const indexes = blockRangeExtractor({ startIndex: 20, endIndex: 35, overscan: 4, count: 1000 });
    expect(indexes[0]).toBe(16);
    expect(indexes[indexes.length - 1]).toBe(39);
    expect(indexes).toHaveLength(24);
    expect(blockRangeExtractor({ startIndex: 0, endIndex: -1, overscan: 4, count: 0 })).toEqual([]);
  });
});
