import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { invoices, plans, subscriptions } from '../db/schema/index.ts';

/** The plan catalogue of a fresh install's demo (prices in cents a month, limits in active units). */
export const DEMO_PLANS = [
  {
    handle: 'starter',
    name: 'Starter',
    description: 'For growing MSPs: monitoring, reporting and ticketing for up to 100 active units.',
    priceCents: 14900,
    unitLimit: 100,
    trialDays: 14,
    sortOrder: 1,
  },
  {
    handle: 'professional',
    name: 'Professional',
    description: 'Up to 500 active units, scheduled reports and every PSA integration.',
    priceCents: 49900,
    unitLimit: 500,
    overageCents: 100,
    sortOrder: 2,
  },
  {
    handle: 'enterprise',
    name: 'Enterprise',
    description: 'Unlimited active units with priority support.',
    priceCents: 149900,
    unitLimit: null,
    sortOrder: 3,
  },
];

/**
 * Plans, the demo tenant on Starter, and half a year of its invoices (provider None: recorded
 * invoices without provider links). Idempotent: existing plans and invoices are left alone.
 */
export async function seedDemoBilling(database: Database, tenantId: number): Promise<void> {
  const db = database.db;
  await db.insert(plans).values(DEMO_PLANS).onConflictDoNothing({ target: plans.handle });
  const [starter] = await db.select().from(plans).where(eq(plans.handle, 'starter'));
  const monthStart = (monthsAgo: number) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsAgo, 1));
  };
  await db
    .insert(subscriptions)
    .values({ tenantId, planId: starter.id, provider: -1, status: 'active', currentPeriodEnd: monthStart(-1) })
    .onConflictDoNothing({ target: subscriptions.tenantId });
  const [{ n }] = await db.select({ n: count() }).from(invoices).where(eq(invoices.tenantId, tenantId));
  if (n > 0) return;
  const rows = [5, 4, 3, 2, 1, 0].map((ago, i) => {
    const start = monthStart(ago);
    const end = monthStart(ago - 1);
    const lines = [{ description: 'Starter plan (monthly)', quantity: 1, amountCents: 14900 }];
    return {
      tenantId,
      number: `VIG-${start.getUTCFullYear()}-${String(1001 + i)}`,
      status: ago === 0 ? 'open' : 'paid',
      amountCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
      currency: 'usd',
      periodStart: start,
      periodEnd: end,
      issuedAt: start,
      paidAt: ago === 0 ? null : new Date(start.getTime() + 3 * 86_400_000),
      lines,
    };
  });
  await db.insert(invoices).values(rows);
}
