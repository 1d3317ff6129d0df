import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Plan } from '@vigil/contract';
import { invoices, subscriptions } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { signStripePayload, type StripeStub } from '../../../test/stripe-stub.ts';
import { insertActiveUnits, stripeTestApp } from './test-data.ts';

/** Billing through Stripe, against a Stripe API server on loopback. */
const WEBHOOK_SECRET = 'whsec_vigil_test_secret';
let t: TestApp;
let stripe: StripeStub;
let acme: number;
let other: number;

beforeAll(async () => {
  ({ t, stripe, acme, other } = await stripeTestApp(WEBHOOK_SECRET));
  await insertActiveUnits(t.database, acme, 40);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const subscriptionOf = async (tenantId: number) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId)))[0];
const since = (n: number) => stripe.requests.slice(n);

/** Delivers an event the way Stripe does: raw JSON body, `Stripe-Signature` header. */
async function deliver(event: object, opts: { secret?: string; at?: number; header?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header =
    opts.header === undefined ? signStripePayload(payload, opts.secret ?? WEBHOOK_SECRET, opts.at) : opts.header;
  return t.call('POST', '/api/billing/stripe/webhook', {
    rawBody: payload,
    headers: header === null ? {} : { 'stripe-signature': header },
  });
}

let eventSeq = 0;
const event = (type: string, object: object) => ({ id: `evt_${++eventSeq}`, object: 'event', type, data: { object } });

function stripeInvoice(id: string, customer: string, extra: object = {}) {
  return {
    id,
    object: 'invoice',
    customer,
    number: `STR-${id.slice(-4)}`,
    status: 'paid',
    total: 4900,
    currency: 'usd',
    created: 1_790_000_000,
    period_start: 1_787_400_000,
    period_end: 1_790_000_000,
    status_transitions: { paid_at: 1_790_000_100 },
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
    lines: { object: 'list', data: [{ description: '1 × Starter (at $49.00 / month)', quantity: 1, amount: 4900 }] },
    ...extra,
  };
}

describe('checkout', () => {
  it('asks for a checkout before the first plan and offers only plans with a Stripe price', async () => {
    const admin = await t.as('admin');
    const plan = Plan.parse((await admin('GET', '/api/plan')).body);
    expect(plan.Subscription).toMatchObject({
      Provider: 1,
      ProviderName: 'Stripe',
      NeedsCheckout: true,
      HasPortal: false,
    });
    expect(plan.AvailablePlans.find((p) => p.Handle === 'enterprise')?.Purchasable).toBe(false);
    expect(plan.AvailablePlans.find((p) => p.Handle === 'starter')?.Purchasable).toBe(true);
    const put = await admin('PUT', '/api/plan', { Handle: 'starter' });
    expect(put.status).toBe(400);
    expect(put.body.Message).toBe('Subscribe through checkout first: choose the plan and complete the payment page.');
    const ent = await admin('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'enterprise' });
    expect(ent.body.Message).toBe('The Enterprise plan cannot be bought online.');
    expect(stripe.requests).toHaveLength(0);
  });

  it('creates the customer once and opens a subscription checkout for the plan’s price', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'starter' });
    expect(r.status).toBe(200);
    expect(r.body.Url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(r.body.Changed).toBe(false);
    const [customer, session] = stripe.requests;
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      form: { name: 'Acme MSP', email: 'admin@acme.test', metadata: { tenant_id: String(acme) } },
    });
    expect(session.path).toBe('/v1/checkout/sessions');
    expect(session.form).toMatchObject({
      mode: 'subscription',
      customer: stripe.customers.keys().next().value,
      client_reference_id: String(acme),
      line_items: [{ price: 'price_starter', quantity: '1' }],
      success_url: 'http://vigil.test/app/settings/billing?checkout=success',
      cancel_url: 'http://vigil.test/app/settings/billing?checkout=cancel',
      metadata: { plan_handle: 'starter' },
    });
    for (const req of [customer, session]) {
      expect(req.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
      expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    }
    expect(customer.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(customer.headers['idempotency-key']).not.toBe(session.headers['idempotency-key']);
    expect((await subscriptionOf(acme)).providerCustomerId).toBe(session.form.customer);

    const n = stripe.requests.length;
    await admin('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'professional' });
    expect(since(n).map((x) => x.path)).toEqual(['/v1/checkout/sessions']);
  });

  it('takes the subscription from a signed checkout.session.completed event', async () => {
    const customerId = (await subscriptionOf(acme)).providerCustomerId!;
    const sub = stripe.addSubscription(customerId, 'price_starter');
    const r = await deliver(
      event('checkout.session.completed', {
        id: 'cs_test_1',
        object: 'checkout.session',
        client_reference_id: String(acme),
        customer: customerId,
        subscription: sub.id,
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ received: true, handled: 'subscription' });
    const plan = (await (await t.as('admin'))('GET', '/api/plan')).body;
    expect(plan.CurrentPlan.Handle).toBe('starter');
    expect(plan.Subscription).toMatchObject({ Status: 'active', NeedsCheckout: false, HasPortal: true });
    expect((await subscriptionOf(acme)).providerSubscriptionId).toBe(sub.id);
  });
});

describe('webhook signatures', () => {
  it('refuses unsigned, wrongly signed, tampered and stale events and writes nothing', async () => {
    const customerId = (await subscriptionOf(acme)).providerCustomerId!;
    const e = event('invoice.paid', stripeInvoice('in_forged0001', customerId));
    const payload = JSON.stringify(e);
    const cases: [string, Promise<{ status: number; body: { Message: string } }>][] = [
      ['The Stripe-Signature header is missing.', deliver(e, { header: null })],
      ['The Stripe-Signature header is malformed.', deliver(e, { header: 'v1=abc' })],
      ['The webhook signature does not match.', deliver(e, { secret: 'whsec_someone_else' })],
      [
        'The webhook signature does not match.',
        deliver({ ...e, type: 'invoice.voided' }, { header: signStripePayload(payload, WEBHOOK_SECRET) }),
      ],
      ['The webhook timestamp is too old.', deliver(e, { at: Math.floor(Date.now() / 1000) - 3600 })],
    ];
    for (const [message, pending] of cases) {
      const r = await pending;
      expect(r.status, message).toBe(400);
      expect(r.body.Message).toBe(message);
    }
    expect(await t.database.db.select().from(invoices)).toHaveLength(0);
  });

  it('accepts any of several v1 signatures (secret rolling)', async () => {
    const e = event('ping', {});
    const payload = JSON.stringify(e);
    const good = signStripePayload(payload, WEBHOOK_SECRET);
    const header = `${good.split(',')[0]},v1=${'0'.repeat(64)},${good.split(',')[1]}`;
    const r = await deliver(e, { header });
    expect(r.body).toEqual({ received: true, handled: 'ignored' });
  });
});

describe('invoices and subscription events', () => {
  it('records an invoice once however often it is delivered, and updates its status', async () => {
    const customerId = (await subscriptionOf(acme)).providerCustomerId!;
    const open = event(
      'invoice.finalized',
      stripeInvoice('in_0001', customerId, { status: 'open', status_transitions: {} }),
    );
    expect((await deliver(open)).body.handled).toBe('invoice');
    expect((await deliver(open)).body.handled).toBe('invoice');
    const paid = event('invoice.paid', stripeInvoice('in_0001', customerId));
    await deliver(paid);
    await deliver(paid);
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_0001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: acme, status: 'paid', amountCents: 4900, number: 'STR-0001' });
    expect(rows[0].paidAt?.toISOString()).toBe(new Date(1_790_000_100_000).toISOString());

    const list = (await (await t.as('admin'))('GET', '/api/invoice/')).body;
    expect(list[0]).toMatchObject({
      Number: 'STR-0001',
      Status: 'paid',
      HostedUrl: 'https://invoice.stripe.test/i/in_0001',
      PdfUrl: 'https://pay.stripe.test/invoice/in_0001/pdf',
      Lines: [{ Description: '1 × Starter (at $49.00 / month)', Quantity: 1, AmountCents: 4900 }],
    });
    expect((await (await t.as('outsider'))('GET', '/api/invoice/')).body).toEqual([]);
  });

  it('ignores invoices of customers it does not know', async () => {
    const r = await deliver(event('invoice.paid', stripeInvoice('in_stranger1', 'cus_unknown')));
    expect(r.body.handled).toBe('ignored');
    expect(await t.database.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_stranger1'))).toEqual(
      [],
    );
  });

  it('catches up on invoices a webhook missed when the list is read', async () => {
    const customerId = (await subscriptionOf(acme)).providerCustomerId!;
    stripe.invoices.push(stripeInvoice('in_0002', customerId, { number: 'STR-LATE', created: 1_792_000_000 }));
    stripe.invoices.push(stripeInvoice('in_0099', 'cus_elsewhere', { number: 'NOT-OURS' }));
    const n = stripe.requests.length;
    const list = (await (await t.as('admin'))('GET', '/api/invoice/')).body;
    expect(list.map((i: { Number: string }) => i.Number)).toEqual(['STR-LATE', 'STR-0001']);
    expect(since(n)[0]).toMatchObject({ method: 'GET', path: '/v1/invoices', query: { customer: customerId } });
  });
});

