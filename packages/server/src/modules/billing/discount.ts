import { eq } from 'drizzle-orm';
import { couponSummary, isChargeCoupon, type CouponDiscount } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { coupons, subscriptions } from '../../db/schema/index.ts';

export type CouponRow = typeof coupons.$inferSelect;

/**
 * The coupon redeemed at sign-up that takes money off the tenant's charges: percent or amount
 * off, still in the catalogue. Once redeemed it stays in force after its redemption deadline
 * (that date only closes new sign-ups); deleting the coupon ends the discount.
 */
export async function chargeCouponOf(
  database: Database,
  subscription: typeof subscriptions.$inferSelect | null,
): Promise<CouponRow | null> {
  if (!subscription?.couponId) return null;
  const [c] = await database.db.select().from(coupons).where(eq(coupons.id, subscription.couponId));
  return c && isChargeCoupon(c.type) ? c : null;
}

export function presentDiscount(c: CouponRow): CouponDiscount {
  return { Code: c.code, Type: c.type, Value: c.value, Summary: couponSummary(c.type, c.value), Duration: 'forever' };
}
