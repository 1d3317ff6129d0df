/** A timer that runs the last function it was given once `ms` have passed without another. */
export interface Delay {
  schedule(fn: () => void): void;
  /** Runs a pending function now. */
  flush(): void;
  /** Drops a pending function. */
  cancel(): void;
  pending(): boolean;
}

export function createDelay(ms: number): Delay {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next: (() => void) | undefined;
  const run = () => {
    timer = undefined;
    const fn = next;
    next = undefined;
    fn?.();
  };
  return {
    schedule(fn) {
      next = fn;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      run();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      next = undefined;
    },
    pending: () => timer !== undefined,
  };
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  flush(): void;
  cancel(): void;
  pending(): boolean;
}

/**
 * Calls `fn` with the arguments of the last call once `ms` have passed without another
 * call (the grid saves column widths this way, 500 ms after the last resize).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  const delay = createDelay(ms);
  const debounced = ((...args: A) => delay.schedule(() => fn(...args))) as Debounced<A>;
  debounced.flush = delay.flush;
  debounced.cancel = delay.cancel;
  debounced.pending = delay.pending;
  return debounced;
}
