import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CouponType, Invoice, Plan } from '@vigil/contract';
import { coupons, invoices, subscriptions } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { signStripePayload, type StripeStub } from '../../../test/stripe-stub.ts';
import { stripeTestApp } from './test-data.ts';

/** Sign-up coupons passed to Stripe: made once as Stripe coupons, applied at checkout, shown on invoices. */
const WEBHOOK_SECRET = 'whsec_vigil_coupons';
let t: TestApp;
let stripe: StripeStub;
let acme: number;
let other: number;
const couponIds: Record<string, number> = {};

beforeAll(async () => {
  ({ t, stripe, acme, other } = await stripeTestApp(WEBHOOK_SECRET));
  const rows = await t.database.db
    .insert(coupons)
    .values([
      { code: 'WELCOME20', type: CouponType.PercentOff, value: 20, redemptions: 1 },
      { code: 'FIFTY', type: CouponType.AmountOff, value: 50, redemptions: 1 },
    ])
    .returning();
  for (const r of rows) couponIds[r.code] = r.id;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** What sign-up records: the redeemed coupon on the tenant's subscription. */
async function redeemed(tenantId: number, code: string) {
  await t.database.db
    .insert(subscriptions)
    .values({ tenantId, couponId: couponIds[code], status: 'trialing' })
    .onConflictDoUpdate({ target: subscriptions.tenantId, set: { couponId: couponIds[code] } });
}

async function deliver(type: string, object: object) {
  const payload = JSON.stringify({ id: `evt_${type}_${Date.now()}`, object: 'event', type, data: { object } });
  return t.call('POST', '/api/billing/stripe/webhook', {
    rawBody: payload,
    headers: { 'stripe-signature': signStripePayload(payload, WEBHOOK_SECRET) },
  });
}

describe('coupons with Stripe', () => {
  it('makes the Stripe coupon once and applies it to the checkout of every plan', async () => {
    await redeemed(acme, 'WELCOME20');
    const admin = await t.as('admin');
    const n = stripe.requests.length;
    const r = await admin('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'starter' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sent = stripe.requests.slice(n);
    expect(sent.map((x) => `${x.method} ${x.path}`)).toEqual([
      'POST /v1/customers',
      `GET /v1/coupons/vigil-coupon-${couponIds.WELCOME20}`,
      'POST /v1/coupons',
      'POST /v1/checkout/sessions',
    ]);
    expect(sent[2].form).toEqual({
      id: `vigil-coupon-${couponIds.WELCOME20}`,
      name: 'WELCOME20',
      duration: 'forever',
      percent_off: '20',
      metadata: { vigil_coupon_id: String(couponIds.WELCOME20) },
    });
    expect(sent[3].form.discounts).toEqual([{ coupon: `vigil-coupon-${couponIds.WELCOME20}` }]);
    expect(stripe.coupons.get(`vigil-coupon-${couponIds.WELCOME20}`)).toMatchObject({
      percent_off: 20,
      duration: 'forever',
    });

    // The second checkout finds the coupon and makes no other.
    const m = stripe.requests.length;
    expect((await admin('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'professional' })).status).toBe(200);
    expect(stripe.requests.slice(m).map((x) => `${x.method} ${x.path}`)).toEqual([
      `GET /v1/coupons/vigil-coupon-${couponIds.WELCOME20}`,
      'POST /v1/checkout/sessions',
    ]);
    expect(stripe.coupons.size).toBe(1);
  });

  it('shows the discount Stripe takes off on the tenant’s invoices and in the coming charge', async () => {
    const session = [...stripe.checkoutSessions.values()].find((s) => s.price === 'price_starter')!;
    const sub = stripe.completeCheckout(session.id);
    const done = await deliver('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      client_reference_id: String(acme),
      customer: session.customer,
      subscription: sub.id,
    });
    expect(done.body).toEqual({ received: true, handled: 'subscription' });
    stripe.billSubscription(sub.id, 4900);

    const admin = await t.as('admin');
    const list = (await admin('GET', '/api/invoice/')).body as Invoice[];
    expect(list).toHaveLength(1);
    expect(list[0].AmountCents).toBe(3920);
    expect(list[0].Lines).toEqual([
      { Description: '1 × price_starter', Quantity: 1, AmountCents: 4900 },
      { Description: 'Discount (WELCOME20)', Quantity: 1, AmountCents: -980 },
    ]);
    const plan = Plan.parse((await admin('GET', '/api/plan')).body);
    expect(plan.CurrentPlan?.Handle).toBe('starter');
    expect(plan.Discount?.Summary).toBe('20% off');
    expect(plan.NextCharge).toMatchObject({ SubtotalCents: 4900, DiscountCents: 980, TotalCents: 3920 });
    // Another tenant sees none of it.
    expect((await (await t.as('outsider'))('GET', '/api/invoice/')).body).toEqual([]);
  });

  it('passes an amount off in cents with its currency, and nothing without a coupon', async () => {
    const outsider = await t.as('outsider');
    let n = stripe.requests.length;
    expect((await outsider('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'tiny' })).status).toBe(200);
    let sent = stripe.requests.slice(n);
    expect(sent.some((x) => x.path.startsWith('/v1/coupons'))).toBe(false);
    expect(sent.at(-1)!.form.discounts).toBeUndefined();

    await redeemed(other, 'FIFTY');
    n = stripe.requests.length;
    expect((await outsider('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'tiny' })).status).toBe(200);
    sent = stripe.requests.slice(n);
    expect(sent.find((x) => x.method === 'POST' && x.path === '/v1/coupons')!.form).toMatchObject({
      amount_off: '5000',
      currency: 'usd',
      duration: 'forever',
    });
    expect(sent.at(-1)!.form.discounts).toEqual([{ coupon: `vigil-coupon-${couponIds.FIFTY}` }]);
  });

  it('shows Stripe’s refusal and opens no checkout when the coupon cannot be had', async () => {
    const outsider = await t.as('outsider');
    const sessions = stripe.checkoutSessions.size;
    stripe.failNext(400, { type: 'invalid_request_error', message: 'This coupon cannot be used.' });
    const r = await outsider('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'tiny' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ Message: 'Stripe: This coupon cannot be used.', statusCode: 400 });
    expect(stripe.checkoutSessions.size).toBe(sessions);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.tenantId, other))).toEqual([]);
  });
});
