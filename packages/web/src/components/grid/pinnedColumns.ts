import { columnWidthVar } from './columnSettings';

/**
 * Frozen columns: the columns that identify a row (Company and Backup in Audit) stay at the
 * left edge while the grid scrolls sideways. They lead the column order, after the grid's own
 * columns (expand, select), which are frozen with them.
 */

/** The column order with the pinned columns first, in the order `pinned` names them. */
export function orderWithPinned(order: readonly string[], pinned: readonly string[]): string[] {
  if (!pinned.length) return [...order];
  const known = new Set(order);
  const first = pinned.filter((id) => known.has(id));
  const set = new Set(first);
  return [...first, ...order.filter((id) => !set.has(id))];
}

/** How many of the visible columns (in order) are frozen: the leading run of own or pinned ones. */
export function frozenCount(visibleIds: readonly string[], pinned: readonly string[]): number {
  if (!pinned.length) return 0;
  const set = new Set(pinned);
  let n = 0;
  while (n < visibleIds.length && (visibleIds[n].startsWith('__') || set.has(visibleIds[n]))) n += 1;
  // Only the grid's own columns, nothing pinned: nothing to freeze.
  return visibleIds.slice(0, n).some((id) => set.has(id)) ? n : 0;
}

/**
 * The CSS of the frozen columns of a grid scope: each sticks at the sum of the widths before
 * it (from the grid's width variables), takes its row's background (the header's own for
 * header cells), and the last one draws an edge. Cells are addressed by position (`vg-c<i>`).
 */
export function frozenColumnRules(
  scope: string,
  visibleIds: readonly string[],
  count: number,
  headerBackground: string,
  edgeColour: string,
): string {
  let css = '';
  const widths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const left = widths.length ? `calc(${widths.join(' + ')})` : '0px';
    const s = `[data-grid-scope="${scope}"]`;
    css += `${s} .vg-c${i}{position:sticky;left:${left};z-index:1}`;
    css += `${s} .vg-row>.vg-c${i}{background-color:inherit}`;
    css += `${s} .vg-head-row>.vg-c${i},${s} .vg-filter-row>.vg-c${i}{background:${headerBackground}}`;
    widths.push(`var(${columnWidthVar(visibleIds[i])})`);
  }
  if (count > 0) {
    css += `[data-grid-scope="${scope}"] .vg-c${count - 1}{box-shadow:inset -1px 0 0 ${edgeColour}}`;
  }
  return css;
}

/**
 * Each body cell takes its width from one rule per column position (class `vg-c<i>`), not from
 * an inline style: a row entering the view while scrolling then sets no width of its own.
 */
export function cellWidthRules(scope: string, visibleIds: readonly string[]): string {
  return visibleIds.map((id, i) => `[data-grid-scope="${scope}"] .vg-c${i}{width:var(${columnWidthVar(id)})}`).join('');
}
