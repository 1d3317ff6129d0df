import { z } from 'zod';
import { CouponType, couponSummary } from './api-signup.ts';

/**
 * A sign-up coupon applied to a tenant's charges (percent off or amount off the plan's charge
 * each period) and the next charge worked out with it.
 */

/** The coupon in force on a tenant's subscription. */
export const CouponDiscount = z.object({
  Code: z.string(),
  /** CouponType: 1 percent off, 2 amount off (whole dollars). */
  Type: z.number().int(),
  Value: z.number().int(),
  /** "20% off", "$50 off". */
  Summary: z.string(),
  /** How long it applies: the coupon has no end, so every period until the subscription ends. */
  Duration: z.literal('forever'),
});
export type CouponDiscount = z.infer<typeof CouponDiscount>;

export const ChargeLine = z.object({ Description: z.string(), Quantity: z.number(), AmountCents: z.number().int() });
export type ChargeLine = z.infer<typeof ChargeLine>;

/** What the tenant pays at the end of the current period (or of the trial), discount included. */
export const NextCharge = z.object({
  Lines: z.array(ChargeLine),
  SubtotalCents: z.number().int(),
  DiscountCents: z.number().int(),
  TotalCents: z.number().int(),
  Currency: z.string(),
  /** When it falls due: trial end or period end; null when neither is known. */
  DueAt: z.string().nullable(),
});
export type NextCharge = z.infer<typeof NextCharge>;

/** Coupon kinds that take money off a charge (extra trial days act at sign-up instead). */
export const isChargeCoupon = (type: number) => type === CouponType.PercentOff || type === CouponType.AmountOff;

/**
 * The discount a coupon takes off a subtotal, in cents: a percentage rounded to the cent, or a
 * fixed amount (coupon Value in whole dollars). Never more than the subtotal, never negative.
 */
export function couponDiscountCents(type: number, value: number, subtotalCents: number): number {
  if (subtotalCents <= 0 || value <= 0) return 0;
  if (type === CouponType.PercentOff)
    return Math.min(subtotalCents, Math.round((subtotalCents * Math.min(value, 100)) / 100));
  if (type === CouponType.AmountOff) return Math.min(subtotalCents, value * 100);
  return 0;
}

/** The plan's charge for one period: the plan, units over its limit, and the coupon's discount. */
export function periodCharge(
  plan: {
    Name: string;
    Interval: string;
    PriceCents: number;
    UnitLimit: number | null;
    OverageCents: number;
    Currency: string;
  },
  activeUnits: number,
  coupon: { Code: string; Type: number; Value: number } | null,
  dueAt: string | null,
): NextCharge {
  const lines: ChargeLine[] = [
    { Description: `${plan.Name} plan (${plan.Interval}ly)`, Quantity: 1, AmountCents: plan.PriceCents },
  ];
  const over = plan.UnitLimit == null ? 0 : Math.max(0, activeUnits - plan.UnitLimit);
  if (over > 0 && plan.OverageCents > 0)
    lines.push({
      Description: 'Active units over the plan limit',
      Quantity: over,
      AmountCents: over * plan.OverageCents,
    });
  const subtotal = lines.reduce((sum, l) => sum + l.AmountCents, 0);
  const discount = coupon ? couponDiscountCents(coupon.Type, coupon.Value, subtotal) : 0;
  if (discount > 0 && coupon)
    lines.push({
      Description: `Coupon ${coupon.Code} (${couponSummary(coupon.Type, coupon.Value)})`,
      Quantity: 1,
      AmountCents: -discount,
    });
  return {
    Lines: lines,
    SubtotalCents: subtotal,
    DiscountCents: discount,
    TotalCents: subtotal - discount,
    Currency: plan.Currency,
    DueAt: dueAt,
  };
}
