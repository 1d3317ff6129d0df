import { describe, expect, it } from 'vitest';
import { isScheduled, type ScheduleRule } from './index.ts';

// Weekdays used: 2024-04-01 Monday, 2024-03-31 Sunday, 2024-12-31 Tuesday,
// 2028-02-29 Tuesday (Feb 2028 has five Tuesdays: 1, 8, 15, 22, 29), 2027-02-28 Sunday,
// 2027-02-22 Monday, 2024-05-24 and 2024-05-31 Fridays.
const monFri: ScheduleRule = { kind: 'weekly', weekdays: 62 };

describe('isScheduled', () => {
  it.each<[string, ScheduleRule | null, string, boolean]>([
    ['no rule', null, '2024-04-01', false],
    // weekly
    ['Mon–Fri on a Monday', monFri, '2024-04-01', true],
    ['Mon–Fri on a Friday', monFri, '2024-04-05', true],
    ['Mon–Fri on a Saturday', monFri, '2024-04-06', false],
    ['Mon–Fri on a Sunday', monFri, '2024-04-07', false],
    ['Sundays on the 31st', { kind: 'weekly', weekdays: 1 }, '2024-03-31', true],
    ['Sundays on a Saturday', { kind: 'weekly', weekdays: 1 }, '2024-03-30', false],
    ['no weekday flags', { kind: 'weekly', weekdays: 0 }, '2024-04-01', false],
    ['every day in Jan and Dec: 31 Dec', { kind: 'weekly', weekdays: 127, months: [1, 12] }, '2024-12-31', true],
    ['every day in Jan and Dec: 1 Jan', { kind: 'weekly', weekdays: 127, months: [1, 12] }, '2025-01-01', true],
    ['every day in Jan and Dec: 30 Nov', { kind: 'weekly', weekdays: 127, months: [1, 12] }, '2024-11-30', false],
    ['every day, empty months list', { kind: 'weekly', weekdays: 127, months: [] }, '2024-11-30', true],
    ['Tuesdays in February: leap day', { kind: 'weekly', weekdays: 4, months: [2] }, '2028-02-29', true],
    ['Tuesdays in February: 7 Mar', { kind: 'weekly', weekdays: 4, months: [2] }, '2028-03-07', false],
    // interval
    [
      'every 3 days from 26 Feb: start',
      { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
      '2028-02-26',
      true,
    ],
    [
      'every 3 days from 26 Feb: 27 Feb',
      { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
      '2028-02-27',
      false,
    ],
    [
      'every 3 days from 26 Feb: leap day',
      { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
      '2028-02-29',
      true,
    ],
    [
      'every 3 days from 26 Feb: 2 Mar',
      { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
      '2028-03-02',
      false,
    ],
    [
      'every 3 days from 26 Feb: 3 Mar',
      { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
      '2028-03-03',
      true,
    ],
    [
      'every 3 days: before the start',
      { kind: 'interval', everyDays: 3, startDate: '2028-02-26' },
      '2028-02-23',
      false,
    ],
    ['every 3 days: the day before', { kind: 'interval', everyDays: 3, startDate: '2028-02-26' }, '2028-02-25', false],
    [
      'every 2 days, leap year: 29 Feb',
      { kind: 'interval', everyDays: 2, startDate: '2028-02-27' },
      '2028-02-29',
      true,
    ],
    [
      'every 2 days, leap year: 1 Mar',
      { kind: 'interval', everyDays: 2, startDate: '2028-02-27' },
      '2028-03-01',
      false,
    ],
    [
      'every 2 days, common year: 28 Feb',
      { kind: 'interval', everyDays: 2, startDate: '2027-02-27' },
      '2027-02-28',
      false,
    ],
    [
      'every 2 days, common year: 1 Mar',
      { kind: 'interval', everyDays: 2, startDate: '2027-02-27' },
      '2027-03-01',
      true,
    ],
    ['daily from 3 Apr: 2 Apr', { kind: 'interval', everyDays: 1, startDate: '2024-04-03' }, '2024-04-02', false],
    ['daily from 3 Apr: 4 Apr', { kind: 'interval', everyDays: 1, startDate: '2024-04-03' }, '2024-04-04', true],
    [
      'weekly interval, March only: 29 Feb',
      { kind: 'interval', everyDays: 7, startDate: '2028-02-22', months: [3] },
      '2028-02-29',
      false,
    ],
    [
      'weekly interval, March only: 7 Mar',
      { kind: 'interval', everyDays: 7, startDate: '2028-02-22', months: [3] },
      '2028-03-07',
      true,
    ],
    ['every 0 days', { kind: 'interval', everyDays: 0, startDate: '2024-04-01' }, '2024-04-01', false],
    ['every 2.5 days', { kind: 'interval', everyDays: 2.5, startDate: '2024-04-01' }, '2024-04-01', false],
    // monthly nth weekday
    ['third Friday, March', { kind: 'monthlyNth', nth: 3, weekdays: 32 }, '2024-03-15', true],
    ['third Friday, fourth one', { kind: 'monthlyNth', nth: 3, weekdays: 32 }, '2024-03-22', false],
    ['third Friday, April', { kind: 'monthlyNth', nth: 3, weekdays: 32 }, '2024-04-19', true],
    ['fifth Friday, March has one', { kind: 'monthlyNth', nth: 5, weekdays: 32 }, '2024-03-29', true],
    ['fifth Friday, April has none', { kind: 'monthlyNth', nth: 5, weekdays: 32 }, '2024-04-26', false],
    ['last Friday, March', { kind: 'monthlyNth', nth: -1, weekdays: 32 }, '2024-03-29', true],
    ['last Friday, not the fourth in March', { kind: 'monthlyNth', nth: -1, weekdays: 32 }, '2024-03-22', false],
    ['last Friday, April', { kind: 'monthlyNth', nth: -1, weekdays: 32 }, '2024-04-26', true],
    ['last Tuesday on 31 Dec', { kind: 'monthlyNth', nth: -1, weekdays: 4 }, '2024-12-31', true],
    ['fifth Tuesday on 31 Dec', { kind: 'monthlyNth', nth: 5, weekdays: 4 }, '2024-12-31', true],
    ['last Tuesday, November', { kind: 'monthlyNth', nth: -1, weekdays: 4 }, '2024-11-26', true],
    ['fifth Tuesday, leap February', { kind: 'monthlyNth', nth: 5, weekdays: 4 }, '2028-02-29', true],
    ['last Tuesday, leap February', { kind: 'monthlyNth', nth: -1, weekdays: 4 }, '2028-02-29', true],
    ['fourth Tuesday, leap February', { kind: 'monthlyNth', nth: 4, weekdays: 4 }, '2028-02-22', true],
    ['fourth Tuesday is not the fifth', { kind: 'monthlyNth', nth: 4, weekdays: 4 }, '2028-02-29', false],
    ['last Monday, leap February', { kind: 'monthlyNth', nth: -1, weekdays: 2 }, '2028-02-28', true],
    ['last Sunday, common February', { kind: 'monthlyNth', nth: -1, weekdays: 1 }, '2027-02-28', true],
    ['last Monday, common February (22nd)', { kind: 'monthlyNth', nth: -1, weekdays: 2 }, '2027-02-22', true],
    ['last Friday, May: the 24th is not last', { kind: 'monthlyNth', nth: -1, weekdays: 32 }, '2024-05-24', false],
    ['last Friday, May: the 31st', { kind: 'monthlyNth', nth: -1, weekdays: 32 }, '2024-05-31', true],
    ['fifth Sunday, common February', { kind: 'monthlyNth', nth: 5, weekdays: 1 }, '2027-02-28', false],
    ['first Monday or Friday: Monday', { kind: 'monthlyNth', nth: 1, weekdays: 34 }, '2024-04-01', true],
    ['first Monday or Friday: Friday', { kind: 'monthlyNth', nth: 1, weekdays: 34 }, '2024-04-05', true],
    ['first Monday or Friday: second Monday', { kind: 'monthlyNth', nth: 1, weekdays: 34 }, '2024-04-08', false],
    ['first Monday or Friday: a Tuesday', { kind: 'monthlyNth', nth: 1, weekdays: 34 }, '2024-04-02', false],
    ['first Monday in May only: April', { kind: 'monthlyNth', nth: 1, weekdays: 2, months: [5] }, '2024-04-01', false],
    ['first Monday in May only: May', { kind: 'monthlyNth', nth: 1, weekdays: 2, months: [5] }, '2024-05-06', true],
  ])('%s', (_label, rule, day, expected) => {
    expect(isScheduled(rule, day)).toBe(expected);
  });

  it('refuses a day that does not exist', () => {
    expect(() => isScheduled(monFri, '2027-02-29')).toThrow(RangeError);
    expect(() => isScheduled(monFri, '2100-02-29')).toThrow(RangeError);
    expect(isScheduled(monFri, '2000-02-29')).toBe(true); // a Tuesday
  });
});
