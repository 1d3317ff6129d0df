import { describe, expect, it } from 'vitest';
import { formatMoney, usageRatio, usageStatus } from './api-billing.ts';

describe('usage colours (features §9)', () => {
  it.each([
    [1.01, 'failure'],
    [1, 'warning'],
    [0.9, 'warning'],
    [0.89, 'success'],
    [0, 'success'],
    [-1, 'noResult'],
  ] as const)('ratio %s is %s', (ratio, status) => {
    expect(usageStatus(ratio)).toBe(status);
  });

  it('has no limit for unlimited plans and divides otherwise', () => {
    expect(usageRatio(500, null)).toBe(-1);
    expect(usageRatio(45, 50)).toBe(0.9);
    expect(usageStatus(usageRatio(101, 100))).toBe('failure');
    expect(usageStatus(usageRatio(3, 0))).toBe('failure');
  });
});

describe('currency display', () => {
  it('prefixes $ and separates thousands', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(9900)).toBe('$99.00');
    expect(formatMoney(9900, { compact: true })).toBe('$99');
    expect(formatMoney(1050, { compact: true })).toBe('$10.50');
    expect(formatMoney(-2500)).toBe('-$25.00');
    expect(formatMoney(5)).toBe('$0.05');
  });
});
