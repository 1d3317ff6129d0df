// Sign-up availability checks: the plan offered, coupon, e-mail, reseller and handle checks.
import { z } from 'zod';

export const SignupPlan = z.object({
  Id: z.number().int(),
  Handle: z.string(),
  Name: z.string(),
  Description: z.string(),
  PriceCents: z.number().int(),
  Currency: z.string(),
  Interval: z.string(),
  UnitLimit: z.number().int().nullable(),
  TrialDays: z.number().int(),
  IsPublic: z.boolean(),
  IsActive: z.boolean(),
});
export type SignupPlan = z.infer<typeof SignupPlan>;

export const CouponCheck = z.object({
  Valid: z.boolean(),
  Message: z.string(),
  Code: z.string().nullable(),
  Type: z.number().int().nullable(),
  Value: z.number().int().nullable(),
  Summary: z.string().nullable(),
});
export type CouponCheck = z.infer<typeof CouponCheck>;

export const EmailCheck = z.object({ Available: z.boolean(), Message: z.string() });
export type EmailCheck = z.infer<typeof EmailCheck>;

export const ResellerCheck = z.object({ Valid: z.boolean(), Message: z.string(), Name: z.string().nullable() });
export type ResellerCheck = z.infer<typeof ResellerCheck>;

export const HandleCheck = z.object({ Valid: z.boolean(), Message: z.string(), Plan: SignupPlan.nullable() });
export type HandleCheck = z.infer<typeof HandleCheck>;
