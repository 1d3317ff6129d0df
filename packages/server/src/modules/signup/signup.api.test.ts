import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { CouponType, Messages, SignupMessages } from '@vigil/contract';
import {
  coupons,
  emailConfirmations,
  groups,
  outbox,
  plans,
  subscriptions,
  tenants,
  users,
} from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let starterId: number;
let resellerId: number;
let ipSeq = 0;
/** Each test speaks from its own address, so the sign-up rate limit only bites where it is tested. */
const newIp = () => `10.5.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const DAY = 86_400_000;
const PASSWORD = 'Sign!Up2026';

function form(over: Record<string, unknown> = {}) {
  return {
    CompanyName: 'Northwind IT',
    FirstName: 'Nora',
    LastName: 'West',
    Email: 'nora@northwind.test',
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    PlanHandle: 'starter',
    Coupon: null,
    ...over,
  };
}

function post(url: string, body: unknown, ip = newIp()) {
  return t.call('POST', url, { body, remoteAddress: ip });
}
const get = (url: string, ip = newIp()) => t.call('GET', url, { remoteAddress: ip });

async function tenantCount(): Promise<number> {
  return Number((await t.database.db.select({ n: count() }).from(tenants))[0].n);
}
async function lastMailTo(email: string) {
  const [m] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  return m;
}
const linkToken = (text: string) => /\/page\/confirm-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

beforeAll(async () => {
  t = await testApp();
  const db = t.database.db;
  const rows = await db
    .insert(plans)
    .values([
      { handle: 'pro', name: 'Professional', priceCents: 19900, unitLimit: 500, trialDays: 14, sortOrder: 2 },
      { handle: 'starter', name: 'Starter', priceCents: 4900, unitLimit: 100, trialDays: 14, sortOrder: 1 },
      { handle: 'partner', name: 'Partner', priceCents: 0, trialDays: 30, isPublic: false, sortOrder: 3 },
      { handle: 'legacy', name: 'Legacy', priceCents: 2900, isActive: false, sortOrder: 0 },
      { handle: 'paid', name: 'Paid from day one', priceCents: 9900, trialDays: 0, isPublic: false, sortOrder: 4 },
    ])
    .returning();
  starterId = rows.find((p) => p.handle === 'starter')!.id;
  const root = await t.as('root');
  const mk = async (body: object) => expect((await root('POST', '/api/coupon/', body)).status).toBe(200);
  await mk({ Code: 'WELCOME20', Type: CouponType.PercentOff, Value: 20 });
  await mk({ Code: 'LONGTRIAL', Type: CouponType.ExtraTrialDays, Value: 16 });
  await mk({ Code: 'ONCE', Type: CouponType.AmountOff, Value: 50, MaxRedemptions: 1 });
  await mk({
    Code: 'OLD',
    Type: CouponType.PercentOff,
    Value: 10,
    ExpiresAt: new Date(Date.now() - DAY).toISOString(),
  });
  await mk({ Code: 'LAST3', Type: CouponType.PercentOff, Value: 5, MaxRedemptions: 3 });
  resellerId = (await root('POST', '/api/reseller', { Code: 'bluepeak', Name: 'Blue Peak Partners' })).body.Id;
});
afterAll(async () => t.close());

describe('plans and look-ups', () => {
  it('offers the active public plans in their order, and the whole catalogue on get-plans-all', async () => {
    const offered = await get('/api/signup/get-plans');
    expect(offered.status).toBe(200);
    expect(offered.body.map((p: { Handle: string }) => p.Handle)).toEqual(['starter', 'pro']);
    expect(offered.body[0]).toMatchObject({ Name: 'Starter', PriceCents: 4900, UnitLimit: 100, TrialDays: 14 });
    const all = await get('/api/signup/get-plans-all');
    expect(all.body.map((p: { Handle: string }) => p.Handle).sort()).toEqual([
      'legacy',
      'paid',
      'partner',
      'pro',
      'starter',
    ]);
  });

  it('knows a hidden plan by its handle, but not a retired one', async () => {
    const hidden = await get('/api/signup/check-subscription-handle?handle=Partner');
    expect(hidden.body).toMatchObject({ Valid: true, Plan: { Handle: 'partner', TrialDays: 30 } });
    const retired = await get('/api/signup/check-subscription-handle?handle=legacy');
    expect(retired.body).toEqual({ Valid: false, Message: SignupMessages.planUnknown, Plan: null });
  });

  it('checks coupons: valid with a summary, unknown, expired, used up', async () => {
    expect((await get('/api/signup/check-coupon?coupon=welcome20')).body).toMatchObject({
      Valid: true,
      Code: 'WELCOME20',
      Summary: '20% off',
    });
    expect((await get('/api/signup/check-coupon?coupon=nope')).body).toMatchObject({
      Valid: false,
      Message: SignupMessages.couponUnknown,
    });
    expect((await get('/api/signup/check-coupon?coupon=OLD')).body.Message).toBe(SignupMessages.couponExpired);
    const empty = await get('/api/signup/check-coupon?coupon=');
    expect(empty.status).toBe(400);
  });

  it('checks e-mail addresses: format, taken (any case) and free', async () => {
    const bad = await get('/api/signup/check-user-email?email=not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(Messages.invalidEmail);
    expect((await get('/api/signup/check-user-email?email=ADMIN@acme.test')).body).toEqual({
      Available: false,
      Message: SignupMessages.emailTaken,
    });
    expect((await get('/api/signup/check-user-email?email=fresh@new.test')).body.Available).toBe(true);
  });

  it('checks referral codes', async () => {
    expect((await get('/api/signup/check-ref?reseller=BluePeak')).body).toEqual({
      Valid: true,
      Message: 'Referred by Blue Peak Partners',
      Name: 'Blue Peak Partners',
    });
    expect((await get('/api/signup/check-ref?reseller=unknown')).body.Valid).toBe(false);
  });
});

describe('sign-up', () => {
  it('starts a plan without trial days as active, its first period ending a month later', async () => {
    const r = await post(
      '/api/signup',
      form({ CompanyName: 'Paid Day One IT', Email: 'pat@paid-day-one.test', PlanHandle: 'paid' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const db = t.database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, 'Paid Day One IT'));
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenant.id));
    expect(sub).toMatchObject({ status: 'active', trialEndsAt: null });
    const days = (sub.currentPeriodEnd!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27.9);
    expect(days).toBeLessThan(31.1);
  });

  it('creates the tenant, groups, unconfirmed admin, subscription and a confirmation mail', async () => {
    const before = await tenantCount();
    const r = await post('/api/signup', form({ Coupon: 'longtrial', TimeZoneId: 'Europe/Berlin' }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Message: SignupMessages.confirmationSent, Email: 'nora@northwind.test' });
    expect(await tenantCount()).toBe(before + 1);

    const db = t.database.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.name, 'Northwind IT'));
    expect(tenant).toMatchObject({ slug: 'northwind-it', timeZoneId: 'Europe/Berlin', isEnabled: true });
    const gs = await db.select().from(groups).where(eq(groups.tenantId, tenant.id));
    expect(gs.map((g) => g.name).sort()).toEqual(['Administrators', 'Clients', 'Standard Users']);
    expect(gs.find((g) => g.name === 'Administrators')!.permissions).toContain('settings.editusers');
    const [u] = await db.select().from(users).where(eq(users.tenantId, tenant.id));
    expect(u).toMatchObject({ email: 'nora@northwind.test', level: 3, emailConfirmed: false, firstName: 'Nora' });
    expect(u.groupId).toBe(gs.find((g) => g.name === 'Administrators')!.id);
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenant.id));
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, 'LONGTRIAL'));
    expect(sub).toMatchObject({ planId: starterId, status: 'trialing', couponId: coupon.id, resellerId: null });
    // 14 days of the plan and 16 of the coupon.
    const days = (sub.trialEndsAt!.getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(coupon.redemptions).toBe(1);

    const mail = await lastMailTo('nora@northwind.test');
    expect(mail.subject).toBe('Confirm your e-mail address for Vigil');
    expect(mail.text).toContain('http://vigil.test/page/confirm-email/');
  });

  it('refuses sign-in until the e-mail is confirmed; the link works once and leads to a working account', async () => {
    const login = () =>
      t.call('POST', '/api/UserAuth/Login', { body: { UserName: 'nora@northwind.test', Password: PASSWORD } });
    const early = await login();
    expect(early.status).toBe(401);
    expect(early.body.Message).toBe(SignupMessages.emailNotConfirmed);

    const token = linkToken((await lastMailTo('nora@northwind.test')).text);
    const ok = await post('/api/signup/confirm-email', { Token: token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ Message: SignupMessages.confirmed, Email: 'nora@northwind.test' });
    const again = await post('/api/signup/confirm-email', { Token: token });
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe(SignupMessages.confirmLinkInvalid);

    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    const auth = { token: signedIn.body.accessToken };
    const settings = await t.call('GET', '/api/common/settings', auth);
    expect(settings.body.TenantName).toBe('Northwind IT');
    const boxes = await t.call('GET', '/api/tenant/mailboxes', auth);
    expect(boxes.body.InboundAddress).toBe('northwind-it@inbound.localhost');
  });

  it('refuses a confirmation token that expired or never existed', async () => {
    expect((await post('/api/signup/confirm-email', { Token: 'made-up' })).status).toBe(400);
    await post('/api/signup', form({ CompanyName: 'Expiry Co', Email: 'late@expiry.test' }));
    const token = linkToken((await lastMailTo('late@expiry.test')).text);
    await t.database.db.update(emailConfirmations).set({ expiresAt: new Date(Date.now() - 1000) });
    const r = await post('/api/signup/confirm-email', { Token: token });
    expect(r.status).toBe(400);
    // A new link can be asked for; the answer is the same for unknown addresses.
    const resend = await post('/api/signup/resend-confirmation', { Email: 'late@expiry.test' });
    expect(resend.body.Message).toBe(SignupMessages.resendSent);
    const unknown = await post('/api/signup/resend-confirmation', { Email: 'nobody@expiry.test' });
    expect(unknown.body).toEqual(resend.body);
    const fresh = linkToken((await lastMailTo('late@expiry.test')).text);
    expect(fresh).not.toBe(token);
    expect((await post('/api/signup/confirm-email', { Token: fresh })).status).toBe(200);
    // Confirmed addresses get no further links.
    const sent = (await t.database.db.select().from(outbox).where(eq(outbox.to, 'late@expiry.test'))).length;
    await post('/api/signup/resend-confirmation', { Email: 'late@expiry.test' });
    expect((await t.database.db.select().from(outbox).where(eq(outbox.to, 'late@expiry.test'))).length).toBe(sent);
  });

  it('gives a second company of the same name the next free inbound address', async () => {
    const r = await post('/api/signup', form({ Email: 'other@northwind.test' }));
    expect(r.status).toBe(200);
    const rows = await t.database.db.select().from(tenants).where(eq(tenants.name, 'Northwind IT'));
    expect(rows.map((x) => x.slug).sort()).toEqual(['northwind-it', 'northwind-it-2']);
  });

  it('does not hand out a reserved address or a mailbox alias', async () => {
    await (
      await t.as('admin')
    )('POST', '/api/tenant/aliases', { Email: 'contoso' });
    expect((await post('/api/signup', form({ CompanyName: 'Contoso', Email: 'a@contoso.test' }))).status).toBe(200);
    expect((await post('/api/signup', form({ CompanyName: 'Support', Email: 'a@support.test' }))).status).toBe(200);
    const slugs = (await t.database.db.select().from(tenants)).map((x) => x.slug);
    expect(slugs).toContain('contoso-2');
    expect(slugs).toContain('support-2');
  });
});

describe('sign-up validation', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty company name', { CompanyName: '  ' }, 'CompanyName', SignupMessages.companyRequired],
    ['a missing first name', { FirstName: '' }, 'FirstName', SignupMessages.nameRequired],
    ['a bad e-mail address', { Email: 'nora@' }, 'Email', Messages.invalidEmail],
    ['an address already in use', { Email: 'Admin@Acme.test' }, 'Email', SignupMessages.emailTaken],
    ['a weak password', { Password: 'password1', ConfirmPassword: 'password1' }, 'Password', Messages.passwordRule],
    ['a confirmation that differs', { ConfirmPassword: 'Other!Pass1' }, 'ConfirmPassword', Messages.passwordsMustMatch],
    ['an unknown plan', { PlanHandle: 'gold' }, 'PlanHandle', SignupMessages.planUnknown],
    ['a retired plan', { PlanHandle: 'legacy' }, 'PlanHandle', SignupMessages.planUnknown],
    ['no plan while plans are offered', { PlanHandle: null }, 'PlanHandle', SignupMessages.planUnknown],
    ['an unknown coupon', { Coupon: 'FREE' }, 'Coupon', SignupMessages.couponUnknown],
    ['an expired coupon', { Coupon: 'old' }, 'Coupon', SignupMessages.couponExpired],
    ['an unknown referral code', { Reseller: 'nobody' }, 'Reseller', SignupMessages.resellerUnknown],
  ];
  for (const [name, over, field, message] of cases) {
    it(`answers 400 for ${name} and writes nothing`, async () => {
      const before = await tenantCount();
      const users0 = Number((await t.database.db.select({ n: count() }).from(users))[0].n);
      const r = await post('/api/signup', form({ Email: 'valid@fresh.test', ...over }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ title: 'Bad Request', statusCode: 400 });
      expect(r.body.Errors).toContainEqual({ Field: field, Message: message });
      expect(await tenantCount()).toBe(before);
      expect(Number((await t.database.db.select({ n: count() }).from(users))[0].n)).toBe(users0);
    });
  }

  it('lists every problem of the form at once', async () => {
    const r = await post('/api/signup', form({ CompanyName: '', Email: 'x', Password: 'a', ConfirmPassword: 'b' }));
    expect(r.status).toBe(400);
    expect(r.body.Errors.map((e: { Field: string }) => e.Field)).toEqual([
      'CompanyName',
      'Email',
      'Password',
      'ConfirmPassword',
    ]);
  });

  it('answers a body of the wrong shape with 400', async () => {
    const r = await post('/api/signup', { CompanyName: 5 });
    expect(r.status).toBe(400);
    expect(r.body.statusCode).toBe(400);
  });
});

describe('coupons under load', () => {
  it('gives a coupon with one redemption left to exactly one of two racing sign-ups', async () => {
    const results = await Promise.all(
      [1, 2].map((n) =>
        post('/api/signup', form({ CompanyName: `Race ${n}`, Email: `race${n}@once.test`, Coupon: 'ONCE' })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.Errors).toEqual([
      { Field: 'Coupon', Message: SignupMessages.couponUsedUp },
    ]);
    const [c] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'ONCE'));
    expect(c.redemptions).toBe(1);
    expect((await get('/api/signup/check-coupon?coupon=ONCE')).body.Message).toBe(SignupMessages.couponUsedUp);
  });

  it('counts six simultaneous sign-ups against a limit of three exactly', async () => {
    const before = await tenantCount();
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        post('/api/signup', form({ CompanyName: `Crowd ${n}`, Email: `crowd${n}@last3.test`, Coupon: 'LAST3' })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    const [c] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'LAST3'));
    expect(c.redemptions).toBe(3);
    expect(await tenantCount()).toBe(before + 3);
    const withCoupon = await t.database.db.select().from(subscriptions).where(eq(subscriptions.couponId, c.id));
    expect(withCoupon).toHaveLength(3);
  });
});

describe('referral sign-up', () => {
  it('needs a referral code, and records the reseller on the subscription', async () => {
    const missing = await post('/api/signup/ref', form({ CompanyName: 'Ref Co', Email: 'ref@refco.test' }));
    expect(missing.status).toBe(400);
    expect(missing.body.Errors).toContainEqual({ Field: 'Reseller', Message: SignupMessages.resellerUnknown });
    const r = await post(
      '/api/signup/ref',
      form({ CompanyName: 'Ref Co', Email: 'ref@refco.test', Reseller: 'BLUEPEAK', PlanHandle: 'partner' }),
    );
    expect(r.status).toBe(200);
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.name, 'Ref Co'));
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenant.id));
    expect(sub.resellerId).toBe(resellerId);
    const list = await (await t.as('root'))('GET', '/api/reseller');
    expect(list.body.find((x: { Id: number }) => x.Id === resellerId).TenantsCount).toBe(1);
  });
});

describe('rate limit', () => {
  it('slows down one address that keeps posting sign-ups', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/signup', { CompanyName: 5 }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another address is not affected.
    expect((await post('/api/signup', { CompanyName: 5 })).status).toBe(400);
  });
});
