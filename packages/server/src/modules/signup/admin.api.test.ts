import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CouponType, CouponTypes, Messages, SignupMessages } from '@vigil/contract';
import { coupons, groups, outbox, plans, resellers, subscriptions, tenants, users } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.database.db.insert(plans).values({ handle: 'pro', name: 'Professional', trialDays: 21 });
});
afterAll(async () => t.close());

const tenantCount = async () => Number((await t.database.db.select({ n: count() }).from(tenants))[0].n);

describe('coupons', () => {
  it('are created, listed with their state, refused twice by code (any case) and deleted', async () => {
    const root = await t.as('root');
    const made = await root('POST', '/api/coupon/', {
      Code: 'Spring25',
      Type: CouponType.PercentOff,
      Value: 25,
      Description: 'Spring campaign',
      MaxRedemptions: 100,
      ExpiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      Code: 'Spring25',
      TypeName: 'Percent off',
      Summary: '25% off',
      Redemptions: 0,
      MaxRedemptions: 100,
      IsRedeemable: true,
    });
    const dupe = await root('POST', '/api/coupon', { Code: 'SPRING25', Type: CouponType.AmountOff, Value: 5 });
    expect(dupe.status).toBe(400);
    expect(dupe.body.Errors).toEqual([{ Field: 'Code', Message: 'A coupon with the code SPRING25 already exists.' }]);

    const expired = await root('POST', '/api/coupon', {
      Code: 'Gone',
      Type: CouponType.ExtraTrialDays,
      Value: 7,
      ExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(expired.body).toMatchObject({ Summary: '7 extra trial days', IsRedeemable: false });
    const list = await root('GET', '/api/coupon');
    expect(list.body.map((c: { Code: string }) => c.Code)).toEqual(['Gone', 'Spring25']);

    const del = await root('DELETE', `/api/coupon/${made.body.Id}`);
    expect(del.status).toBe(200);
    expect((await root('DELETE', `/api/coupon/${made.body.Id}`)).status).toBe(404);
    expect((await root('GET', '/api/coupon/')).body.map((c: { Code: string }) => c.Code)).toEqual(['Gone']);
  });

  it('refuses values outside the kind, bad codes and bad dates with 400, writing nothing', async () => {
    const root = await t.as('root');
    const before = (await t.database.db.select().from(coupons)).length;
    const bad: [object, string][] = [
      [{ Code: 'TOO-MUCH', Type: CouponType.PercentOff, Value: 150 }, 'Value must be at most 100'],
      [{ Code: 'ZERO', Type: CouponType.AmountOff, Value: 0 }, 'Value must be at least 1'],
      [{ Code: 'a b', Type: CouponType.AmountOff, Value: 5 }, 'Use 3 to 40 letters, digits, "-" or "_"'],
      [{ Code: 'WHEN', Type: CouponType.AmountOff, Value: 5, ExpiresAt: 'tomorrow' }, 'Date must be valid'],
      [{ Code: 'KIND', Type: 9, Value: 5 }, ''],
    ];
    for (const [body, message] of bad) {
      const r = await root('POST', '/api/coupon', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      if (message) expect(r.body.Errors.map((e: { Message: string }) => e.Message)).toContain(message);
    }
    expect((await t.database.db.select().from(coupons)).length).toBe(before);
  });

  it('lists the coupon kinds as constants', async () => {
    const r = await (await t.as('admin'))('GET', '/api/constant/coupon-types');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(CouponTypes.map((x) => ({ ...x })));
  });
});

describe('resellers', () => {
  it('are created with their referral address, refused twice by code and deleted', async () => {
    const root = await t.as('root');
    const made = await root('POST', '/api/reseller/', {
      Code: 'northstar',
      Name: 'North Star IT',
      Email: 'ns@ns.test',
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      Code: 'northstar',
      Name: 'North Star IT',
      SignupUrl: 'http://vigil.test/page/signup/northstar',
      TenantsCount: 0,
    });
    expect((await root('POST', '/api/reseller', { Code: 'NorthStar', Name: 'Again' })).status).toBe(400);
    const badMail = await root('POST', '/api/reseller', { Code: 'mailer', Name: 'M', Email: 'nope' });
    expect(badMail.body.Errors).toEqual([{ Field: 'Email', Message: Messages.invalidEmail }]);
    expect((await root('GET', '/api/reseller')).body).toHaveLength(1);
    expect((await root('DELETE', `/api/reseller/${made.body.Id}`)).body.Code).toBe('northstar');
    expect((await root('DELETE', `/api/reseller/${made.body.Id}`)).status).toBe(404);
    expect(await t.database.db.select().from(resellers)).toEqual([]);
  });
});

describe('tenant creation by a platform admin', () => {
  it('creates the tenant, groups, first admin and subscription, and mails a set-password link', async () => {
    const root = await t.as('root');
    const r = await root('POST', '/api/admin/tenants', {
      Name: 'Fabrikam Managed Services',
      AdminEmail: 'Boss@Fabrikam.test',
      AdminFirstName: 'Fay',
      AdminLastName: 'Brik',
      PlanHandle: 'pro',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Name: 'Fabrikam Managed Services',
      Slug: 'fabrikam-managed-services',
      InboundEmail: 'fabrikam-managed-services@inbound.localhost',
      AdminEmail: 'Boss@Fabrikam.test',
    });
    const db = t.database.db;
    const gs = await db.select().from(groups).where(eq(groups.tenantId, r.body.TenantId));
    expect(gs).toHaveLength(3);
    const [u] = await db.select().from(users).where(eq(users.id, r.body.AdminUserId));
    expect(u).toMatchObject({ level: 3, emailConfirmed: true, passwordHash: null, tenantId: r.body.TenantId });
    const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.tenantId, r.body.TenantId));
    expect(sub.status).toBe('trialing');
    expect(Math.round((sub.trialEndsAt!.getTime() - Date.now()) / 86_400_000)).toBe(21);

    const list = await root('GET', '/api/admin/tenants');
    expect(list.body.map((x: { Name: string }) => x.Name)).toContain('Fabrikam Managed Services');

    // The welcome link sets the password, and the new admin signs in.
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, 'Boss@Fabrikam.test'));
    expect(mail.subject).toBe('Your Vigil account for Fabrikam Managed Services');
    const token = /\/page\/setPassword\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const set = await t.call('POST', '/api/user/set-password', {
      body: { Token: token, Password: 'First!Pass9', ConfirmPassword: 'First!Pass9' },
    });
    expect(set.status).toBe(200);
    const login = await t.call('POST', '/api/UserAuth/Login', {
      body: { UserName: 'boss@fabrikam.test', Password: 'First!Pass9' },
    });
    expect(login.status).toBe(200);
    expect(login.body.accessToken).toBeTruthy();
  });

  it('refuses a bad or taken address and an unknown plan with 400, writing nothing', async () => {
    const root = await t.as('root');
    const before = await tenantCount();
    const base = { Name: 'Tailspin', AdminEmail: 'tail@spin.test', AdminFirstName: 'T', AdminLastName: 'S' };
    const cases: [object, string, string][] = [
      [{ AdminEmail: 'nope' }, 'AdminEmail', Messages.invalidEmail],
      [{ AdminEmail: 'standard@ACME.test' }, 'AdminEmail', SignupMessages.emailTaken],
      [{ PlanHandle: 'gold' }, 'PlanHandle', SignupMessages.planUnknown],
      [{ Name: '' }, 'Name', 'Name is required'],
    ];
    for (const [over, Field, Message] of cases) {
      const r = await root('POST', '/api/admin/tenants', { ...base, ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.Errors).toContainEqual({ Field, Message });
    }
    expect(await tenantCount()).toBe(before);
  });
});

