// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  dayProblem,
  daysInRange,
  FUTURE_DATE_MESSAGE,
  formatDay,
  INVALID_DATE_MESSAGE,
  presetRange,
  shortDayLabel,
  startOfWeek,
  todayIn,
  usableDay,
  wallTimeOf,
  zonedTimeToIso,
} from './days';

describe('calendar days', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-23', -29)).toBe('2026-10-25');
  });

  it('lists a range with both ends', () => {
    expect(daysInRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysInRange('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('takes today in the tenant time zone, not the browser one', () => {
    const at = Date.parse('2026-11-23T03:00:00Z');
    expect(todayIn('America/New_York', at)).toBe('2026-11-22');
    expect(todayIn('Europe/Berlin', at)).toBe('2026-11-23');
    expect(dayIn('2026-11-23T03:00:00Z', 'UTC')).toBe('2026-11-23');
  });

  it('turns a wall-clock time in a zone into an instant and back', () => {
    expect(zonedTimeToIso('2026-11-22', '12:00', 'America/New_York')).toBe('2026-11-22T17:00:00.000Z');
    expect(zonedTimeToIso('2026-07-01', '12:00', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
    expect(wallTimeOf('2026-11-22T17:00:00.000Z', 'America/New_York')).toEqual({ day: '2026-11-22', time: '12:00' });
    // 02:30 does not exist on 8 March 2026 in New York: it moves forward by the gap.
    expect(zonedTimeToIso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: the first (daylight) one is taken.
    expect(zonedTimeToIso('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses invalid and future days with the spec messages', () => {
    expect(dayProblem('2026-11-24', '2026-11-23')).toBe(FUTURE_DATE_MESSAGE);
    expect(dayProblem('2026-02-30', '2026-11-23')).toBe(INVALID_DATE_MESSAGE);
    expect(dayProblem('', '2026-11-23')).toBe(INVALID_DATE_MESSAGE);
    expect(dayProblem('2026-11-23', '2026-11-23')).toBeNull();
    expect(usableDay('2026-11-30', '2026-11-23', '2026-11-22')).toBe('2026-11-22');
    expect(usableDay('garbage', '2026-11-23', '2026-11-22')).toBe('2026-11-22');
    expect(usableDay('2026-11-01', '2026-11-23', '2026-11-22')).toBe('2026-11-01');
  });

  it('formats a day with the tenant pattern and a short label', () => {
    expect(formatDay('2026-03-05')).toBe('03/05/2026');
    expect(formatDay('2026-03-05', 'D.M.yy')).toBe('5.3.26');
    expect(formatDay('nope')).toBe('');
    expect(shortDayLabel('2026-11-23')).toBe('Mon 23 Nov');
  });
});

describe('date presets (features §5.4)', () => {
  // Wednesday 18 November 2026.
  const today = '2026-11-18';

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-11-18')).toBe('2026-11-16');
    expect(startOfWeek('2026-11-16')).toBe('2026-11-16');
    // A Sunday belongs to the week that began six days earlier.
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16');
  });

  it('gives every preset its days', () => {
    expect(presetRange('today', today)).toEqual({ from: today, to: today });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-11-17', to: '2026-11-17' });
    expect(presetRange('last7days', today)).toEqual({ from: '2026-11-12', to: today });
    expect(presetRange('last30days', today)).toEqual({ from: '2026-10-20', to: today });
    expect(presetRange('thisWeek', today)).toEqual({ from: '2026-11-16', to: today });
    expect(presetRange('lastWeek', today)).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
  });

  it('handles Sundays, Mondays, January and leap Februaries', () => {
    expect(presetRange('lastWeek', '2026-11-22')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(presetRange('thisWeek', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-16' });
    expect(presetRange('lastMonth', '2027-01-10')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('lastMonth', '2028-03-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('lastWeek', '2027-01-01')).toEqual({ from: '2026-12-21', to: '2026-12-27' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('never reaches past today', () => {
    for (const p of ['today', 'last7days', 'last30days', 'thisWeek', 'thisMonth'] as const)
      expect(presetRange(p, today).to <= today).toBe(true);
  });
});
