// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

const deferred = <T = void>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('concurrency limiter', () => {
  it('requires at least 1 concurrent request', () => {
    expect(() => createLimiter(0)).toThrow(/at least 1/);
    expect(() => createLimiter(-2)).toThrow(RangeError);
    expect(() => createLimiter(1.5)).toThrow(RangeError);
    expect(() => createLimiter(1)).not.toThrow();
  });

  it('runs at most N tasks at once, in order, and keeps going after failures', async () => {
    const limiter = createLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        await g.promise;
        if (i === 1) throw new Error('boom');
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limiter.active).toBe(2);
    expect(limiter.pending).toBe(2);
    gates[1].resolve();
    await expect(results[1]).rejects.toThrow('boom');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    await expect(Promise.all([results[0], results[2], results[3]])).resolves.toEqual([0, 2, 3]);
    expect(limiter.active).toBe(0);
  });
});
