// Coupon kinds, their summary in words, and the kinds of system mail one can unsubscribe from.
import { z } from 'zod';

/** Coupon kinds of `GET /api/constant/coupon-types`; a coupon's Value is in the kind's unit. */
export const CouponType = { PercentOff: 1, AmountOff: 2, ExtraTrialDays: 3 } as const;
export type CouponTypeValue = (typeof CouponType)[keyof typeof CouponType];

export const CouponTypes = [
  { Id: CouponType.PercentOff, Name: 'Percent off', Unit: '%', Max: 100 },
  { Id: CouponType.AmountOff, Name: 'Amount off', Unit: 'USD', Max: 100_000 },
  { Id: CouponType.ExtraTrialDays, Name: 'Extra trial days', Unit: 'days', Max: 365 },
] as const;

export const CouponTypeRow = z.object({ Id: z.number().int(), Name: z.string(), Unit: z.string(), Max: z.number() });
export type CouponTypeRow = z.infer<typeof CouponTypeRow>;

/** "20% off", "$50 off", "30 extra trial days". */
export function couponSummary(type: number, value: number): string {
  if (type === CouponType.PercentOff) return `${value}% off`;
  if (type === CouponType.AmountOff) return `$${value.toLocaleString('en-US')} off`;
  if (type === CouponType.ExtraTrialDays) return `${value} extra trial day${value === 1 ? '' : 's'}`;
  return String(value);
}

/** Kinds of system mail a recipient can unsubscribe from (`unsubscribe/{type}`). */
export const MailTypes = ['reports', 'alerts', 'news'] as const;
export type MailType = (typeof MailTypes)[number];
export const MailTypeLabels: Record<MailType, string> = {
  reports: 'scheduled reports',
  alerts: 'alert notifications',
  news: 'product news',
};
