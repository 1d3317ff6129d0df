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

/** Messages of sign-up, confirmation and unsubscribe that the spec leaves open. */
export const SignupMessages = {
  emailTaken: 'An account with this e-mail address already exists.',
  emailFree: 'This e-mail address can be used.',
  couponUnknown: 'This coupon code does not exist.',
  couponExpired: 'This coupon has expired.',
  couponUsedUp: 'This coupon has been fully redeemed.',
  resellerUnknown: 'This referral link is not valid.',
  planUnknown: 'Choose one of the plans offered.',
  companyRequired: 'Company name is required',
  nameRequired: 'First and last name are required',
  confirmationSent: 'We sent a confirmation link to your e-mail address. Open it to activate your account.',
  resendSent: 'If that address has an account waiting for confirmation, a new link is on its way.',
  confirmLinkInvalid: 'This confirmation link is not valid, has expired or was already used.',
  confirmed: 'Your e-mail address is confirmed. You can sign in now.',
  emailNotConfirmed:
    'Confirm your e-mail address first: open the link we sent you when you signed up, or ask for a new one.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

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

/**
 * The sign-up form. Shapes only: the rules and their messages (features §5.4) are checked by
 * the server, which answers every problem at once in Errors.
 */
export const SignupRequest = z.object({
  CompanyName: z.string().max(200),
  FirstName: z.string().max(100),
  LastName: z.string().max(100),
  Email: z.string().max(320),
  Password: z.string().max(200),
  ConfirmPassword: z.string().max(200),
  PlanHandle: z.string().max(100).nullish(),
  Coupon: z.string().max(64).nullish(),
  Reseller: z.string().max(64).nullish(),
  TimeZoneId: z.string().max(64).nullish(),
});
export type SignupRequest = z.infer<typeof SignupRequest>;

export const SignupResponse = z.object({ Message: z.string(), Email: z.string() });
export type SignupResponse = z.infer<typeof SignupResponse>;

export const TokenBody = z.object({ Token: z.string().min(1).max(512) });
export const EmailBody = z.object({ Email: z.string().max(320) });

export const ConfirmEmailResponse = z.object({ Message: z.string(), Email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

export const UnsubscribeResponse = z.object({ Message: z.string(), Email: z.string(), Type: z.enum(MailTypes) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

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

/** `POST api/admin/tenants`: a platform admin opens an account for an MSP with its first administrator. */
export const AdminTenantCreate = z.object({
  Name: z.string().trim().min(1, 'Name is required').max(200),
  AdminEmail: z.string().trim().max(320),
  AdminFirstName: z.string().trim().min(1, 'First name is required').max(100),
  AdminLastName: z.string().trim().min(1, 'Last name is required').max(100),
  PlanHandle: z.string().max(100).nullish(),
  TimeZoneId: z.string().max(64).nullish(),
});
export type AdminTenantCreate = z.input<typeof AdminTenantCreate>;

export const AdminTenantCreated = z.object({
  TenantId: z.number().int(),
  Name: z.string(),
  Slug: z.string(),
  InboundEmail: z.string(),
  AdminUserId: z.number().int(),
  AdminEmail: z.string(),
  Message: z.string(),
});
export type AdminTenantCreated = z.infer<typeof AdminTenantCreated>;
