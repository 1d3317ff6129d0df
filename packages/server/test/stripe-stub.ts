import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Stripe API stand-in on loopback, written from Stripe's public API reference: form-encoded
 * bodies with bracketed keys, Bearer secret key, Idempotency-Key replays, `{error: {type,
 * message}}` failures. It keeps customers, subscriptions and invoices in memory and records every
 * request so tests can assert on what the client sent.
 */
export interface StubRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  form: Record<string, any>;
  headers: http.IncomingHttpHeaders;
  /** Answered from the idempotency cache. */
  replayed: boolean;
}

type Obj = Record<string, any>;

/** `a[b][0][c]=v` pairs into nested objects; objects whose keys are all indexes become arrays. */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let at = root;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) at[p] = value;
      else at = at[p] ??= {};
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Obj;
    const keys = Object.keys(o);
    const mapped = Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
    return keys.length && keys.every((k) => /^\d+$/.test(k))
      ? keys.sort((a, b) => +a - +b).map((k) => mapped[k])
      : mapped;
  };
  return arrays(root) as Obj;
}

/** A `Stripe-Signature` header for a payload, computed the way Stripe documents it. */
export function signStripePayload(payload: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

export interface StripeStub {
  url: string;
  secretKey: string;
  requests: StubRequest[];
  prices: Set<string>;
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Obj[];
  /** Coupons by id (`POST /v1/coupons`). */
  coupons: Map<string, Obj>;
  /** Checkout sessions as created, with their line items and discounts. */
  checkoutSessions: Map<string, Obj>;
  /** What paying a checkout session makes: its subscription, carrying the session's discount. */
  completeCheckout(sessionId: string): Obj;
  /**
   * Bills one period of a subscription the way Stripe does: the line at the given price, the
   * subscription's coupon taken off the subtotal (`total_discount_amounts`), and the total.
   */
  billSubscription(subscriptionId: string, amountCents: number): Obj;
  /** The next request fails with this status (once), before any work is done. */
  failNext(status: number, error?: { type: string; message: string }): void;
  addSubscription(customer: string, price: string, extra?: Obj): Obj;
  close(): Promise<void>;
}

export async function startStripeStub(secretKey = 'sk_test_vigil'): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const prices = new Set<string>();
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const coupons = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  let failure: { status: number; error: { type: string; message: string } } | null = null;
  let seq = 0;
  const newId = (prefix: string) => `${prefix}_${(++seq).toString().padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const makeSubscription = (customer: string, price: string, extra: Obj = {}): Obj => {
    const id = newId('sub');
    const s = {
      id,
      object: 'subscription',
      customer,
      status: 'active',
      pause_collection: null,
      current_period_end: now() + 30 * 86400,
      trial_end: null,
      items: { object: 'list', data: [{ id: newId('si'), price: { id: price }, quantity: 1 }] },
      metadata: {},
      ...extra,
    };
    subscriptions.set(id, s);
    return s;
  };

  const fail = (status: number, type: string, message: string) => ({ status, body: { error: { type, message } } });

  function route(method: string, path: string, form: Obj, query: Obj): { status: number; body: Obj } {
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: newId('cus'), object: 'customer', name: form.name, email: form.email, metadata: form.metadata };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!customers.has(form.customer))
        return fail(400, 'invalid_request_error', `No such customer: '${form.customer}'`);
      const price = form.line_items?.[0]?.price;
      if (!prices.has(price)) return fail(400, 'invalid_request_error', `No such price: '${price}'`);
      if (form.mode !== 'subscription') return fail(400, 'invalid_request_error', 'mode must be subscription');
      const discounts = (form.discounts ?? []) as Obj[];
      for (const d of discounts)
        if (!coupons.has(d.coupon)) return fail(400, 'invalid_request_error', `No such coupon: '${d.coupon}'`);
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        customer: form.customer,
        price,
        discounts: discounts.map((d) => ({ coupon: d.coupon })),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      checkoutSessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/coupons') {
      const id = form.id || newId('co');
      if (coupons.has(id)) return fail(400, 'invalid_request_error', `Coupon already exists.`);
      if (!['forever', 'once', 'repeating'].includes(form.duration ?? 'once'))
        return fail(400, 'invalid_request_error', `Invalid duration: ${form.duration}`);
      const percent = form.percent_off === undefined ? null : Number(form.percent_off);
      const amount = form.amount_off === undefined ? null : Number(form.amount_off);
      if ((percent === null) === (amount === null))
        return fail(400, 'invalid_request_error', 'Provide exactly one of percent_off or amount_off.');
      if (percent !== null && !(percent > 0 && percent <= 100))
        return fail(400, 'invalid_request_error', 'percent_off must be between 0 and 100.');
      if (amount !== null && (!Number.isInteger(amount) || amount <= 0 || !form.currency))
        return fail(400, 'invalid_request_error', 'amount_off needs a positive integer and a currency.');
      const c = {
        id,
        object: 'coupon',
        name: form.name ?? null,
        percent_off: percent,
        amount_off: amount,
        currency: amount !== null ? form.currency : null,
        duration: form.duration ?? 'once',
        metadata: form.metadata ?? {},
        valid: true,
      };
      coupons.set(id, c);
      return { status: 200, body: c };
    }
    const coupon = /^\/v1\/coupons\/([^/]+)$/.exec(path);
    if (coupon && method === 'GET') {
      const c = coupons.get(decodeURIComponent(coupon[1]));
      return c ? { status: 200, body: c } : fail(404, 'invalid_request_error', `No such coupon: '${coupon[1]}'`);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(form.customer))
        return fail(400, 'invalid_request_error', `No such customer: '${form.customer}'`);
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${id}`,
          return_url: form.return_url,
        },
      };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (sub) {
      const s = subscriptions.get(decodeURIComponent(sub[1]));
      if (!s) return fail(404, 'invalid_request_error', `No such subscription: '${sub[1]}'`);
      if (method === 'GET') return { status: 200, body: s };
      if (form.items) {
        const [item] = form.items as Obj[];
        if (!prices.has(item.price)) return fail(400, 'invalid_request_error', `No such price: '${item.price}'`);
        if (item.id && item.id !== s.items.data[0].id)
          return fail(400, 'invalid_request_error', `No such subscription item: '${item.id}'`);
        s.items.data[0].price = { id: item.price };
      }
      if ('pause_collection' in form) {
        s.pause_collection = form.pause_collection === '' ? null : { behavior: form.pause_collection.behavior };
      }
      return { status: 200, body: s };
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = invoices.filter((i) => !query.customer || i.customer === query.customer);
      return { status: 200, body: { object: 'list', data, has_more: false } };
    }
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const form = req.method === 'POST' ? parseForm(body) : {};
      const query = parseForm(url.search.slice(1));
      const key = req.headers['idempotency-key'] as string | undefined;
      const cached = key ? idempotent.get(key) : undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query,
        form,
        headers: req.headers,
        replayed: !!cached,
      });
      const send = (status: number, out: Obj) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      if (failure) {
        const f = failure;
        failure = null;
        return send(f.status, { error: f.error });
      }
      if (cached) return send(cached.status, cached.body);
      if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return send(400, { error: { type: 'invalid_request_error', message: 'Expected a form-encoded body.' } });
      const out = route(req.method ?? '', url.pathname, form, query);
      if (key && req.method === 'POST') idempotent.set(key, out);
      send(out.status, out.body);
    });
  });
  const completeCheckout = (sessionId: string): Obj => {
    const cs = checkoutSessions.get(sessionId);
    if (!cs) throw new Error(`No such checkout session: ${sessionId}`);
    const c = cs.discounts[0] ? coupons.get(cs.discounts[0].coupon) : null;
    return makeSubscription(cs.customer, cs.price, c ? { discount: { object: 'discount', coupon: c } } : {});
  };

  const billSubscription = (subscriptionId: string, amountCents: number): Obj => {
    const s = subscriptions.get(subscriptionId);
    if (!s) throw new Error(`No such subscription: ${subscriptionId}`);
    const c: Obj | null = s.discount?.coupon ?? null;
    const off = !c
      ? 0
      : c.percent_off !== null
        ? Math.round((amountCents * c.percent_off) / 100)
        : Math.min(amountCents, c.amount_off);
    const id = newId('in');
    const inv = {
      id,
      object: 'invoice',
      customer: s.customer,
      subscription: s.id,
      number: `STUB-${id.slice(-4)}`,
      status: 'paid',
      subtotal: amountCents,
      total: amountCents - off,
      currency: 'usd',
      created: now(),
      period_start: now() - 30 * 86400,
      period_end: now(),
      status_transitions: { paid_at: now() },
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      invoice_pdf: null,
      discount: c ? { object: 'discount', coupon: c } : null,
      total_discount_amounts: off ? [{ amount: off, discount: `di_${id}` }] : [],
      lines: {
        object: 'list',
        data: [{ description: `1 × ${s.items.data[0].price.id}`, quantity: 1, amount: amountCents }],
      },
    };
    invoices.push(inv);
    return inv;
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    prices,
    customers,
    subscriptions,
    invoices,
    coupons,
    checkoutSessions,
    completeCheckout,
    billSubscription,
    failNext(status, error = { type: 'api_error', message: 'Something went wrong on our end.' }) {
      failure = { status, error };
    },
    addSubscription: makeSubscription,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
