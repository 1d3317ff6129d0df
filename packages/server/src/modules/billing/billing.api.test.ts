import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminPlan, Invoice, Plan } from '@vigil/contract';
import { invoices, subscriptions, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { insertActiveUnits, insertTestPlans } from './test-data.ts';

/** Billing with provider None (the embedded default): plans switch at once, invoices are recorded ones. */
let t: TestApp;
let acme: number;
let other: number;

const unitsLine = (p: Plan) => p.Usage.find((u) => u.Key === 'ActiveBackups')!;

beforeAll(async () => {
  t = await testApp();
  await insertTestPlans(t.database);
  const [a] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
  const [o] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'other'));
  acme = a.id;
  other = o.id;
  await insertActiveUnits(t.database, acme, 95);
  await insertActiveUnits(t.database, other, 3, 'other');
});
afterAll(async () => t.close());

describe('plans', () => {
  it('shows no plan yet, the public plans in order and usage without a limit', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', '/api/plan');
    expect(r.status).toBe(200);
    const plan = Plan.parse(r.body);
    expect(plan.CurrentPlan).toBeNull();
    expect(plan.AvailablePlans.map((p) => p.Handle)).toEqual(['tiny', 'starter', 'professional', 'enterprise']);
    expect(plan.Subscription).toMatchObject({
      Provider: -1,
      ProviderName: 'None',
      Status: 'none',
      NeedsCheckout: false,
    });
    expect(unitsLine(plan)).toMatchObject({
      Label: 'Active Units',
      Count: 95,
      Limit: null,
      Ratio: -1,
      Status: 'noResult',
    });
    expect(plan.Usage.map((u) => u.Label)).toEqual([
      'Active Units',
      'Active Mailboxes Backups',
      'Active Workstations',
      'Active Backups',
      'Inactive Backups',
      'Retired Backups',
    ]);
  });

  it('switches plans at once, starting the trial on the first one, and colours usage by the limit', async () => {
    const admin = await t.as('admin');
    const r = await admin('PUT', '/api/plan', { Handle: 'starter' });
    expect(r.status).toBe(200);
    expect(r.body.CurrentPlan.Handle).toBe('starter');
    expect(r.body.Subscription.Status).toBe('trialing');
    expect(new Date(r.body.Subscription.TrialEndsAt).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // 95 of 100: warning.
    expect(unitsLine(r.body)).toMatchObject({ Count: 95, Limit: 100, Ratio: 0.95, Status: 'warning' });

    const pro = await admin('PUT', '/api/plan', { Handle: 'professional' });
    expect(unitsLine(pro.body)).toMatchObject({ Limit: 500, Ratio: 0.19, Status: 'success' });
    const ent = await admin('PUT', '/api/plan', { Handle: 'Enterprise' });
    expect(ent.body.CurrentPlan.Name).toBe('Enterprise');
    expect(unitsLine(ent.body)).toMatchObject({ Limit: null, Status: 'noResult' });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.tenantId, acme));
    expect(row).toMatchObject({ provider: -1, status: 'trialing' });
  });

  it('refuses a plan smaller than the active units, unknown and hidden plans, and bad input, changing nothing', async () => {
    const admin = await t.as('admin');
    const small = await admin('PUT', '/api/plan', { Handle: 'tiny' });
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({
      Message: "Your 95 active units exceed the Tiny plan's limit of 10. Retire backups or choose a larger plan.",
      title: 'Bad Request',
      statusCode: 400,
    });
    for (const body of [{ Handle: 'nope' }, { Handle: 'legacy' }, { Handle: '' }, {}, { Handle: 'a b' }]) {
      const r = await admin('PUT', '/api/plan', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.statusCode).toBe(400);
    }
    expect((await admin('GET', '/api/plan')).body.CurrentPlan.Handle).toBe('enterprise');
  });

  it('shows over-limit usage as failure', async () => {
    await t.database.db.update(subscriptions).set({ planId: null }).where(eq(subscriptions.tenantId, acme));
    const root = await t.as('root');
    // The platform team may put a tenant on any plan, even below its usage.
    const r = await root('PUT', `/api/admin/plan/${acme}/legacy`);
    expect(r.status).toBe(200);
    expect(unitsLine(AdminPlan.parse(r.body))).toMatchObject({ Count: 95, Limit: 5, Ratio: 19, Status: 'failure' });
    const admin = await t.as('admin');
    const mine = await admin('GET', '/api/plan');
    // A hidden plan shows while it is the tenant's own.
    expect(mine.body.CurrentPlan.Handle).toBe('legacy');
    expect(mine.body.AvailablePlans.map((p: { Handle: string }) => p.Handle)).toContain('legacy');
    const theirs = (await (await t.as('outsider'))('GET', '/api/plan')).body.AvailablePlans;
    expect(theirs.map((p: { Handle: string }) => p.Handle)).not.toContain('legacy');
  });

  it('changes the plan through a session at once with provider None, and has no portal', async () => {
    const admin = await t.as('admin');
    const s = await admin('POST', '/api/plan/session', { Kind: 'checkout', Handle: 'professional' });
    expect(s.status).toBe(200);
    expect(s.body).toEqual({ Url: null, Changed: true, Message: 'Your plan is now Professional ($1,499/month).' });
    expect((await admin('GET', '/api/plan')).body.CurrentPlan.Handle).toBe('professional');
    const portal = await admin('POST', '/api/plan/session', { Kind: 'portal' });
    expect(portal.status).toBe(400);
    expect(portal.body.Message).toBe('There is no billing portal: no payment provider is configured for this account.');
    expect((await admin('POST', '/api/plan/session', { Kind: 'checkout' })).status).toBe(400);
  });

  it('lets standard users without the permission see nothing and only administrators change plans', async () => {
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/plan')).status).toBe(403);
    expect((await standard('PUT', '/api/plan', { Handle: 'starter' })).status).toBe(403);
    expect((await standard('GET', '/api/invoice/')).status).toBe(403);
    const client = await t.as('client');
    expect((await client('POST', '/api/plan/session', { Handle: 'starter' })).status).toBe(403);
    expect((await t.call('GET', '/api/plan')).status).toBe(401);
  });

  it('keeps each tenant to its own plan', async () => {
    const outsider = await t.as('outsider');
    const r = await outsider('GET', '/api/plan');
    expect(r.body.CurrentPlan).toBeNull();
    expect(unitsLine(r.body).Count).toBe(3);
    expect((await outsider('PUT', '/api/plan', { Handle: 'tiny' })).body.CurrentPlan.Handle).toBe('tiny');
    expect((await (await t.as('admin'))('GET', '/api/plan')).body.CurrentPlan.Handle).toBe('professional');
  });
});