describe('tenant users', () => {
  it('are refused every coupon, reseller and tenant-creation call with 403, changing nothing', async () => {
    const root = await t.as('root');
    const coupon = (await root('POST', '/api/coupon', { Code: 'KEEP', Type: CouponType.PercentOff, Value: 5 })).body;
    const reseller = (await root('POST', '/api/reseller', { Code: 'keep', Name: 'Keep' })).body;
    const tenants0 = await tenantCount();
    for (const persona of ['admin', 'standard', 'client', 'outsider'] as const) {
      const call = await t.as(persona);
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/coupon'],
        ['POST', '/api/coupon', { Code: 'MINE', Type: CouponType.PercentOff, Value: 100 }],
        ['DELETE', `/api/coupon/${coupon.Id}`],
        ['GET', '/api/reseller/'],
        ['POST', '/api/reseller', { Code: 'mine', Name: 'Mine' }],
        ['DELETE', `/api/reseller/${reseller.Id}`],
        ['POST', '/api/admin/tenants', { Name: 'X', AdminEmail: 'x@x.test', AdminFirstName: 'X', AdminLastName: 'X' }],
      ];
      for (const [method, url, body] of calls) {
        const r = await call(method, url, body);
        expect(r.status, `${persona} ${method} ${url}`).toBe(403);
        expect(r.body.Message).toBe(Messages.forbidden);
      }
    }
    expect((await t.database.db.select().from(coupons)).map((c) => c.code)).toContain('KEEP');
    expect((await t.database.db.select().from(resellers)).map((c) => c.code)).toEqual(['keep']);
    expect(await tenantCount()).toBe(tenants0);
  });
});
