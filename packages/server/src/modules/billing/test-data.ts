import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plans, tenants } from '../../db/schema/index.ts';
import { testApp } from '../../../test/harness.ts';
import { startStripeStub } from '../../../test/stripe-stub.ts';

/** The plan catalogue the billing tests run against (prices in cents). */
export async function insertTestPlans(database: Database) {
  const rows = await database.db
    .insert(plans)
    .values([
      { handle: 'tiny', name: 'Tiny', priceCents: 900, unitLimit: 10, sortOrder: 1, providerPriceId: 'price_tiny' },
      {
        handle: 'starter',
        name: 'Starter',
        priceCents: 4900,
        unitLimit: 100,
        sortOrder: 2,
        trialDays: 14,
        providerPriceId: 'price_starter',
      },
      {
        handle: 'professional',
        name: 'Professional',
        priceCents: 149900,
        unitLimit: 500,
        sortOrder: 3,
        providerPriceId: 'price_pro',
      },
      { handle: 'enterprise', name: 'Enterprise', priceCents: 499900, unitLimit: null, sortOrder: 4 },
      { handle: 'legacy', name: 'Legacy', priceCents: 100, unitLimit: 5, isPublic: false, sortOrder: 5 },
    ])
    .returning();
  return Object.fromEntries(rows.map((r) => [r.handle, r]));
}

/** Active backups on distinct devices: each is one active unit. */
export async function insertActiveUnits(database: Database, tenantId: number, count: number, prefix = 'unit') {
  await database.query(
    `INSERT INTO backups (tenant_id, vendor, device_name, job_name, state)
     SELECT $1, 'veeam-br', $2 || '-' || g, 'Nightly', 'Active' FROM generate_series(1, $3::int) g`,
    [tenantId, prefix, count],
  );
}

/**
 * An app billing through Stripe against the loopback Stripe stub (with the test plans' prices), the
 * plan catalogue inserted, and the ids of the "acme" and "other" tenants.
 */
export async function stripeTestApp(webhookSecret: string) {
  const stripe = await startStripeStub();
  for (const p of ['price_tiny', 'price_starter', 'price_pro']) stripe.prices.add(p);
  const t = await testApp({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  await insertTestPlans(t.database);
  const idOf = async (slug: string) => (await t.database.db.select().from(tenants).where(eq(tenants.slug, slug)))[0].id;
  return { t, stripe, acme: await idOf('acme'), other: await idOf('other') };
}
