import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/index.ts';
import { enableFlagForTenant } from './flags-service.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let acme: number;
let other: number;
beforeAll(async () => {
  t = await testApp();
  acme = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
  other = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'other')))[0].id;
});
afterAll(async () => t.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('tenants', () => {
  it('lists every tenant with its inbound address and user count', async () => {
    const r = await (await t.as('root'))('GET', '/api/admin/tenants');
    expect(r.body.map((x: { Name: string }) => x.Name)).toEqual(['Acme MSP', 'Other MSP']);
    expect(r.body[0]).toMatchObject({ Slug: 'acme', InboundEmail: 'acme@inbound.localhost', UsersCount: 3 });
  });
});

describe('impersonation', () => {
  it('signs a platform admin in as the tenant admin and back out again', async () => {
    const root = await t.login('root');
    const imp = await t.call('POST', `/api/admin/impersonation/login/${acme}`, { token: root.accessToken });
    expect(imp.status).toBe(200);
    const c = claimsOf(imp.body.accessToken);
    expect(c).toMatchObject({
      impersonation: true,
      tenantId: acme,
      userName: 'admin@acme.test',
      iUserName: 'root@vigil.local',
      iPrivileges: 1,
      iTenantId: null,
    });
    expect(c.iUserId).toBeGreaterThan(0);
    const settings = await t.call('GET', '/api/common/settings', { token: imp.body.accessToken });
    expect(settings.body.TenantName).toBe('Acme MSP');
    // A refresh keeps the impersonation.
    const refreshed = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: imp.body.refreshToken } });
    expect(claimsOf(refreshed.body.accessToken).impersonation).toBe(true);
    const back = await t.call('POST', '/api/admin/impersonation/logout', {
      token: refreshed.body.accessToken,
      body: { refreshToken: refreshed.body.refreshToken },
    });
    expect(back.status).toBe(200);
    expect(claimsOf(back.body.accessToken)).toMatchObject({
      impersonation: false,
      userName: 'root@vigil.local',
      tenantId: null,
      privileges: 1,
    });
    expect(
      (await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: refreshed.body.refreshToken } })).status,
    ).toBe(401);
  });

  it('ends the impersonation session on logout even when no refresh token is sent', async () => {
    const root = await t.login('root');
    const imp = await t.call('POST', `/api/admin/impersonation/login/${acme}`, { token: root.accessToken });
    expect(imp.status).toBe(200);
    const back = await t.call('POST', '/api/admin/impersonation/logout', { token: imp.body.accessToken });
    expect(back.status).toBe(200);
    expect(claimsOf(back.body.accessToken).impersonation).toBe(false);
    // The impersonation's access token and refresh token are both refused from now on.
    const after = await t.call('GET', '/api/common/settings', { token: imp.body.accessToken });
    expect(after.status).toBe(401);
    expect((await t.call('POST', '/api/admin/impersonation/logout', { token: imp.body.accessToken })).status).toBe(401);
    expect((await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: imp.body.refreshToken } })).status).toBe(
      401,
    );
    // The admin's own session, and the one handed back, still stand.
    expect((await t.call('GET', '/api/admin/tenants', { token: back.body.accessToken })).status).toBe(200);
    expect((await t.call('GET', '/api/admin/tenants', { token: root.accessToken })).status).toBe(200);
  });

  it('is refused to tenant users, and logout refuses a session that is not an impersonation', async () => {
    expect((await (await t.as('admin'))('POST', `/api/admin/impersonation/login/${other}`)).status).toBe(403);
    expect((await (await t.as('admin'))('POST', '/api/admin/impersonation/logout')).status).toBe(400);
    expect((await (await t.as('root'))('POST', '/api/admin/impersonation/login/999999')).status).toBe(404);
  });
});

