import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AdminPlan, CouponType, Plan } from '@vigil/contract';
import { coupons, subscriptions, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { insertActiveUnits, insertTestPlans } from './test-data.ts';

/** Sign-up coupons taken off the charges with provider None (Vigil works out the charge). */
let t: TestApp;
let acme: number;
let other: number;
let n = 0;

beforeAll(async () => {
  t = await testApp();
  await insertTestPlans(t.database);
  acme = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
  other = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'other')))[0].id;
  await insertActiveUnits(t.database, acme, 40);
  const root = await t.as('root');
  for (const c of [
    { Code: 'WELCOME20', Type: CouponType.PercentOff, Value: 20 },
    { Code: 'FIFTY', Type: CouponType.AmountOff, Value: 50 },
    { Code: 'LONGTRIAL', Type: CouponType.ExtraTrialDays, Value: 10 },
    { Code: 'GONE', Type: CouponType.PercentOff, Value: 90 },
  ])
    expect((await root('POST', '/api/coupon', c)).status).toBe(200);
});
afterAll(async () => t.close());

/** Signs a new MSP up with a coupon, the way the sign-up page does; answers its tenant id. */
async function signUp(coupon: string | null, plan = 'starter') {
  const email = `owner${++n}@coupon-msp.test`;
  const r = await t.call('POST', '/api/signup', {
    body: {
      CompanyName: `Coupon MSP ${n}`,
      FirstName: 'Cora',
      LastName: 'Pon',
      Email: email,
      Password: 'Sign!Up2026',
      ConfirmPassword: 'Sign!Up2026',
      PlanHandle: plan,
      Coupon: coupon,
    },
    headers: { 'x-forwarded-for': `10.9.0.${n}` },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const [tenant] = await t.database.db
    .select()
    .from(tenants)
    .where(eq(tenants.name, `Coupon MSP ${n}`));
  return tenant.id;
}

const adminPlan = async (tenantId: number) => {
  const r = await (await t.as('root'))('GET', `/api/admin/plan/${tenantId}`);
  expect(r.status).toBe(200);
  return AdminPlan.parse(r.body);
};

const couponId = async (code: string) =>
  (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0].id;

describe('coupon discounts with provider None', () => {
  it('takes a percentage off the first charge of a coupon sign-up, due when the trial ends', async () => {
    const id = await signUp('welcome20');
    const p = await adminPlan(id);
    expect(p.Discount).toEqual({
      Code: 'WELCOME20',
      Type: CouponType.PercentOff,
      Value: 20,
      Summary: '20% off',
      Duration: 'forever',
    });
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.tenantId, id));
    expect(p.NextCharge).toEqual({
      Lines: [
        { Description: 'Starter plan (monthly)', Quantity: 1, AmountCents: 4900 },
        { Description: 'Coupon WELCOME20 (20% off)', Quantity: 1, AmountCents: -980 },
      ],
      SubtotalCents: 4900,
      DiscountCents: 980,
      TotalCents: 3920,
      Currency: 'usd',
      DueAt: sub.trialEndsAt!.toISOString(),
    });
  });

  it('keeps the discount on every plan the tenant moves to, capping an amount at the charge', async () => {
    const id = await signUp('FIFTY');
    const root = await t.as('root');
    let p = AdminPlan.parse((await root('PUT', `/api/admin/plan/${id}/professional`)).body);
    expect(p.NextCharge).toMatchObject({ SubtotalCents: 149900, DiscountCents: 5000, TotalCents: 144900 });
    expect(p.NextCharge!.Lines.at(-1)).toEqual({
      Description: 'Coupon FIFTY ($50 off)',
      Quantity: 1,
      AmountCents: -5000,
    });
    // $50 off a $9 plan leaves nothing to pay, never a credit.
    p = AdminPlan.parse((await root('PUT', `/api/admin/plan/${id}/tiny`)).body);
    expect(p.NextCharge).toMatchObject({ SubtotalCents: 900, DiscountCents: 900, TotalCents: 0 });
  });

  it('charges the full price for trial-day coupons and sign-ups without a coupon', async () => {
    for (const code of ['LONGTRIAL', null]) {
      const p = await adminPlan(await signUp(code));
      expect(p.Discount, String(code)).toBeNull();
      expect(p.NextCharge).toMatchObject({ SubtotalCents: 4900, DiscountCents: 0, TotalCents: 4900 });
      expect(p.NextCharge!.Lines).toHaveLength(1);
    }
  });

  it('ends the discount when the platform team deletes the coupon', async () => {
    const id = await signUp('GONE');
    expect((await adminPlan(id)).NextCharge!.TotalCents).toBe(490);
    const root = await t.as('root');
    expect((await root('DELETE', `/api/coupon/${await couponId('GONE')}`)).status).toBe(200);
    const p = await adminPlan(id);
    expect(p.Discount).toBeNull();
    expect(p.NextCharge!.TotalCents).toBe(4900);
  });

  it('shows nothing due while paused, and the discounted charge again once resumed', async () => {
    const id = await signUp('WELCOME20');
    const root = await t.as('root');
    const paused = AdminPlan.parse((await root('PUT', `/api/admin/pause-subscription/${id}`)).body);
    expect(paused.Subscription.Status).toBe('paused');
    expect(paused.NextCharge).toBeNull();
    expect(paused.Discount?.Code).toBe('WELCOME20');
    const resumed = AdminPlan.parse((await root('PUT', `/api/admin/resume-subscription/${id}`)).body);
    expect(resumed.NextCharge).toMatchObject({ TotalCents: 3920, DiscountCents: 980 });
  });

  it('shows the tenant its own discount, adds overage before the discount, and keeps it from other tenants', async () => {
    await t.database.db
      .insert(subscriptions)
      .values({ tenantId: acme, couponId: await couponId('WELCOME20'), status: 'active' })
      .onConflictDoUpdate({ target: subscriptions.tenantId, set: { couponId: await couponId('WELCOME20') } });
    const admin = await t.as('admin');
    expect((await admin('PUT', '/api/plan', { Handle: 'professional' })).status).toBe(200);
    let p = Plan.parse((await admin('GET', '/api/plan')).body);
    expect(p.Discount?.Summary).toBe('20% off');
    expect(p.NextCharge).toMatchObject({ SubtotalCents: 149900, DiscountCents: 29980, TotalCents: 119920 });

    // A plan that bills units over its limit: 40 units on 30 included at $2 each.
    await t.database.query(
      `INSERT INTO plans (handle, name, price_cents, unit_limit, overage_cents, sort_order)
       VALUES ('metered', 'Metered', 10000, 30, 200, 9)`,
    );
    expect((await admin('PUT', '/api/plan', { Handle: 'metered' })).status).toBe(200);
    p = Plan.parse((await admin('GET', '/api/plan')).body);
    expect(p.NextCharge!.Lines).toEqual([
      { Description: 'Metered plan (monthly)', Quantity: 1, AmountCents: 10000 },
      { Description: 'Active units over the plan limit', Quantity: 10, AmountCents: 2000 },
      { Description: 'Coupon WELCOME20 (20% off)', Quantity: 1, AmountCents: -2400 },
    ]);
    expect(p.NextCharge!.TotalCents).toBe(9600);

    const outsider = await t.as('outsider');
    const theirs = Plan.parse((await outsider('GET', '/api/plan')).body);
    expect(theirs.Discount).toBeNull();
    expect(theirs.NextCharge).toBeNull();
    // The platform routes naming another tenant are closed to tenant users.
    expect((await outsider('GET', `/api/admin/plan/${acme}`)).status).toBe(403);
    expect((await (await t.as('root'))('GET', `/api/admin/plan/${other}`)).body.Discount).toBeNull();
    expect((await (await t.as('root'))('GET', '/api/admin/plan/999999')).status).toBe(404);
  });
});
