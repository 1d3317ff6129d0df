import { and, asc, count, eq, ne, or } from 'drizzle-orm';
import type { AdminPlan } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { invoices, plans, subscriptions, tenants } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { viaProvider, type BillingService } from './service.ts';

/** The platform team's view and levers on a tenant's subscription (Admin Portal → billing). */
export class BillingAdminService {
  constructor(
    private readonly database: Database,
    private readonly billing: BillingService,
  ) {}

  private async tenant(tenantId: number) {
    const [t] = await this.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    if (!t) throw notFound();
    return t;
  }

  /**
   * `GET api/admin/plan/{tenantId}`. The plans on offer to the platform team are every active
   * plan, hidden ones included (private deals), and the tenant's current one.
   */
  async plan(tenantId: number): Promise<AdminPlan> {
    const t = await this.tenant(tenantId);
    const s = await this.billing.subscriptionOf(tenantId);
    const offered = await this.database.db
      .select()
      .from(plans)
      .where(s?.planId ? or(eq(plans.isActive, true), eq(plans.id, s.planId)) : eq(plans.isActive, true))
      .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id));
    const [{ n }] = await this.database.db.select({ n: count() }).from(invoices).where(eq(invoices.tenantId, tenantId));
    return {
      ...(await this.billing.plan(tenantId)),
      AvailablePlans: offered.map((p) => this.billing.planInfo(p)),
      InvoicesCount: Number(n),
      TenantId: t.id,
      TenantName: t.name,
      ProviderCustomerId: s?.providerCustomerId ?? null,
      ProviderSubscriptionId: s?.providerSubscriptionId ?? null,
      TenantSubscriptionNotes: s?.notes ?? '',
    };
  }

  /** `PUT api/admin/plan/{tenantId}/{handle}`: any plan, whatever the usage. */
  async setPlan(tenantId: number, handle: string): Promise<AdminPlan> {
    await this.tenant(tenantId);
    await this.billing.changePlan(tenantId, handle, { byPlatform: true });
    return this.plan(tenantId);
  }

  /**
   * `PUT api/admin/set-subscription-id/{id}?subscriptionId=`: links a subscription made in the
   * provider's dashboard to the tenant, taking its customer, status and (by price) plan.
   */
  async setSubscriptionId(tenantId: number, subscriptionId: string): Promise<AdminPlan> {
    await this.tenant(tenantId);
    const ps = await viaProvider(() => this.billing.provider.getSubscription(subscriptionId));
    const [other] = await this.database.db
      .select({ name: tenants.name })
      .from(subscriptions)
      .innerJoin(tenants, eq(tenants.id, subscriptions.tenantId))
      .where(and(eq(subscriptions.providerSubscriptionId, ps.id), ne(subscriptions.tenantId, tenantId)));
    if (other) throw badRequest(`That subscription is already linked to ${other.name}.`, 'subscriptionId');
    const plan = await this.billing.planByPrice(ps.priceId);
    await this.billing.applyProviderSubscription(tenantId, ps, plan ? plan.id : undefined);
    return this.plan(tenantId);
  }

  async pause(tenantId: number): Promise<AdminPlan> {
    await this.tenant(tenantId);
    const s = await this.billing.subscriptionOf(tenantId);
    if (!s?.planId) throw badRequest('This tenant has no subscription to pause.');
    if (s.status === 'paused') throw badRequest('The subscription is already paused.');
    if (s.providerSubscriptionId && this.billing.provider.hasCheckout) {
      const ps = await viaProvider(() => this.billing.provider.pause(s.providerSubscriptionId!));
      await this.billing.applyProviderSubscription(tenantId, { ...ps, status: 'paused', paused: true });
    } else {
      await this.database.db
        .update(subscriptions)
        .set({ status: 'paused', pausedAt: new Date(), updatedAt: new Date() })
        .where(eq(subscriptions.tenantId, tenantId));
    }
    return this.plan(tenantId);
  }

  async resume(tenantId: number): Promise<AdminPlan> {
    await this.tenant(tenantId);
    const s = await this.billing.subscriptionOf(tenantId);
    if (!s?.planId) throw badRequest('This tenant has no subscription to resume.');
    if (s.status !== 'paused') throw badRequest('The subscription is not paused.');
    if (s.providerSubscriptionId && this.billing.provider.hasCheckout) {
      const ps = await viaProvider(() => this.billing.provider.resume(s.providerSubscriptionId!));
      await this.billing.applyProviderSubscription(tenantId, ps);
    } else {
      await this.database.db
        .update(subscriptions)
        .set({ status: 'active', pausedAt: null, updatedAt: new Date() })
        .where(eq(subscriptions.tenantId, tenantId));
    }
    return this.plan(tenantId);
  }
}