describe('feature flags', () => {
  it('lists flags with always-on ones locked on', async () => {
    const r = await (await t.as('root'))('GET', '/api/admin/feature-flag');
    const byKey = Object.fromEntries(r.body.map((f: { Key: string }) => [f.Key, f]));
    expect(byKey.brSlide).toMatchObject({ AlwaysOn: true, Status: 1 });
    expect(byKey.brBackupPlans).toMatchObject({ AlwaysOn: false, Status: 0 });
    const off = await (await t.as('root'))('PUT', `/api/admin/feature-flag/${byKey.brSlide.Id}/0`);
    expect(off.status).toBe(400);
    expect(off.body.Message).toBe('brSlide is always on');
    // A switch sent with no body (as the admin screen does) turns the flag on for everyone.
    const on = await (await t.as('root'))('PUT', `/api/admin/feature-flag/${byKey.brBackupPlans.Id}/1`);
    expect(on.status).toBe(200);
    const after = (await (await t.as('root'))('GET', '/api/admin/feature-flag')).body;
    expect(after.find((f: { Key: string }) => f.Key === 'brBackupPlans').Status).toBe(1);
    await (
      await t.as('root')
    )('PUT', `/api/admin/feature-flag/${byKey.brBackupPlans.Id}/0`);
  });

  it('delivers a flag to the tenants it is on for, and only to them', async () => {
    const root = await t.as('root');
    const flags = (await root('GET', '/api/admin/feature-flag')).body;
    const insights = flags.find((f: { Key: string }) => f.Key === 'brInsights');
    const set = await root('PUT', `/api/admin/feature-flag/${insights.Id}/2`, { TenantIds: [acme] });
    expect(set.body).toMatchObject({ Status: 2, TenantIds: [acme] });
    const acmeFlags = (await (await t.as('admin'))('GET', '/api/common/settings')).body.FeatureFlags;
    const otherFlags = (await (await t.as('outsider'))('GET', '/api/common/settings')).body.FeatureFlags;
    expect(acmeFlags.brInsights).toBe(true);
    expect(otherFlags.brInsights).toBe(false);
    expect(otherFlags.brSlide).toBe(true);
  });

  it('switches a flag on for one more tenant without touching the others', async () => {
    const root = await t.as('root');
    const flags = (await root('GET', '/api/admin/feature-flag')).body;
    const rain = flags.find((f: { Key: string }) => f.Key === 'brMakeItRain');
    expect(rain.Status).toBe(0);
    await enableFlagForTenant(t.database, 'brMakeItRain', other);
    await enableFlagForTenant(t.database, 'brMakeItRain', other);
    const after = (await root('GET', '/api/admin/feature-flag')).body.find(
      (f: { Key: string }) => f.Key === 'brMakeItRain',
    );
    expect(after).toMatchObject({ Status: 2, TenantIds: [other] });
    expect((await (await t.as('outsider'))('GET', '/api/common/settings')).body.FeatureFlags.brMakeItRain).toBe(true);
    expect((await (await t.as('admin'))('GET', '/api/common/settings')).body.FeatureFlags.brMakeItRain).toBe(false);
    // A flag already on for everyone stays so.
    await root('PUT', `/api/admin/feature-flag/${rain.Id}/1`);
    await enableFlagForTenant(t.database, 'brMakeItRain', acme);
    const all = (await root('GET', '/api/admin/feature-flag')).body.find(
      (f: { Key: string }) => f.Key === 'brMakeItRain',
    );
    expect(all).toMatchObject({ Status: 1, TenantIds: [other] });
    await root('PUT', `/api/admin/feature-flag/${rain.Id}/0`);
  });

  it('creates a flag once and refuses a duplicate or a bad key', async () => {
    const root = await t.as('root');
    const made = await root('POST', '/api/admin/feature-flag', { Key: 'brNewThing', Status: 1 });
    expect(made.body).toMatchObject({ Key: 'brNewThing', Status: 1, AlwaysOn: false });
    expect((await root('POST', '/api/admin/feature-flag', { Key: 'brNewThing' })).status).toBe(400);
    const bad = await root('POST', '/api/admin/feature-flag', { Key: '9 bad key' });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('Key');
  });
});

describe('user login activities', () => {
  it('pages every attempt, newest first', async () => {
    await t.call('POST', '/api/UserAuth/Login', { body: { UserName: 'admin@acme.test', Password: 'wrong' } });
    const r = await (await t.as('root'))('GET', '/api/UserActivity/GetUserActivity/1');
    expect(r.body.Page).toBe(1);
    expect(r.body.PageSize).toBe(50);
    expect(r.body.Total).toBeGreaterThan(1);
    expect(r.body.Results[0]).toMatchObject({
      UserName: 'admin@acme.test',
      Success: false,
      Reason: 'wrong password',
      TenantName: 'Acme MSP',
    });
    expect(
      r.body.Results.some(
        (a: { UserName: string; Success: boolean }) => a.UserName === 'root@vigil.local' && a.Success,
      ),
    ).toBe(true);
  });
});
