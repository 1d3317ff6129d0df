import { useCallback, useEffect, useState } from 'react';

/**
 * The height that lets an element end where the window ends when the page is at its top:
 * the window's height less what is above the element (`top`, from the document's top) and
 * what must stay below it (`below`: the page's bottom padding and footer), never under `min`.
 */
export function remainingHeight({
  viewport,
  top,
  below,
  min,
}: {
  viewport: number;
  top: number;
  below: number;
  min: number;
}): number {
  return Math.max(min, Math.floor(viewport - top - below));
}

function measure(el: HTMLElement, min: number): number {
  const top = el.getBoundingClientRect().top + window.scrollY;
  const main = el.closest('main');
  let below = 16;
  if (main) {
    const mainBottom = main.getBoundingClientRect().bottom + window.scrollY;
    const padding = parseFloat(getComputedStyle(main).paddingBottom) || 0;
    below = padding + Math.max(0, document.documentElement.scrollHeight - mainBottom);
  }
  return remainingHeight({ viewport: window.innerHeight, top, below, min });
}

/**
 * A ref callback and the height its element should take so the page needs no scrolling of its
 * own (one scroller: the element's). Measured again when the window or the page changes size.
 * Undefined while `enabled` is false or before the first measurement.
 */
export function useRemainingHeight(
  min: number,
  enabled = true,
): [(el: HTMLElement | null) => void, number | undefined] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const ref = useCallback((node: HTMLElement | null) => setEl(node), []);

  useEffect(() => {
    if (!el || !enabled) return;
    const update = () => setHeight(measure(el, min));
    update();
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) {
      observer.observe(document.body);
      if (el.parentElement) observer.observe(el.parentElement);
    }
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [el, min, enabled]);

  return [ref, enabled ? height : undefined];
}
