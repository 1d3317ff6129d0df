import { asc, count, eq } from 'drizzle-orm';
import { BILLING_PROVIDER_NAMES, type BillingOverview } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { plans, subscriptions, tenants } from '../../db/schema/index.ts';
import type { BillingService } from './service.ts';
import { subscriptionStatus } from './status.ts';
import { isoOrNull } from '../../platform/dates.ts';

/** `GET api/admin/billing`: every plan (hidden and retired ones too) and every tenant's subscription. */
export async function billingOverview(database: Database, billing: BillingService): Promise<BillingOverview> {
  const { db } = database;
  const planRows = await db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id));
  const counts = await db
    .select({ planId: subscriptions.planId, n: count() })
    .from(subscriptions)
    .groupBy(subscriptions.planId);
  const subscribers = new Map(counts.map((c) => [c.planId, Number(c.n)]));
  const rows = await db
    .select({ tenant: tenants, sub: subscriptions, plan: plans })
    .from(tenants)
    .leftJoin(subscriptions, eq(subscriptions.tenantId, tenants.id))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .orderBy(asc(tenants.name), asc(tenants.id));
  return {
    Plans: planRows.map((p) => ({
      ...billing.planInfo(p),
      IsPublic: p.isPublic,
      IsActive: p.isActive,
      Subscribers: subscribers.get(p.id) ?? 0,
    })),
    Subscriptions: rows.map(({ tenant, sub, plan }) => {
      const provider = sub?.provider ?? billing.provider.id;
      return {
        TenantId: tenant.id,
        TenantName: tenant.name,
        PlanName: plan?.name ?? null,
        PlanHandle: plan?.handle ?? null,
        Status: subscriptionStatus(sub),
        ProviderName: BILLING_PROVIDER_NAMES[provider] ?? String(provider),
        CurrentPeriodEnd: isoOrNull(sub?.currentPeriodEnd),
        TrialEndsAt: isoOrNull(sub?.trialEndsAt),
        AmountCents: plan ? plan.priceCents : null,
        Currency: plan?.currency ?? null,
        Interval: plan?.interval ?? null,
      };
    }),
  };
}