describe('plan changes on an existing subscription', () => {
  it('changes the subscription item’s price with prorations', async () => {
    const admin = await t.as('admin');
    const s = await subscriptionOf(acme);
    const n = stripe.requests.length;
    const r = await admin('PUT', '/api/plan', { Handle: 'professional' });
    expect(r.status).toBe(200);
    expect(r.body.CurrentPlan.Handle).toBe('professional');
    const [read, update] = since(n);
    expect(read).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${s.providerSubscriptionId}` });
    const item = stripe.subscriptions.get(s.providerSubscriptionId!)!.items.data[0];
    expect(update).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${s.providerSubscriptionId}`,
      form: { items: [{ id: item.id, price: 'price_pro' }], proration_behavior: 'create_prorations' },
    });
    expect(item.price.id).toBe('price_pro');
  });

  it('shows Stripe’s error message and keeps the plan when Stripe refuses', async () => {
    const admin = await t.as('admin');
    stripe.failNext(402, { type: 'card_error', message: 'Your card was declined.' });
    const r = await admin('PUT', '/api/plan', { Handle: 'starter' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ Message: 'Stripe: Your card was declined.', statusCode: 400 });
    expect((await admin('GET', '/api/plan')).body.CurrentPlan.Handle).toBe('professional');
  });

  it('retries once after a Stripe server error with the same idempotency key', async () => {
    const admin = await t.as('admin');
    const r0 = await admin('POST', '/api/plan/session', { Kind: 'portal' });
    expect(r0.status).toBe(200);
    stripe.failNext(500);
    const n = stripe.requests.length;
    const r = await admin('POST', '/api/plan/session', { Kind: 'portal' });
    expect(r.status).toBe(200);
    expect(r.body.Url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const [failed, retried] = since(n);
    expect(failed.path).toBe('/v1/billing_portal/sessions');
    expect(retried.headers['idempotency-key']).toBe(failed.headers['idempotency-key']);
    expect(retried.form.return_url).toBe('http://vigil.test/app/settings/billing');
  });
});

