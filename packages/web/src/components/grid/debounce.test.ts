import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GRID_WIDTH_SAVE_DEBOUNCE_MS } from './constants';
import { createDelay, debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, 500 ms after the last call, with the last arguments', () => {
    expect(GRID_WIDTH_SAVE_DEBOUNCE_MS).toBe(500);
    const fn = vi.fn();
    const save = debounce(fn, GRID_WIDTH_SAVE_DEBOUNCE_MS);
    save(100);
    vi.advanceTimersByTime(300);
    save(120);
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    expect(save.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(120);
    expect(save.pending()).toBe(false);
  });

  it('flushes a pending call at once and cancels it', () => {
    const fn = vi.fn();
    const save = debounce(fn, 500);
    save('a');
    save.flush();
    expect(fn).toHaveBeenCalledWith('a');
    save.flush();
    expect(fn).toHaveBeenCalledTimes(1);
    save('b');
    save.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs only the last scheduled function', () => {
    const calls: string[] = [];
    const delay = createDelay(500);
    delay.schedule(() => calls.push('first'));
    vi.advanceTimersByTime(400);
    delay.schedule(() => calls.push('second'));
    vi.advanceTimersByTime(400);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual(['second']);
    delay.schedule(() => calls.push('third'));
    delay.cancel();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual(['second']);
  });
});
