import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './index.ts';

describe('addDays', () => {
  it.each([
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-28', 2, '2028-03-01'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-01-31', 30, '2024-03-01'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2024-04-30', 0, '2024-04-30'],
  ])('%s %+d → %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it('refuses days that do not exist and fractional counts', () => {
    expect(() => addDays('2027-02-29', 1)).toThrow(RangeError);
    expect(() => addDays('2100-02-29', 1)).toThrow(RangeError);
    expect(() => daysBetween('1900-02-29', '2000-02-29')).toThrow(RangeError);
    expect(() => addDays('2024-04-31', 1)).toThrow(RangeError);
    expect(() => addDays('2024-1-01', 1)).toThrow(RangeError);
    expect(() => addDays('2024-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it.each([
    ['2028-02-01', '2028-03-01', 29],
    ['2027-02-01', '2027-03-01', 28],
    ['2024-01-01', '2025-01-01', 366],
    ['2025-01-01', '2026-01-01', 365],
    ['2024-03-10', '2024-03-01', -9],
    ['2024-03-31', '2024-03-31', 0],
  ])('%s → %s is %d', (a, b, expected) => {
    expect(daysBetween(a, b)).toBe(expected);
  });
});
