import { describe, expect, it } from 'vitest';
import { ariaSort, nextSortDirection, nextSorting } from './sorting';

describe('sort cycle', () => {
  it('goes none → ascending → descending → none', () => {
    expect(nextSortDirection(false)).toBe('asc');
    expect(nextSortDirection('asc')).toBe('desc');
    expect(nextSortDirection('desc')).toBe(false);
  });

  it('is reversed for columns sorted descending first', () => {
    expect(nextSortDirection(false, true)).toBe('desc');
    expect(nextSortDirection('desc', true)).toBe('asc');
    expect(nextSortDirection('asc', true)).toBe(false);
  });

  it('sorts by the clicked column alone on a plain click', () => {
    let s = nextSorting([], 'name');
    expect(s).toEqual([{ id: 'name', desc: false }]);
    s = nextSorting(s, 'name');
    expect(s).toEqual([{ id: 'name', desc: true }]);
    s = nextSorting(s, 'name');
    expect(s).toEqual([]);
    // Another column starts its own cycle and replaces the first.
    s = nextSorting([{ id: 'name', desc: true }], 'size', true);
    expect(s).toEqual([{ id: 'size', desc: true }]);
    expect(nextSorting(s, 'size', true)).toEqual([{ id: 'size', desc: false }]);
    expect(nextSorting([{ id: 'size', desc: false }], 'size', true)).toEqual([]);
  });

  it('adds, advances and removes a column with multi-sort', () => {
    let s = nextSorting([{ id: 'name', desc: false }], 'size', false, true);
    expect(s).toEqual([
      { id: 'name', desc: false },
      { id: 'size', desc: false },
    ]);
    s = nextSorting(s, 'size', false, true);
    expect(s).toEqual([
      { id: 'name', desc: false },
      { id: 'size', desc: true },
    ]);
    s = nextSorting(s, 'size', false, true);
    expect(s).toEqual([{ id: 'name', desc: false }]);
  });

  it('names aria-sort values', () => {
    expect(ariaSort('asc')).toBe('ascending');
    expect(ariaSort('desc')).toBe('descending');
    expect(ariaSort(false)).toBe('none');
  });
});
