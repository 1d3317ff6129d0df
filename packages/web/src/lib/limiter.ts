export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly pending: number;
}

/**
 * Runs at most `max` tasks at a time; the rest wait in a first-in, first-out queue.
 * Platform §5: the concurrency limiter requires at least 1 concurrent request.
 */
export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) {
    throw new RangeError('The concurrency limiter requires at least 1 concurrent request.');
  }
  let active = 0;
  const queue: (() => void)[] = [];

  const next = () => {
    if (active >= max) return;
    const start = queue.shift();
    if (start) start();
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          active += 1;
          let settled: Promise<T>;
          try {
            settled = Promise.resolve(task());
          } catch (err) {
            settled = Promise.reject(err);
          }
          settled.then(resolve, reject).finally(() => {
            active -= 1;
            next();
          });
        });
        next();
      });
    },
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
  };
}
