import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  CouponType,
  couponSummary,
  CouponTypes,
  SignupMessages,
  type CouponCheck,
  type CouponRow,
} from '@vigil/contract';
import type { Db } from '../../db/client.ts';
import { coupons } from '../../db/schema/index.ts';
import { iso } from '../../platform/dates.ts';
import type { Tx } from './tenant-service.ts';

type Coupon = typeof coupons.$inferSelect;

export const byCode = (code: string) => sql`lower(${coupons.code}) = ${code.trim().toLowerCase()}`;

/** Why a coupon cannot be redeemed now, or null when it can. */
export function couponProblem(c: Coupon | undefined, now = new Date()): string | null {
  if (!c) return SignupMessages.couponUnknown;
  if (c.expiresAt && c.expiresAt.getTime() <= now.getTime()) return SignupMessages.couponExpired;
  if (c.maxRedemptions !== null && c.redemptions >= c.maxRedemptions) return SignupMessages.couponUsedUp;
  return null;
}

export async function findCoupon(db: Db | Tx, code: string): Promise<Coupon | undefined> {
  const [c] = await db.select().from(coupons).where(byCode(code));
  return c;
}

export async function checkCoupon(db: Db, code: string): Promise<CouponCheck> {
  const c = await findCoupon(db, code);
  const problem = couponProblem(c);
  if (problem || !c)
    return { Valid: false, Message: problem ?? '', Code: null, Type: null, Value: null, Summary: null };
  const summary = couponSummary(c.type, c.value);
  return {
    Valid: true,
    Message: `Coupon applied: ${summary}.`,
    Code: c.code,
    Type: c.type,
    Value: c.value,
    Summary: summary,
  };
}

/**
 * Counts one redemption, atomically: the row is only updated while it is still redeemable, so
 * two sign-ups racing for the last redemption cannot both get it (the second re-reads the row
 * after the first commits and no longer matches). Returns the coupon, or the reason it failed.
 */
export async function redeemCoupon(tx: Tx, code: string): Promise<{ coupon: Coupon } | { problem: string }> {
  const [c] = await tx
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(
      and(
        byCode(code),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, sql`now()`)),
        or(isNull(coupons.maxRedemptions), lt(coupons.redemptions, coupons.maxRedemptions)),
      ),
    )
    .returning();
  if (c) return { coupon: c };
  return { problem: couponProblem(await findCoupon(tx, code)) ?? SignupMessages.couponUsedUp };
}

export const extraTrialDays = (c: Coupon | null) => (c && c.type === CouponType.ExtraTrialDays ? c.value : 0);

export function couponRow(c: Coupon, now = new Date()): CouponRow {
  return {
    Id: c.id,
    Code: c.code,
    Type: c.type,
    TypeName: CouponTypes.find((t) => t.Id === c.type)?.Name ?? String(c.type),
    Value: c.value,
    Summary: couponSummary(c.type, c.value),
    Description: c.description,
    MaxRedemptions: c.maxRedemptions,
    Redemptions: c.redemptions,
    ExpiresAt: c.expiresAt ? iso(c.expiresAt) : null,
    IsRedeemable: couponProblem(c, now) === null,
    CreatedAt: iso(c.createdAt),
  };
}

export const couponById = (id: number) => eq(coupons.id, id);
