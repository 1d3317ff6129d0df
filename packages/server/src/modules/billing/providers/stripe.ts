import { randomUUID } from 'node:crypto';
import { BillingProvider } from '@vigil/contract';
import { encodeForm, type FormValue } from './stripe-form.ts';
import { CouponType } from '@vigil/contract';
import {
  ProviderError,
  type BillingProviderClient,
  type CheckoutRequest,
  type ProviderCoupon,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- Stripe objects are read field by field below. */
type StripeObject = Record<string, any>;

const TIMEOUT_MS = 15_000;
const date = (unix: unknown): Date | null => (typeof unix === 'number' && unix > 0 ? new Date(unix * 1000) : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;

/** A Stripe subscription as the billing screens read it. */
export function readSubscription(s: StripeObject): ProviderSubscription {
  const item = s.items?.data?.[0];
  const status = String(s.status ?? 'active');
  return {
    id: String(s.id),
    customerId: idOf(s.customer) ?? '',
    status: s.pause_collection
      ? 'paused'
      : status.startsWith('incomplete') || status === 'unpaid'
        ? 'past_due'
        : status,
    priceId: idOf(item?.price),
    itemId: item?.id ? String(item.id) : null,
    // Newer API versions keep the period on the item.
    currentPeriodEnd: date(s.current_period_end ?? item?.current_period_end),
    trialEnd: date(s.trial_end),
    paused: !!s.pause_collection,
  };
}

/** The name of the coupon behind an invoice's discount (older single `discount`, or expanded `discounts`). */
function discountName(i: StripeObject): string | null {
  const d =
    i.discount ?? (Array.isArray(i.discounts) ? i.discounts.find((x: unknown) => x && typeof x === 'object') : null);
  const c = d?.coupon ?? d?.source?.coupon;
  return c && typeof c === 'object' ? (c.name ?? c.id ?? null) : null;
}

/** A Stripe invoice as the Invoices screen shows it: its lines, then the discount Stripe took off. */
export function readInvoice(i: StripeObject): ProviderInvoice {
  const lines: StripeObject[] = i.lines?.data ?? [];
  const discounted = ((i.total_discount_amounts ?? []) as StripeObject[]).reduce(
    (sum, d) => sum + Number(d.amount ?? 0),
    0,
  );
  const name = discountName(i);
  return {
    id: String(i.id),
    customerId: idOf(i.customer) ?? '',
    number: String(i.number ?? i.id),
    status: String(i.status ?? 'draft'),
    amountCents: Number(i.total ?? i.amount_due ?? 0),
    currency: String(i.currency ?? 'usd'),
    periodStart: date(i.period_start),
    periodEnd: date(i.period_end),
    issuedAt: date(i.created) ?? new Date(),
    paidAt: date(i.status_transitions?.paid_at),
    hostedUrl: i.hosted_invoice_url ?? null,
    pdfUrl: i.invoice_pdf ?? null,
    lines: [
      ...lines.map((l) => ({
        description: String(l.description ?? ''),
        quantity: Number(l.quantity ?? 1),
        amountCents: Number(l.amount ?? 0),
      })),
      ...(discounted > 0
        ? [{ description: name ? `Discount (${name})` : 'Discount', quantity: 1, amountCents: -discounted }]
        : []),
    ],
  };
}

/** The subscription id an invoice belongs to (older and newer API shapes). */
export function invoiceSubscriptionId(i: StripeObject): string | null {
  return idOf(i.subscription) ?? idOf(i.parent?.subscription_details?.subscription);
}

/**
 * Stripe's REST API (provider Stripe, 1): form-encoded requests with the secret key as a Bearer
 * token, an Idempotency-Key on every POST (reused on the one retry after a network failure or a
 * 5xx, so a create is never made twice), errors read from `{error: {type, message}}`.
 */
export class StripeProvider implements BillingProviderClient {
  readonly id = BillingProvider.Stripe;
  readonly name = 'Stripe';
  readonly hasCheckout = true;
  readonly hasPortal = true;

  constructor(
    private readonly secretKey: string,
    private readonly apiBase = 'https://api.stripe.com',
  ) {}

  private async request(method: 'GET' | 'POST', path: string, params: Record<string, FormValue> = {}) {
    const body = encodeForm(params);
    const url = `${this.apiBase.replace(/\/$/, '')}${path}${method === 'GET' && body ? `?${body}` : ''}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.secretKey}` };
    if (method === 'POST') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['idempotency-key'] = randomUUID();
    }
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers,
          body: method === 'POST' ? body : undefined,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        if (attempt < 2) continue;
        throw new ProviderError('Stripe could not be reached. Try again in a moment.', 502, 'api_connection_error');
      }
      if (res.status >= 500 && attempt < 2) continue;
      const json = (await res.json().catch(() => ({}))) as StripeObject;
      if (!res.ok) {
        const e = json.error ?? {};
        throw new ProviderError(
          `Stripe: ${e.message ?? `request failed (${res.status})`}`,
          res.status,
          e.type ?? 'api_error',
        );
      }
      return json;
    }
  }

  async ensureCustomer(tenant: { id: number; name: string; email: string | null }, existing: string | null) {
    if (existing) return existing;
    const c = await this.request('POST', '/v1/customers', {
      name: tenant.name,
      email: tenant.email ?? undefined,
      metadata: { tenant_id: tenant.id },
    });
    return String(c.id);
  }

  async checkoutSession(req: CheckoutRequest) {
    const s = await this.request('POST', '/v1/checkout/sessions', {
      mode: 'subscription',
      customer: req.customerId,
      client_reference_id: String(req.tenantId),
      line_items: [{ price: req.priceId, quantity: 1 }],
      discounts: req.couponId ? [{ coupon: req.couponId }] : undefined,
      success_url: req.successUrl,
      cancel_url: req.cancelUrl,
      metadata: { tenant_id: req.tenantId, plan_handle: req.planHandle },
      subscription_data: { metadata: { tenant_id: req.tenantId, plan_handle: req.planHandle } },
    });
    return String(s.url);
  }

  /**
   * Stripe's coupon for a Vigil coupon, under a fixed id so it is made once: percent off, or
   * amount off in cents of US dollars, for every period (`duration: forever`).
   */
  async ensureCoupon(coupon: ProviderCoupon) {
    const id = `vigil-coupon-${coupon.id}`;
    try {
      return String((await this.request('GET', `/v1/coupons/${encodeURIComponent(id)}`)).id);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.status !== 404) throw err;
    }
    const off =
      coupon.type === CouponType.PercentOff
        ? { percent_off: coupon.value }
        : { amount_off: coupon.value * 100, currency: 'usd' };
    const c = await this.request('POST', '/v1/coupons', {
      id,
      name: coupon.code,
      duration: 'forever',
      ...off,
      metadata: { vigil_coupon_id: coupon.id },
    });
    return String(c.id);
  }

  async portalSession(customerId: string, returnUrl: string) {
    const s = await this.request('POST', '/v1/billing_portal/sessions', {
      customer: customerId,
      return_url: returnUrl,
    });
    return String(s.url);
  }

  async getSubscription(id: string) {
    return readSubscription(await this.request('GET', `/v1/subscriptions/${encodeURIComponent(id)}`));
  }

  async changePrice(subscriptionId: string, priceId: string) {
    const current = await this.getSubscription(subscriptionId);
    const s = await this.request('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
      items: [{ id: current.itemId ?? undefined, price: priceId }],
      proration_behavior: 'create_prorations',
    });
    return readSubscription(s);
  }

  async pause(subscriptionId: string) {
    const s = await this.request('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
      pause_collection: { behavior: 'void' },
    });
    return readSubscription(s);
  }

  async resume(subscriptionId: string) {
    // An empty value lifts the pause.
    const s = await this.request('POST', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, {
      pause_collection: null,
    });
    return readSubscription(s);
  }

  async listInvoices(customerId: string) {
    const list = await this.request('GET', '/v1/invoices', { customer: customerId, limit: 100 });
    return ((list.data ?? []) as StripeObject[]).map(readInvoice);
  }
}
