import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptions, tenants } from '../../db/schema/index.ts';
import { recordProviderInvoice } from './invoices.ts';
import { invoiceSubscriptionId, readInvoice, readSubscription } from './providers/stripe.ts';
import type { BillingService } from './service.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- event payloads are read field by field. */
interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, any> };
}

/**
 * Applies one verified Stripe event. Every branch writes state, not deltas (an invoice by its
 * unique provider id, a subscription's status as Stripe reports it), so a redelivered event
 * changes nothing. Events for customers Vigil does not know are acknowledged and ignored.
 */
export async function applyStripeEvent(database: Database, billing: BillingService, event: StripeEvent) {
  const o = event.data?.object ?? {};
  const tenantFor = async (customerId: string | null, subscriptionId: string | null, hinted: unknown) => {
    const conditions = [];
    if (subscriptionId) conditions.push(eq(subscriptions.providerSubscriptionId, subscriptionId));
    if (customerId) conditions.push(eq(subscriptions.providerCustomerId, customerId));
    if (conditions.length) {
      const [s] = await database.db
        .select({ tenantId: subscriptions.tenantId })
        .from(subscriptions)
        .where(or(...conditions));
      if (s) return s.tenantId;
    }
    const id = Number(hinted);
    if (!Number.isInteger(id) || id <= 0) return null;
    const [t] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
    return t?.id ?? null;
  };

  if (event.type === 'checkout.session.completed') {
    const subscriptionId = typeof o.subscription === 'string' ? o.subscription : (o.subscription?.id ?? null);
    const tenantId = await tenantFor(null, null, o.client_reference_id ?? o.metadata?.tenant_id);
    if (!tenantId || !subscriptionId) return 'ignored';
    const ps = await billing.provider.getSubscription(subscriptionId);
    const plan = await billing.planByPrice(ps.priceId);
    await billing.applyProviderSubscription(tenantId, ps, plan?.id);
    return 'subscription';
  }
  if (event.type.startsWith('customer.subscription.')) {
    const ps = readSubscription(o);
    const tenantId = await tenantFor(ps.customerId, ps.id, o.metadata?.tenant_id);
    if (!tenantId) return 'ignored';
    if (event.type === 'customer.subscription.deleted') ps.status = 'canceled';
    const plan = await billing.planByPrice(ps.priceId);
    await billing.applyProviderSubscription(tenantId, ps, plan?.id);
    return 'subscription';
  }
  if (event.type.startsWith('invoice.') && typeof o.id === 'string' && o.object !== 'invoiceitem') {
    const inv = readInvoice(o);
    const tenantId = await tenantFor(inv.customerId || null, invoiceSubscriptionId(o), null);
    if (!tenantId) return 'ignored';
    await recordProviderInvoice(database, tenantId, inv);
    return 'invoice';
  }
  return 'ignored';
}
