import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';

/**
 * The one subscription status every screen shows (Billing, Settings → Tenant, Admin Portal): the
 * billing subscription's status while it has a plan, else `none`.
 */
export function subscriptionStatus(s: { planId: number | null; status: string } | null | undefined): string {
  return s?.planId ? s.status : 'none';
}

/** A tenant's subscription status, read from its billing subscription. */
export async function tenantSubscriptionStatus(database: Database, tenantId: number): Promise<string> {
  const [s] = await database.db
    .select({ planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.tenantId, tenantId));
  return subscriptionStatus(s);
}
