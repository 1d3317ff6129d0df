import { describe, expect, it } from 'vitest';
import { couponDiscountCents, periodCharge } from './api-billing-discount.ts';
import { CouponType } from './api-signup.ts';

describe('couponDiscountCents', () => {
  it.each([
    ['20% of $49', CouponType.PercentOff, 20, 4900, 980],
    ['rounds a percentage to the cent', CouponType.PercentOff, 15, 999, 150],
    ['100% takes everything', CouponType.PercentOff, 100, 4900, 4900],
    ['$50 off $1,499', CouponType.AmountOff, 50, 149900, 5000],
    ['an amount never exceeds the charge', CouponType.AmountOff, 50, 900, 900],
    ['trial days take no money off', CouponType.ExtraTrialDays, 30, 4900, 0],
    ['nothing off a free plan', CouponType.PercentOff, 20, 0, 0],
  ])('%s', (_name, type, value, subtotal, expected) => {
    expect(couponDiscountCents(type, value, subtotal)).toBe(expected);
  });
});

describe('periodCharge', () => {
  const plan = { Name: 'Pro', Interval: 'month', PriceCents: 10000, UnitLimit: 30, OverageCents: 200, Currency: 'usd' };

  it('bills units over the limit and takes the coupon off the whole subtotal', () => {
    const c = periodCharge(
      plan,
      35,
      { Code: 'TEN', Type: CouponType.PercentOff, Value: 10 },
      '2026-12-01T00:00:00.000Z',
    );
    expect(c.Lines).toEqual([
      { Description: 'Pro plan (monthly)', Quantity: 1, AmountCents: 10000 },
      { Description: 'Active units over the plan limit', Quantity: 5, AmountCents: 1000 },
      { Description: 'Coupon TEN (10% off)', Quantity: 1, AmountCents: -1100 },
    ]);
    expect(c).toMatchObject({
      SubtotalCents: 11000,
      DiscountCents: 1100,
      TotalCents: 9900,
      DueAt: '2026-12-01T00:00:00.000Z',
    });
  });

  it('has no discount line without a coupon or within the limit', () => {
    const c = periodCharge(plan, 10, null, null);
    expect(c.Lines).toHaveLength(1);
    expect(c).toMatchObject({ SubtotalCents: 10000, DiscountCents: 0, TotalCents: 10000, DueAt: null });
  });
});