describe('platform team with Stripe', () => {
  it('links a subscription made in Stripe to a tenant, taking its plan from the price', async () => {
    const root = await t.as('root');
    const sub = stripe.addSubscription('cus_made_by_hand', 'price_tiny');
    const r = await root('PUT', `/api/admin/set-subscription-id/${other}?subscriptionId=${sub.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      TenantId: other,
      ProviderSubscriptionId: sub.id,
      ProviderCustomerId: 'cus_made_by_hand',
    });
    expect(r.body.CurrentPlan.Handle).toBe('tiny');

    const taken = await root(
      'PUT',
      `/api/admin/set-subscription-id/${other}?subscriptionId=${(await subscriptionOf(acme)).providerSubscriptionId}`,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('That subscription is already linked to Acme MSP.');
    const missing = await root('PUT', `/api/admin/set-subscription-id/${other}?subscriptionId=sub_nope`);
    expect(missing.status).toBe(400);
    expect(missing.body.Message).toBe("Stripe: No such subscription: 'sub_nope'");
  });

  it('pauses collection in Stripe and lifts the pause again', async () => {
    const root = await t.as('root');
    const s = await subscriptionOf(other);
    const n = stripe.requests.length;
    const paused = await root('PUT', `/api/admin/pause-subscription/${other}`);
    expect(paused.body.Subscription.Status).toBe('paused');
    expect(since(n)[0]).toMatchObject({
      path: `/v1/subscriptions/${s.providerSubscriptionId}`,
      form: { pause_collection: { behavior: 'void' } },
    });
    const resumed = await root('PUT', `/api/admin/resume-subscription/${other}`);
    expect(resumed.body.Subscription.Status).toBe('active');
    expect(since(n)[1].form).toEqual({ pause_collection: '' });
    expect(stripe.subscriptions.get(s.providerSubscriptionId!)!.pause_collection).toBeNull();
  });

  it('follows subscription updates and cancellation sent by Stripe', async () => {
    const s = await subscriptionOf(acme);
    const sub = stripe.subscriptions.get(s.providerSubscriptionId!)!;
    const updated = {
      ...sub,
      status: 'past_due',
      items: { data: [{ ...sub.items.data[0], price: { id: 'price_tiny' } }] },
    };
    expect((await deliver(event('customer.subscription.updated', updated))).body.handled).toBe('subscription');
    expect(await subscriptionOf(acme)).toMatchObject({ status: 'past_due' });
    expect((await (await t.as('admin'))('GET', '/api/plan')).body.CurrentPlan.Handle).toBe('tiny');
    await deliver(event('customer.subscription.deleted', { ...updated, status: 'canceled' }));
    await deliver(event('customer.subscription.deleted', { ...updated, status: 'canceled' }));
    expect(await subscriptionOf(acme)).toMatchObject({ status: 'canceled', providerSubscriptionId: sub.id });
  });
});
