import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { subscriptions, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { insertTestPlans } from './test-data.ts';

/** Settings → Tenant, Billing and the Admin Portal show one subscription status: the billing subscription's. */
let t: TestApp;
let acme: number;

beforeAll(async () => {
  t = await testApp();
  await insertTestPlans(t.database);
  const [a] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
  acme = a.id;
});
afterAll(async () => t.close());

async function threeViews() {
  const admin = await t.as('admin');
  const root = await t.as('root');
  const settings = await admin('GET', '/api/tenants/info');
  const billing = await admin('GET', '/api/plan');
  const portal = await root('GET', `/api/admin/tenants/${acme}/overview`);
  expect([settings.status, billing.status, portal.status]).toEqual([200, 200, 200]);
  return {
    settings: settings.body.Subscription as string,
    billing: billing.body.Subscription.Status as string,
    portal: (portal.body.Subscription?.Status ?? 'none') as string,
  };
}

describe('subscription status', () => {
  it('reads the same on Settings → Tenant, Billing and the Admin Portal as the plan changes', async () => {
    expect(await threeViews()).toEqual({ settings: 'none', billing: 'none', portal: 'none' });

    const admin = await t.as('admin');
    expect((await admin('PUT', '/api/plan', { Handle: 'starter' })).status).toBe(200);
    expect(await threeViews()).toEqual({ settings: 'trialing', billing: 'trialing', portal: 'trialing' });

    // Paid: the tenant's old "trial" label must not survive anywhere.
    await t.database.db.update(subscriptions).set({ status: 'active' }).where(eq(subscriptions.tenantId, acme));
    await t.database.db.update(tenants).set({ subscription: 'trial' }).where(eq(tenants.id, acme));
    expect(await threeViews()).toEqual({ settings: 'active', billing: 'active', portal: 'active' });
    // The session's stored-auth field says the same.
    expect(decodeJwt((await t.login('admin')).accessToken).subscription).toBe('active');

    await t.database.db.update(subscriptions).set({ status: 'paused' }).where(eq(subscriptions.tenantId, acme));
    expect(await threeViews()).toEqual({ settings: 'paused', billing: 'paused', portal: 'paused' });
  });
});
