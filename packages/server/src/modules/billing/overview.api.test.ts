import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BillingOverview } from '@vigil/contract';
import { plans, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { insertTestPlans } from './test-data.ts';

/** Admin Portal → Billing: every tenant's subscription and every plan, for the platform team only. */
let t: TestApp;
let acme: number;

beforeAll(async () => {
  t = await testApp();
  await insertTestPlans(t.database);
  await t.database.db.insert(plans).values({ handle: 'retired', name: 'Retired', priceCents: 500, isActive: false });
  acme = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
});
afterAll(async () => t.close());

describe('GET /api/admin/billing', () => {
  it('lists every plan with its subscribers and every tenant with plan, status and amount', async () => {
    const root = await t.as('root');
    expect((await root('PUT', `/api/admin/plan/${acme}/professional`)).status).toBe(200);
    const res = await root('GET', '/api/admin/billing');
    expect(res.status).toBe(200);
    const o = BillingOverview.parse(res.body);
    expect(o.Plans.map((p) => p.Handle)).toContain('retired');
    expect(o.Plans.find((p) => p.Handle === 'retired')).toMatchObject({ IsActive: false, Subscribers: 0 });
    const pro = o.Plans.find((p) => p.Handle === 'professional')!;
    expect(pro.Subscribers).toBeGreaterThanOrEqual(1);
    const row = o.Subscriptions.find((s) => s.TenantId === acme)!;
    expect(row).toMatchObject({ PlanHandle: 'professional', AmountCents: pro.PriceCents, Currency: pro.Currency });
    expect(row.Status).not.toBe('none');
    const other = o.Subscriptions.find((s) => s.TenantName !== row.TenantName && s.PlanHandle === null);
    if (other) expect(other).toMatchObject({ Status: 'none', AmountCents: null });
  });

  it('is closed to tenant users', async () => {
    for (const persona of ['admin', 'standard', 'outsider'] as const) {
      const res = await (await t.as(persona))('GET', '/api/admin/billing');
      expect(res.status).toBe(403);
    }
  });
});
