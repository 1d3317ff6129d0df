import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminPlan } from '@vigil/contract';
import { invoices, plans, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { insertTestPlans } from './test-data.ts';

/** What the Admin Portal's manage-plan window reads: every plan the platform team may set, and invoice counts. */
let t: TestApp;
let acme: number;
let other: number;

beforeAll(async () => {
  t = await testApp();
  await insertTestPlans(t.database);
  await t.database.db.insert(plans).values({ handle: 'retired', name: 'Retired', priceCents: 500, isActive: false });
  acme = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
  other = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'other')))[0].id;
  const invoice = (tenantId: number, number: string) => ({
    tenantId,
    number,
    status: 'paid',
    amountCents: 4900,
    issuedAt: new Date('2026-10-01T00:00:00Z'),
  });
  await t.database.db.insert(invoices).values([invoice(acme, 'A-1'), invoice(acme, 'A-2'), invoice(other, 'O-1')]);
});
afterAll(async () => t.close());

describe('admin plan window data', () => {
  it('offers every active plan, hidden ones too, and counts only the tenant’s invoices', async () => {
    const root = await t.as('root');
    const p = AdminPlan.parse((await root('GET', `/api/admin/plan/${acme}`)).body);
    expect(p.AvailablePlans.map((x) => x.Handle)).toEqual(['tiny', 'starter', 'professional', 'enterprise', 'legacy']);
    expect(p.InvoicesCount).toBe(2);
    expect(AdminPlan.parse((await root('GET', `/api/admin/plan/${other}`)).body).InvoicesCount).toBe(1);
  });

  it('sets a hidden plan, keeps it listed once it is retired, and refuses unknown plans', async () => {
    const root = await t.as('root');
    const set = await root('PUT', `/api/admin/plan/${acme}/legacy`);
    expect(set.status).toBe(200);
    expect(set.body.CurrentPlan.Handle).toBe('legacy');
    await t.database.db.update(plans).set({ isActive: false }).where(eq(plans.handle, 'legacy'));
    const p = AdminPlan.parse((await root('GET', `/api/admin/plan/${acme}`)).body);
    expect(p.AvailablePlans.map((x) => x.Handle)).toContain('legacy');
    expect(p.AvailablePlans.map((x) => x.Handle)).not.toContain('retired');
    const bad = await root('PUT', `/api/admin/plan/${acme}/nope`);
    expect(bad.status).toBe(404);
    expect(bad.body.Message).toBe('There is no plan "nope".');
    expect((await root('PUT', `/api/admin/plan/${acme}/bad%20handle`)).status).toBe(400);
    expect(AdminPlan.parse((await root('GET', `/api/admin/plan/${acme}`)).body).CurrentPlan?.Handle).toBe('legacy');
  });

  it('answers 404 for a tenant that does not exist and 403 to tenant users of any tenant', async () => {
    const root = await t.as('root');
    expect((await root('GET', '/api/admin/plan/987654')).status).toBe(404);
    expect((await root('PUT', '/api/admin/pause-subscription/987654')).status).toBe(404);
    const outsider = await t.as('outsider');
    expect((await outsider('GET', `/api/admin/plan/${acme}`)).status).toBe(403);
    expect((await outsider('GET', `/api/admin/plan/${other}`)).status).toBe(403);
  });
});
