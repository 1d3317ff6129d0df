import { and, asc, eq, or } from 'drizzle-orm';
import {
  BILLING_PROVIDER_NAMES,
  formatMoney,
  periodCharge,
  POLICY_COUNT_LABELS,
  usageRatio,
  usageStatus,
  type NextCharge,
  type Plan,
  type PlanInfo,
  type PlanSession,
  type SubscriptionInfo,
  type UsageLine,
} from '@vigil/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { plans, subscriptions, tenants } from '../../db/schema/index.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { policyCount } from '../backups/service.ts';
import { chargeCouponOf, presentDiscount, type CouponRow } from './discount.ts';
import { noneProvider } from './providers/none.ts';
import { ProviderError, type BillingProviderClient, type ProviderSubscription } from './providers/provider.ts';
import { StripeProvider } from './providers/stripe.ts';
import { subscriptionStatus } from './status.ts';
import { isoOrNull } from '../../platform/dates.ts';

type PlanRow = typeof plans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The configured provider: Stripe when its secret key is set, otherwise None. */
export function providerFor(config: Config): BillingProviderClient {
  return config.STRIPE_SECRET_KEY ? new StripeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE) : noneProvider;
}

/** Provider failures reach the caller as the spec's error body with the provider's message. */
export async function viaProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderError) throw new HttpError(err.status >= 500 ? 502 : 400, err.message);
    throw err;
  }
}

export class BillingService {
  constructor(
    private readonly database: Database,
    readonly provider: BillingProviderClient,
    private readonly publicUrl: string,
  ) {}

  private get db() {
    return this.database.db;
  }

  planInfo(p: PlanRow): PlanInfo {
    return {
      Id: p.id,
      Handle: p.handle,
      Name: p.name,
      Description: p.description,
      PriceCents: p.priceCents,
      Currency: p.currency,
      Interval: p.interval,
      UnitLimit: p.unitLimit,
      OverageCents: p.overageCents,
      TrialDays: p.trialDays,
      Purchasable: !this.provider.hasCheckout || !!p.providerPriceId,
    };
  }

