import { describe, expect, it } from 'vitest';
import { DateRange } from '@vigil/contract';
import { HttpError } from '../../platform/errors.ts';
import { todayIn } from './scope.ts';
import { daysOf, mondayOf, resolveRange } from './tiles/range.ts';

/** Date presets (features §5.4) against fixed days; weeks start Monday. */
const range = (Preset: string, today: string, extra: Record<string, string> = {}) =>
  resolveRange(DateRange.parse({ Preset, ...extra }), today);

describe('date presets', () => {
  // 2026-03-04 is a Wednesday.
  const wed = '2026-03-04';
  it.each([
    ['today', '2026-03-04', '2026-03-04'],
    ['yesterday', '2026-03-03', '2026-03-03'],
    ['last7days', '2026-02-25', '2026-03-03'],
    ['last30days', '2026-02-02', '2026-03-03'],
    ['thisWeek', '2026-03-02', '2026-03-04'],
    ['lastWeek', '2026-02-23', '2026-03-01'],
    ['thisMonth', '2026-03-01', '2026-03-04'],
    ['lastMonth', '2026-02-01', '2026-02-28'],
  ])('%s on a Wednesday', (preset, From, To) => {
    expect(range(preset, wed)).toEqual({ From, To });
  });

  it('starts weeks on Monday, on Mondays and Sundays too', () => {
    expect(range('thisWeek', '2026-03-02')).toEqual({ From: '2026-03-02', To: '2026-03-02' });
    expect(range('lastWeek', '2026-03-02')).toEqual({ From: '2026-02-23', To: '2026-03-01' });
    expect(range('thisWeek', '2026-03-08')).toEqual({ From: '2026-03-02', To: '2026-03-08' });
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
  });

  it('handles month ends, leap years and the turn of the year', () => {
    expect(range('lastMonth', '2024-03-15')).toEqual({ From: '2024-02-01', To: '2024-02-29' });
    expect(range('lastMonth', '2026-01-10')).toEqual({ From: '2025-12-01', To: '2025-12-31' });
    expect(range('lastMonth', '2026-05-31')).toEqual({ From: '2026-04-01', To: '2026-04-30' });
    expect(range('lastWeek', '2026-01-01')).toEqual({ From: '2025-12-22', To: '2025-12-28' });
    expect(range('yesterday', '2026-03-01')).toEqual({ From: '2026-02-28', To: '2026-02-28' });
  });

  it('takes custom From and To, up to a year', () => {
    expect(range('custom', wed, { From: '2026-01-01', To: '2026-01-03' })).toEqual({
      From: '2026-01-01',
      To: '2026-01-03',
    });
    expect(daysOf({ From: '2026-02-27', To: '2026-03-02' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(() => range('custom', wed, { From: '2024-01-01', To: '2025-12-31' })).toThrow(HttpError);
    expect(() => range('custom', wed, { From: '2024-01-01', To: '2024-12-31' })).not.toThrow();
  });

  it('rejects a custom range without its days or ending before it starts', () => {
    const r = DateRange.safeParse({ Preset: 'custom', From: '2026-03-04', To: '2026-03-01' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Date Filter To must be later than Date Filter From');
    expect(DateRange.safeParse({ Preset: 'custom' }).error?.issues.map((i) => i.message)).toEqual([
      'Date Filter From is required',
      'Date Filter To is required',
    ]);
  });

  it("resolves today in the tenant's time zone", () => {
    // 03:00 UTC on Monday 2 March is still Sunday evening in New York.
    const now = new Date('2026-03-02T03:00:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-03-01');
    expect(range('thisWeek', todayIn('America/New_York', now))).toEqual({ From: '2026-02-23', To: '2026-03-01' });
    expect(range('thisWeek', todayIn('Europe/Berlin', now))).toEqual({ From: '2026-03-02', To: '2026-03-02' });
  });
});
