import { z } from 'zod';
import { CouponDiscount, NextCharge } from './api-billing-discount.ts';

/**
 * Plans, usage and invoices (platform §3 Plan, §7 `api/plan`, `api/invoice/`, admin plan and
 * subscription calls; features §9 usage colours and currency display).
 */

/** Display names of SubscriptionBillingProvider (platform §4, `BillingProvider` in enums.ts). */
export const BILLING_PROVIDER_NAMES: Record<number, string> = {
  [-1]: 'None',
  0: 'Legacy Stripe',
  1: 'Stripe',
  2: 'ScalePad',
  128: 'Policy-based Stripe',
};

export const PlanHandle = z
  .string()
  .trim()
  .min(1, 'Plan is required')
  .max(64, 'Plan must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'Plan handle may contain letters, digits and dashes only');

export const PlanInfo = z.object({
  Id: z.number().int(),
  Handle: z.string(),
  Name: z.string(),
  Description: z.string(),
  PriceCents: z.number().int(),
  Currency: z.string(),
  Interval: z.string(),
  /** Active units included; null is unlimited. */
  UnitLimit: z.number().int().nullable(),
  OverageCents: z.number().int(),
  TrialDays: z.number().int(),
  /** Whether the plan can be bought online through the billing provider. */
  Purchasable: z.boolean(),
});
export type PlanInfo = z.infer<typeof PlanInfo>;

export const SubscriptionInfo = z.object({
  Provider: z.number().int(),
  ProviderName: z.string(),
  /** trialing, active, paused, past_due, canceled, or none before a plan is chosen. */
  Status: z.string(),
  TrialEndsAt: z.string().nullable(),
  CurrentPeriodEnd: z.string().nullable(),
  PausedAt: z.string().nullable(),
  /** Plan changes go through the provider's checkout (no provider subscription yet). */
  NeedsCheckout: z.boolean(),
  /** The provider has a self-service portal for payment methods. */
  HasPortal: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfo>;

/** One usage line: a policy count against the plan's limit (limit only on Active Units). */
export const UsageLine = z.object({
  Key: z.string(),
  Label: z.string(),
  Count: z.number().int(),
  Limit: z.number().int().nullable(),
  /** Count / Limit; -1 when there is no limit. */
  Ratio: z.number(),
  Status: z.enum(['failure', 'warning', 'success', 'noResult']),
});
export type UsageLine = z.infer<typeof UsageLine>;

/** `GET api/plan`. */
export const Plan = z.object({
  CurrentPlan: PlanInfo.nullable(),
  AvailablePlans: z.array(PlanInfo),
  Subscription: SubscriptionInfo,
  Usage: z.array(UsageLine),
  /** The sign-up coupon taking money off the charges, if any. */
  Discount: CouponDiscount.nullable(),
  /** The coming charge with the discount applied; null without a plan. */
  NextCharge: NextCharge.nullable(),
});
export type Plan = z.infer<typeof Plan>;

/** `PUT api/plan`. */
export const PlanChange = z.object({ Handle: PlanHandle });
export type PlanChange = z.infer<typeof PlanChange>;

/** `POST api/plan/session`: checkout for a plan, or the provider's portal. */
export const PlanSessionRequest = z.object({
  Kind: z.enum(['checkout', 'portal']).default('checkout'),
  Handle: PlanHandle.optional(),
});
export type PlanSessionRequest = z.input<typeof PlanSessionRequest>;
export const PlanSession = z.object({
  /** Where to send the browser; null when the change already happened. */
  Url: z.string().nullable(),
  Changed: z.boolean(),
  Message: z.string(),
});
export type PlanSession = z.infer<typeof PlanSession>;

export const InvoiceLine = z.object({ Description: z.string(), Quantity: z.number(), AmountCents: z.number().int() });
/** `GET api/invoice/`: newest first. */
export const Invoice = z.object({
  Id: z.number().int(),
  Number: z.string(),
  Status: z.string(),
  AmountCents: z.number().int(),
  Currency: z.string(),
  PeriodStart: z.string().nullable(),
  PeriodEnd: z.string().nullable(),
  IssuedAt: z.string(),
  PaidAt: z.string().nullable(),
  HostedUrl: z.string().nullable(),
  PdfUrl: z.string().nullable(),
  Lines: z.array(InvoiceLine),
});
export type Invoice = z.infer<typeof Invoice>;

/** `GET api/admin/plan/{tenantId}`: the tenant's plan as the platform team sees it. */
export const AdminPlan = Plan.extend({
  TenantId: z.number().int(),
  TenantName: z.string(),
  ProviderCustomerId: z.string().nullable(),
  ProviderSubscriptionId: z.string().nullable(),
  TenantSubscriptionNotes: z.string(),
  /** Invoices recorded for the tenant. */
  InvoicesCount: z.number().int(),
});
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminSubscriptionIdQuery = z.object({
  subscriptionId: z
    .string()
    .trim()
    .min(1, 'Subscription id is required')
    .max(255, 'Subscription id must be at most 255 characters'),
});

export type UsageStatus = UsageLine['Status'];

/** Usage colour of features §9 by active/limit ratio: over 1 failure, ≥0.9 warning, ≥0 success, ≥-1 no result. */
export function usageStatus(ratio: number): UsageStatus {
  if (ratio > 1) return 'failure';
  if (ratio >= 0.9) return 'warning';
  if (ratio >= 0) return 'success';
  return 'noResult';
}

/** Units against a limit; -1 when there is no limit (unlimited plans, or no plan). */
export function usageRatio(count: number, limit: number | null | undefined): number {
  if (limit == null) return -1;
  if (limit <= 0) return count > 0 ? Number.POSITIVE_INFINITY : 0;
  return count / limit;
}

/**
 * Currency display of features §9: "$" prefix and thousands separators. Cents always show unless
 * `compact` is asked for and the amount is whole (plan prices: "$99").
 */
export function formatMoney(cents: number, opts: { compact?: boolean } = {}): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const rest = abs % 100;
  const tail = opts.compact && rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`;
  const text = `$${whole.toLocaleString('en-US')}${tail}`;
  return negative ? `-${text}` : text;
}
