import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { shouldLoadMore } from './loading';

/**
 * Infinite scroll of a grid: asks for the next page near the bottom of the scroller (rows) or
 * of the tile list, and again when the loaded rows do not fill it. Also measures the
 * scroller's width for the cells that span the view.
 */
export function useGridLoadMore({
  loaded,
  hasMore,
  loadingMore,
  onLoadMore,
  loading,
  tiles,
}: {
  /** Rows loaded so far. */
  loaded: number;
  hasMore: boolean | undefined;
  loadingMore: boolean;
  onLoadMore: (() => void) | undefined;
  loading: boolean;
  /** The tile view (small screens) scrolls instead of the grid. */
  tiles: boolean;
}) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const attachScroll = useCallback((el: HTMLDivElement | null) => {
    scrollRef.current = el;
    setScrollElement(el);
  }, []);
  const tileScrollRef = useRef<HTMLDivElement>(null);
  const [viewportWidth, setViewportWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!scrollElement || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setViewportWidth(Math.round(entry.contentRect.width)));
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement]);
  const loadState = useRef({ hasMore, loadingMore, onLoadMore, requestedAt: -1, loaded });
  useLayoutEffect(() => {
    const s = loadState.current;
    // A finished (or failed) request, or a new list, may ask again.
    if (!loadingMore || loaded !== s.loaded) s.requestedAt = -1;
    Object.assign(s, { hasMore, loadingMore, onLoadMore, loaded });
  });
  const maybeLoadMore = useCallback(() => {
    const s = loadState.current;
    const el = tiles ? tileScrollRef.current : scrollRef.current;
    if (!el || !s.onLoadMore || s.requestedAt === s.loaded) return;
    const near = shouldLoadMore({
      scrollTop: el.scrollTop,
      scrollHeight: el.scrollHeight,
      clientHeight: el.clientHeight,
      hasMore: s.hasMore,
      loading: s.loadingMore,
    });
    if (!near) return;
    s.requestedAt = s.loaded;
    s.onLoadMore();
  }, [tiles]);
  useEffect(() => {
    if (!loading) maybeLoadMore();
  }, [maybeLoadMore, loaded, hasMore, loadingMore, loading]);

  return { scrollElement, attachScroll, tileScrollRef, viewportWidth, maybeLoadMore };
}
