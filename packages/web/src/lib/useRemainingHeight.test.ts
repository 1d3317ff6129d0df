import { describe, expect, it } from 'vitest';
import { remainingHeight } from './useRemainingHeight';

describe('remaining height', () => {
  it('ends the element where the window ends', () => {
    expect(remainingHeight({ viewport: 900, top: 390, below: 81, min: 430 })).toBe(430);
    expect(remainingHeight({ viewport: 1200, top: 390, below: 81, min: 430 })).toBe(729);
    expect(remainingHeight({ viewport: 1000.6, top: 300.2, below: 80, min: 100 })).toBe(620);
  });

  it('never goes under the minimum', () => {
    expect(remainingHeight({ viewport: 500, top: 600, below: 80, min: 360 })).toBe(360);
  });
});
