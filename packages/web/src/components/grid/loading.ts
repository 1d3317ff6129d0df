import { GRID_LOAD_MORE_THRESHOLD_PX } from './constants';

/** Whether the next page should be requested for a scroll container in this position. */
export function shouldLoadMore({
  scrollTop,
  scrollHeight,
  clientHeight,
  hasMore,
  loading = false,
  threshold = GRID_LOAD_MORE_THRESHOLD_PX,
}: {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  hasMore: boolean | undefined;
  loading?: boolean;
  threshold?: number;
}): boolean {
  if (!hasMore || loading) return false;
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

const count = (n: number) => Math.max(0, Math.floor(n)).toLocaleString('en-US');

/** How many pages `loaded` rows took at `pageSize` a page. */
export function pagesLoaded(loaded: number, pageSize: number): number {
  if (loaded <= 0 || pageSize <= 0) return 0;
  return Math.ceil(loaded / pageSize);
}

/**
 * The footer's status line, saying what the rows on screen are out of how many:
 * "Showing 50 of 147 backups · page 1 of 3", "Showing 100 of 147 backups · pages 1–2 of 3",
 * "Showing 12 of 12 backups" (everything fits one page), "Showing 100 rows" (total unknown).
 * `noun` is the plural of what a row is ("rows" by default).
 */
export function loadedText(
  loaded: number,
  total: number | undefined,
  pageSize: number,
  pages?: number,
  noun = 'rows',
): string {
  const word = (n: number) => (Math.floor(n) === 1 ? noun.replace(/s$/, '') : noun);
  if (total === undefined) return `Showing ${count(loaded)} ${word(loaded)}`;
  const shown = `Showing ${count(loaded)} of ${count(total)} ${word(total)}`;
  const totalPages = pagesLoaded(total, pageSize);
  if (totalPages <= 1) return shown;
  const n = Math.min(pages ?? pagesLoaded(loaded, pageSize), totalPages);
  if (n <= 1) return `${shown} · page 1 of ${count(totalPages)}`;
  return `${shown} · pages 1–${count(n)} of ${count(totalPages)}`;
}