describe('invoices', () => {
  beforeAll(async () => {
    const base = { status: 'paid', currency: 'usd' };
    await t.database.db.insert(invoices).values([
      { ...base, tenantId: acme, number: 'VIG-0001', amountCents: 4900, issuedAt: new Date('2026-08-01T00:00:00Z') },
      {
        ...base,
        tenantId: acme,
        number: 'VIG-0003',
        amountCents: 149900,
        issuedAt: new Date('2026-10-01T00:00:00Z'),
        hostedUrl: 'https://invoice.example/VIG-0003',
        pdfUrl: 'https://invoice.example/VIG-0003.pdf',
        lines: [{ description: 'Professional × 1', quantity: 1, amountCents: 149900 }],
      },
      {
        ...base,
        tenantId: acme,
        number: 'VIG-0002',
        status: 'open',
        amountCents: 4900,
        issuedAt: new Date('2026-09-01T00:00:00Z'),
      },
      { ...base, tenantId: other, number: 'OTH-0001', amountCents: 900, issuedAt: new Date('2026-10-05T00:00:00Z') },
    ]);
  });

  it('lists the tenant’s invoices newest first with their links', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', '/api/invoice/');
    expect(r.status).toBe(200);
    const list = Invoice.array().parse(r.body);
    expect(list.map((i) => i.Number)).toEqual(['VIG-0003', 'VIG-0002', 'VIG-0001']);
    expect(list[0]).toMatchObject({
      AmountCents: 149900,
      HostedUrl: 'https://invoice.example/VIG-0003',
      PdfUrl: 'https://invoice.example/VIG-0003.pdf',
      Lines: [{ Description: 'Professional × 1', Quantity: 1, AmountCents: 149900 }],
    });
    expect(list[1].Status).toBe('open');
  });

  it('never shows another tenant’s invoices', async () => {
    const outsider = await t.as('outsider');
    const r = await outsider('GET', '/api/invoice/');
    expect(r.body.map((i: Invoice) => i.Number)).toEqual(['OTH-0001']);
  });
});

