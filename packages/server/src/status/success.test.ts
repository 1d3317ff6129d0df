import { describe, expect, it } from 'vitest';
import { businessDay } from './zone.ts';
import { daysWithoutSuccess, noSuccessCutoff } from './success.ts';

describe('daysWithoutSuccess', () => {
  it('is 0 for a success at 21:31 local on the selected day, far from UTC', () => {
    // 21:31 in New York on 26 November is 02:31 UTC on the 27th.
    const ny = businessDay(new Date('2026-11-27T02:31:00Z'), 'America/New_York', 0);
    expect(ny).toBe('2026-11-26');
    expect(daysWithoutSuccess(ny, '2026-11-26')).toBe(0);
    expect(daysWithoutSuccess(ny, '2026-11-27')).toBe(1);
    // 21:31 in Auckland on 26 November is 08:31 UTC the same day.
    const akl = businessDay(new Date('2026-11-26T08:31:00Z'), 'Pacific/Auckland', 0);
    expect(akl).toBe('2026-11-26');
    expect(daysWithoutSuccess(akl, '2026-11-26')).toBe(0);
    expect(daysWithoutSuccess(akl, '2026-11-28')).toBe(2);
  });

  it('is null when the backup never succeeded, and never negative', () => {
    expect(daysWithoutSuccess(null, '2026-11-26')).toBeNull();
    expect(daysWithoutSuccess('2026-11-27', '2026-11-26')).toBe(0);
  });

  it('matches the filter cut-off', () => {
    const day = '2026-11-26';
    for (const n of [0, 1, 3]) {
      for (const last of ['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']) {
        expect(daysWithoutSuccess(last, day)! >= n).toBe(last <= noSuccessCutoff(day, n));
      }
    }
  });
});
