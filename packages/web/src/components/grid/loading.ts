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

/** The footer's "Loaded X of Y (N pages)"; without a known total, "Loaded X (N pages)". */
export function loadedText(loaded: number, total: number | undefined, pageSize: number, pages?: number): string {
  const n = pages ?? pagesLoaded(loaded, pageSize);
  const pageWord = n === 1 ? 'page' : 'pages';
  const of = total === undefined ? '' : ` of ${count(total)}`;
  return `Loaded ${count(loaded)}${of} (${count(n)} ${pageWord})`;
}