describe('platform team', () => {
  it('refuses every admin billing route to tenant users', async () => {
    for (const persona of ['admin', 'outsider'] as const) {
      const call = await t.as(persona);
      for (const [method, url] of [
        ['GET', `/api/admin/plan/${acme}`],
        ['PUT', `/api/admin/plan/${acme}/starter`],
        ['PUT', `/api/admin/set-subscription-id/${acme}?subscriptionId=sub_1`],
        ['PUT', `/api/admin/pause-subscription/${acme}`],
        ['PUT', `/api/admin/resume-subscription/${acme}`],
      ]) {
        const r = await call(method, url);
        expect(r.status, `${persona} ${method} ${url}`).toBe(403);
      }
    }
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.tenantId, acme));
    expect(row.status).not.toBe('paused');
  });

  it('shows a tenant’s plan, pauses and resumes it, and answers 404 for unknown tenants', async () => {
    const root = await t.as('root');
    const r = await root('GET', `/api/admin/plan/${acme}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ TenantId: acme, TenantName: 'Acme MSP', ProviderSubscriptionId: null });
    expect(r.body.CurrentPlan.Handle).toBe('professional');

    const paused = await root('PUT', `/api/admin/pause-subscription/${acme}`);
    expect(paused.status).toBe(200);
    expect(paused.body.Subscription.Status).toBe('paused');
    expect(paused.body.Subscription.PausedAt).not.toBeNull();
    expect((await root('PUT', `/api/admin/pause-subscription/${acme}`)).body.Message).toBe(
      'The subscription is already paused.',
    );
    const resumed = await root('PUT', `/api/admin/resume-subscription/${acme}`);
    expect(resumed.body.Subscription).toMatchObject({ Status: 'active', PausedAt: null });
    expect((await root('PUT', `/api/admin/resume-subscription/${acme}`)).status).toBe(400);

    // A tenant without a plan has nothing to pause.
    await t.database.db.delete(subscriptions).where(eq(subscriptions.tenantId, other));
    expect((await root('PUT', `/api/admin/pause-subscription/${other}`)).body.Message).toBe(
      'This tenant has no subscription to pause.',
    );
    for (const [method, url] of [
      ['GET', '/api/admin/plan/999999'],
      ['PUT', '/api/admin/plan/999999/starter'],
      ['PUT', '/api/admin/pause-subscription/999999'],
      ['PUT', `/api/admin/plan/${acme}/no-such-plan`],
    ]) {
      expect((await root(method, url)).status, url).toBe(404);
    }
  });

  it('cannot link a provider subscription when no provider is configured', async () => {
    const root = await t.as('root');
    const r = await root('PUT', `/api/admin/set-subscription-id/${acme}?subscriptionId=sub_123`);
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('No billing provider is configured: plans are changed directly.');
    expect((await root('PUT', `/api/admin/set-subscription-id/${acme}`)).status).toBe(400);
  });

  it('has no webhook without Stripe', async () => {
    const r = await t.call('POST', '/api/billing/stripe/webhook', { body: { type: 'invoice.paid' } });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('Stripe webhooks are not configured.');
  });
});