  async subscriptionOf(tenantId: number): Promise<SubscriptionRow | null> {
    const [s] = await this.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId));
    return s ?? null;
  }

  /** A plan a tenant may choose: active and public, or the one it already has. */
  async choosablePlan(handle: string, currentPlanId: number | null): Promise<PlanRow> {
    const [p] = await this.db.select().from(plans).where(eq(plans.handle, handle.trim().toLowerCase()));
    if (!p || (!(p.isActive && p.isPublic) && p.id !== currentPlanId))
      throw badRequest(`There is no plan "${handle}".`, 'Handle');
    return p;
  }

  async usage(tenantId: number, plan: PlanRow | null): Promise<UsageLine[]> {
    const counts = await policyCount(this.database, tenantId, null);
    return (Object.keys(POLICY_COUNT_LABELS) as (keyof typeof counts)[]).map((key) => {
      // Only Active Units are measured against the plan; the other counts are for information.
      const limit = key === 'ActiveBackups' && plan ? plan.unitLimit : null;
      const ratio = usageRatio(counts[key], limit);
      return {
        Key: key,
        Label: POLICY_COUNT_LABELS[key],
        Count: counts[key],
        Limit: limit,
        Ratio: Number.isFinite(ratio) ? Math.round(ratio * 1000) / 1000 : 999,
        Status: usageStatus(ratio),
      };
    });
  }

  private subscriptionInfo(s: SubscriptionRow | null): SubscriptionInfo {
    const provider = s?.provider ?? this.provider.id;
    return {
      Provider: provider,
      ProviderName: BILLING_PROVIDER_NAMES[provider] ?? String(provider),
      Status: subscriptionStatus(s),
      TrialEndsAt: isoOrNull(s?.trialEndsAt),
      CurrentPeriodEnd: isoOrNull(s?.currentPeriodEnd),
      PausedAt: isoOrNull(s?.pausedAt),
      NeedsCheckout: this.provider.hasCheckout && !s?.providerSubscriptionId,
      HasPortal: this.provider.hasPortal && !!s?.providerCustomerId,
    };
  }

  /** `GET api/plan`: the current plan, the plans on offer, the subscription and usage against the limit. */
  async plan(tenantId: number): Promise<Plan> {
    const s = await this.subscriptionOf(tenantId);
    const rows = await this.db
      .select()
      .from(plans)
      .where(
        s?.planId
          ? or(and(eq(plans.isActive, true), eq(plans.isPublic, true)), eq(plans.id, s.planId))
          : and(eq(plans.isActive, true), eq(plans.isPublic, true)),
      )
      .orderBy(asc(plans.sortOrder), asc(plans.priceCents), asc(plans.id));
    const current = rows.find((p) => p.id === s?.planId) ?? null;
    const usage = await this.usage(tenantId, current);
    const coupon = await chargeCouponOf(this.database, s);
    return {
      CurrentPlan: current ? this.planInfo(current) : null,
      AvailablePlans: rows.map((p) => this.planInfo(p)),
      Subscription: this.subscriptionInfo(s),
      Usage: usage,
      Discount: coupon ? presentDiscount(coupon) : null,
      NextCharge: this.nextCharge(s, current, usage, coupon),
    };
  }

  /**
   * The coming charge: the plan, units over its limit, less the coupon. Nothing is due while
   * the subscription is paused or canceled.
   */
  private nextCharge(
    s: SubscriptionRow | null,
    current: PlanRow | null,
    usage: UsageLine[],
    coupon: CouponRow | null,
  ): NextCharge | null {
    if (!s || !current || s.status === 'paused' || s.status === 'canceled') return null;
    const units = usage.find((u) => u.Key === 'ActiveBackups')?.Count ?? 0;
    const due = s.status === 'trialing' && s.trialEndsAt ? s.trialEndsAt : s.currentPeriodEnd;
    return periodCharge(
      this.planInfo(current),
      units,
      coupon ? { Code: coupon.code, Type: coupon.type, Value: coupon.value } : null,
      isoOrNull(due),
    );
  }

  private async saveSubscription(tenantId: number, values: Partial<typeof subscriptions.$inferInsert>) {
    const now = new Date();
    await this.db
      .insert(subscriptions)
      .values({ tenantId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: subscriptions.tenantId, set: { ...values, updatedAt: now } });
  }

  /** Provider state copied onto the tenant's subscription row. */
  async applyProviderSubscription(tenantId: number, ps: ProviderSubscription, planId?: number | null) {
    await this.saveSubscription(tenantId, {
      provider: this.provider.id,
      providerCustomerId: ps.customerId || undefined,
      providerSubscriptionId: ps.id,
      status: ps.status,
      currentPeriodEnd: ps.currentPeriodEnd,
      trialEndsAt: ps.trialEnd,
      pausedAt: ps.paused ? new Date() : null,
      ...(planId !== undefined ? { planId } : {}),
    });
  }

  async planByPrice(priceId: string | null): Promise<PlanRow | null> {
    if (!priceId) return null;
    const [p] = await this.db.select().from(plans).where(eq(plans.providerPriceId, priceId));
    return p ?? null;
  }

  /**
   * `PUT api/plan` (and the platform team's `PUT api/admin/plan/{tenantId}/{handle}`, which may
   * go below the usage and pick plans not on offer). With provider None the plan switches at once;
   * with Stripe the subscription's price changes with prorations, or a checkout is needed first.
   */
  async changePlan(tenantId: number, handle: string, opts: { byPlatform?: boolean } = {}): Promise<Plan> {
    const s = await this.subscriptionOf(tenantId);
    const target = opts.byPlatform
      ? await this.planByHandle(handle)
      : await this.choosablePlan(handle, s?.planId ?? null);
    if (!opts.byPlatform) await this.checkFits(tenantId, target);
    if (this.provider.hasCheckout && s?.providerSubscriptionId) {
      if (!target.providerPriceId) throw badRequest(`The ${target.name} plan cannot be bought online.`, 'Handle');
      const ps = await viaProvider(() => this.provider.changePrice(s.providerSubscriptionId!, target.providerPriceId!));
      await this.applyProviderSubscription(tenantId, ps, target.id);
    } else if (this.provider.hasCheckout && !opts.byPlatform) {
      throw badRequest('Subscribe through checkout first: choose the plan and complete the payment page.', 'Handle');
    } else {
      const trialing = s ? s.status === 'trialing' && !!s.trialEndsAt && s.trialEndsAt > new Date() : false;
      const startsTrial = !s?.planId && target.trialDays > 0;
      await this.saveSubscription(tenantId, {
        planId: target.id,
        provider: s?.providerSubscriptionId ? s.provider : this.provider.id,
        status: trialing || startsTrial ? 'trialing' : s?.status === 'paused' ? 'paused' : 'active',
        ...(startsTrial ? { trialEndsAt: new Date(Date.now() + target.trialDays * 86_400_000) } : {}),
      });
    }
    return this.plan(tenantId);
  }

  async planByHandle(handle: string): Promise<PlanRow> {
    const [p] = await this.db.select().from(plans).where(eq(plans.handle, handle.trim().toLowerCase()));
    if (!p) throw notFound(`There is no plan "${handle}".`);
    return p;
  }

  /** A smaller plan must still hold the active units, unless it bills the units over its limit. */
  private async checkFits(tenantId: number, target: PlanRow) {
    if (target.unitLimit == null || target.overageCents > 0) return;
    const units = (await policyCount(this.database, tenantId, null)).ActiveBackups;
    if (units > target.unitLimit)
      throw badRequest(
        `Your ${units.toLocaleString('en-US')} active units exceed the ${target.name} plan's limit of ${target.unitLimit.toLocaleString('en-US')}. Retire backups or choose a larger plan.`,
        'Handle',
      );
  }

  /**
   * `POST api/plan/session`. With Stripe: a checkout page for the chosen plan (no subscription yet)
   * or the billing portal. With None there is no payment page: a checkout request switches the plan
   * at once and says so; a portal request is refused with the reason.
   */
  async session(
    tenantId: number,
    req: { Kind: 'checkout' | 'portal'; Handle?: string },
    who: { email: string | null },
  ): Promise<PlanSession> {
    const s = await this.subscriptionOf(tenantId);
    const back = `${this.publicUrl}/app/settings/billing`;
    if (req.Kind === 'portal') {
      if (!this.provider.hasPortal)
        throw badRequest('There is no billing portal: no payment provider is configured for this account.');
      if (!s?.providerCustomerId) throw badRequest('There is nothing to manage yet: subscribe to a plan first.');
      const url = await viaProvider(() => this.provider.portalSession(s.providerCustomerId!, back));
      return { Url: url, Changed: false, Message: 'Opening the billing portal.' };
    }
    if (!req.Handle) throw badRequest('Plan is required', 'Handle');
    const target = await this.choosablePlan(req.Handle, s?.planId ?? null);
    await this.checkFits(tenantId, target);
    if (!this.provider.hasCheckout || s?.providerSubscriptionId) {
      await this.changePlan(tenantId, target.handle);
      return {
        Url: null,
        Changed: true,
        Message: `Your plan is now ${target.name} (${formatMoney(target.priceCents, { compact: true })}/${target.interval}).`,
      };
    }
    if (!target.providerPriceId) throw badRequest(`The ${target.name} plan cannot be bought online.`, 'Handle');
    const [tenant] = await this.db.select().from(tenants).where(eq(tenants.id, tenantId));
    const customerId = await viaProvider(() =>
      this.provider.ensureCustomer(
        { id: tenantId, name: tenant.name, email: who.email },
        s?.providerCustomerId ?? null,
      ),
    );
    if (customerId !== s?.providerCustomerId)
      await this.saveSubscription(tenantId, { providerCustomerId: customerId, provider: this.provider.id });
    const coupon = await chargeCouponOf(this.database, s);
    const providerCouponId = coupon ? await viaProvider(() => this.provider.ensureCoupon(coupon)) : null;
    const url = await viaProvider(() =>
      this.provider.checkoutSession({
        customerId,
        couponId: providerCouponId,
        priceId: target.providerPriceId!,
        tenantId,
        planHandle: target.handle,
        successUrl: `${back}?checkout=success`,
        cancelUrl: `${back}?checkout=cancel`,
      }),
    );
    return { Url: url, Changed: false, Message: `Opening the payment page for ${target.name}.` };
  }
}
