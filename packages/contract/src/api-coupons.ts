// Coupons and resellers as the Admin Portal lists and creates them.
import { z } from 'zod';
import { CouponTypes } from './api-coupon-types.ts';

export const CouponRow = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Type: z.number().int(),
  TypeName: z.string(),
  Value: z.number().int(),
  Summary: z.string(),
  Description: z.string(),
  MaxRedemptions: z.number().int().nullable(),
  Redemptions: z.number().int(),
  ExpiresAt: z.string().nullable(),
  /** Still redeemable now: not expired and not used up. */
  IsRedeemable: z.boolean(),
  CreatedAt: z.string(),
});
export type CouponRow = z.infer<typeof CouponRow>;

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;
const codeMessage = 'Use 3 to 40 letters, digits, "-" or "_"';

export const CouponCreate = z
  .object({
    Code: z.string().trim().regex(CODE, codeMessage),
    Type: z.union(CouponTypes.map((t) => z.literal(t.Id)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]),
    Value: z.number().int('Value must be a whole number').min(1, 'Value must be at least 1'),
    Description: z.string().trim().max(500).default(''),
    MaxRedemptions: z.number().int().min(1, 'Max redemptions must be at least 1').nullish(),
    ExpiresAt: z.iso.datetime({ offset: true, message: 'Date must be valid' }).nullish(),
  })
  .superRefine((c, ctx) => {
    const t = CouponTypes.find((x) => x.Id === c.Type);
    if (t && c.Value > t.Max)
      ctx.addIssue({ code: 'custom', path: ['Value'], message: `Value must be at most ${t.Max}` });
  });
export type CouponCreate = z.input<typeof CouponCreate>;

export const ResellerRow = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Name: z.string(),
  Email: z.string(),
  /** The referral address: `{public url}/page/signup/{Code}`. */
  SignupUrl: z.string(),
  TenantsCount: z.number().int(),
  CreatedAt: z.string(),
});
export type ResellerRow = z.infer<typeof ResellerRow>;

export const ResellerCreate = z.object({
  Code: z.string().trim().regex(CODE, codeMessage),
  Name: z.string().trim().min(1, 'Name is required').max(200),
  Email: z
    .string()
    .trim()
    .max(320)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Invalid email address')
    .default(''),
});
export type ResellerCreate = z.input<typeof ResellerCreate>;
