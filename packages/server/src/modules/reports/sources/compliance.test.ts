import { describe, expect, it } from 'vitest';
import { rpoDays } from './compliance.ts';

describe('rpoDays', () => {
  it('is the longest gap between scheduled weekdays', () => {
    expect(rpoDays({ kind: 'weekly', weekdays: 127 })).toBe(1);
    // Monday to Friday: Friday → Monday.
    expect(rpoDays({ kind: 'weekly', weekdays: 62 })).toBe(3);
    expect(rpoDays({ kind: 'weekly', weekdays: 1 })).toBe(7);
    // Sunday and Wednesday: Wednesday → Sunday is four days.
    expect(rpoDays({ kind: 'weekly', weekdays: 1 | 8 })).toBe(4);
  });

  it('is the interval of an interval schedule', () => {
    expect(rpoDays({ kind: 'interval', everyDays: 2, startDate: '2026-01-01' })).toBe(2);
  });

  it('has none for monthly, month-limited or missing schedules', () => {
    expect(rpoDays({ kind: 'monthlyNth', nth: -1, weekdays: 32 })).toBeNull();
    expect(rpoDays({ kind: 'weekly', weekdays: 127, months: [1, 2] })).toBeNull();
    expect(rpoDays({ kind: 'weekly', weekdays: 127, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] })).toBe(1);
    expect(rpoDays(null)).toBeNull();
  });
});
