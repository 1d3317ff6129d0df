import { z } from 'zod';
import { PlanInfo } from './api-billing.ts';

/** `GET api/admin/billing`: every plan and every tenant's subscription (Admin Portal → Billing). */
export const BillingOverviewPlan = PlanInfo.extend({
  IsPublic: z.boolean(),
  IsActive: z.boolean(),
  /** Tenants whose subscription is on this plan. */
  Subscribers: z.number().int(),
});
export type BillingOverviewPlan = z.infer<typeof BillingOverviewPlan>;

export const BillingOverviewSubscription = z.object({
  TenantId: z.number().int(),
  TenantName: z.string(),
  PlanName: z.string().nullable(),
  PlanHandle: z.string().nullable(),
  /** trialing, active, paused, past_due, canceled, or none without a plan. */
  Status: z.string(),
  ProviderName: z.string(),
  CurrentPeriodEnd: z.string().nullable(),
  TrialEndsAt: z.string().nullable(),
  /** The plan's price per interval, in cents; null without a plan. */
  AmountCents: z.number().int().nullable(),
  Currency: z.string().nullable(),
  Interval: z.string().nullable(),
});
export type BillingOverviewSubscription = z.infer<typeof BillingOverviewSubscription>;

export const BillingOverview = z.object({
  Plans: z.array(BillingOverviewPlan),
  Subscriptions: z.array(BillingOverviewSubscription),
});
export type BillingOverview = z.infer<typeof BillingOverview>;
