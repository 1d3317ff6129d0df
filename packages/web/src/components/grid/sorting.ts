import type { SortingState } from '@tanstack/react-table';

export type SortDirection = 'asc' | 'desc' | false;

/**
 * The next direction of a column's sort: none → ascending → descending → none, or
 * none → descending → ascending → none for columns whose first sort is descending.
 */
export function nextSortDirection(current: SortDirection, descFirst = false): SortDirection {
  const first = descFirst ? 'desc' : 'asc';
  const second = descFirst ? 'asc' : 'desc';
  if (!current) return first;
  if (current === first) return second;
  return false;
}

/**
 * The sorting after a click on a column header. A plain click advances that column's cycle
 * and sorts by it alone; with `multi` (Shift+click) the column is added, advanced or removed
 * while the other sorts stay.
 */
export function nextSorting(sorting: SortingState, columnId: string, descFirst = false, multi = false): SortingState {
  const existing = sorting.find((s) => s.id === columnId);
  const current: SortDirection = existing ? (existing.desc ? 'desc' : 'asc') : false;
  const dir = nextSortDirection(current, descFirst);
  if (!multi) return dir ? [{ id: columnId, desc: dir === 'desc' }] : [];
  if (!dir) return sorting.filter((s) => s.id !== columnId);
  const entry = { id: columnId, desc: dir === 'desc' };
  return existing ? sorting.map((s) => (s.id === columnId ? entry : s)) : [...sorting, entry];
}

/** The `aria-sort` value of a column header. */
export function ariaSort(direction: SortDirection): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}
