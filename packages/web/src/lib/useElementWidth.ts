import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The rendered width of an element, kept current with a ResizeObserver: lets a component pick
 * its layout from the room it really has (the sidebar may be open or collapsed).
 */
export function useElementWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') return;
    // The observer reports the first size right away (before the next paint), then every change.
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
