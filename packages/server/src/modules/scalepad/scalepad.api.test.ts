import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BillingProvider, ScalePadMessages, SignupMessages, SsoMessages } from '@vigil/contract';
import { loginActivities, subscriptions, tenants, userIdentities, users } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { ProviderBrowser, startOidcProvider, type OidcStub } from '../../../test/oidc-provider.ts';
import { SCALEPAD_COOKIE } from './flow.ts';

const PUBLIC_URL = 'http://vigil.test';
const client = { client_id: 'vigil-scalepad', client_secret: 'scalepad-client-secret-value' };

let idp: OidcStub;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [
      { ...client, redirect_uris: [`${PUBLIC_URL}/page/scalePad/login`, `${PUBLIC_URL}/page/scalePad/signup`] },
    ],
    profileClaims: ['account_id', 'account_name'],
  });
  t = await testApp({
    PUBLIC_URL,
    SCALEPAD_ISSUER: idp.issuer,
    SCALEPAD_CLIENT_ID: client.client_id,
    SCALEPAD_CLIENT_SECRET: client.client_secret,
  });
  off = await testApp({ PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await idp?.close();
});

type Intent = 'signin' | 'signup';

async function start(intent: Intent) {
  const res = await t.app.inject({ method: 'GET', url: `/api/scalepad/start/${intent}` });
  expect(res.statusCode).toBe(302);
  const setCookie = [res.headers['set-cookie']].flat().join('\n');
  const cookie = new RegExp(`${SCALEPAD_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  expect(cookie).toBeTruthy();
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/Path=\/api\/scalepad/);
  return { location: String(res.headers.location), cookie: cookie! };
}

/** Start, sign in at the parent platform as `login`, and return where it sends the browser back. */
async function roundTrip(intent: Intent, login: string) {
  const { location, cookie } = await start(intent);
  const back = new URL(await new ProviderBrowser().signIn(location, login));
  expect(back.origin).toBe(PUBLIC_URL);
  expect(back.pathname).toBe(intent === 'signin' ? '/page/scalePad/login' : '/page/scalePad/signup');
  return { back, cookie };
}

const withCookie = (cookie: string | null): Record<string, string> =>
  cookie ? { cookie: `${SCALEPAD_COOKIE}=${cookie}` } : {};

async function signInCall(search: string, cookie: string | null) {
  return t.call('GET', `/api/scalepad/signin${search}`, { headers: withCookie(cookie) });
}

async function signIn(login: string) {
  const { back, cookie } = await roundTrip('signin', login);
  return signInCall(back.search, cookie);
}

async function signUp(login: string, extra: Record<string, unknown> = {}) {
  const { back, cookie } = await roundTrip('signup', login);
  return t.call('POST', '/api/scalepad/signup', {
    headers: withCookie(cookie),
    body: { ...Object.fromEntries(back.searchParams), ...extra },
  });
}

const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

async function lastActivity() {
  const rows = await t.database.db.select().from(loginActivities);
  return rows.sort((a, b) => a.id - b.id).at(-1)!;
}

async function linkAcme(account: string | null) {
  await t.database.db.update(tenants).set({ scalePadTenantId: account }).where(eq(tenants.slug, 'acme'));
}

describe('not configured', () => {
  it('says so in info and answers the routes with 404 in the error format', async () => {
    const info = await off.call('GET', '/api/scalepad/info');
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ Enabled: false, Name: 'ScalePad', SignInUrl: null, SignUpUrl: null });
    for (const [method, url, body] of [
      ['GET', '/api/scalepad/signin?code=abc&state=def', undefined],
      ['POST', '/api/scalepad/signup', { code: 'abc', state: 'def' }],
      ['GET', '/api/scalepad/start/signin', undefined],
    ] as const) {
      const r = await off.call(method, url, { body });
      expect(r.status, url).toBe(404);
      expect(r.body).toMatchObject({ statusCode: 404, Message: SsoMessages.notConfigured('ScalePad') });
    }
  });
});

describe('configured', () => {
  it('info offers sign-in and sign-up, never a secret', async () => {
    const info = await t.call('GET', '/api/scalepad/info');
    expect(info.body).toEqual({
      Enabled: true,
      Name: 'ScalePad',
      SignInUrl: '/api/scalepad/start/signin',
      SignUpUrl: '/api/scalepad/start/signup',
    });
    expect(JSON.stringify(info.body)).not.toContain(client.client_secret);
  });

  it('sends the browser to the parent platform with PKCE, state, nonce and the return page', async () => {
    const { location } = await start('signin');
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(client.client_id);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/page/scalePad/login`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
  });
});

describe('sign-in', () => {
  it('refuses an account no tenant is linked to, with a clear message, and records it', async () => {
    idp.accounts.set('admin@acme.test', { account_id: 'sp-unlinked' });
    const r = await signIn('admin@acme.test');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ statusCode: 403, Message: ScalePadMessages.notLinked });
    const a = await lastActivity();
    expect(a).toMatchObject({ success: false, userName: 'admin@acme.test' });
    expect(a.reason).toContain('scalepad: account sp-unlinked not linked');
  });

  it("signs in a linked tenant's administrator the first time and links the identity", async () => {
    await linkAcme('sp-acme');
    idp.accounts.set('admin@acme.test', { account_id: 'sp-acme' });
    const r = await signIn('admin@acme.test');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(claimsOf(r.body.accessToken)).toMatchObject({ userName: 'admin@acme.test' });
    const me = await t.call('GET', '/api/user/profile', { token: r.body.accessToken });
    expect(me.status).toBe(200);
    const linked = await t.database.db
      .select({ provider: userIdentities.provider, subject: userIdentities.subject })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(eq(users.email, 'admin@acme.test'));
    expect(linked).toContainEqual({ provider: 'scalepad', subject: 'admin@acme.test' });
    expect(await lastActivity()).toMatchObject({ success: true, reason: 'scalepad: signed in, account linked' });
    // The second time the stored identity is used.
    const again = await signIn('admin@acme.test');
    expect(again.status).toBe(200);
    expect(await lastActivity()).toMatchObject({ success: true, reason: 'scalepad: signed in' });
  });

  it('refuses an e-mail that is no user of the linked tenant', async () => {
    await linkAcme('sp-acme');
    idp.accounts.set('stranger@acme.test', { account_id: 'sp-acme' });
    const r = await signIn('stranger@acme.test');
    expect(r.status).toBe(401);
    expect(r.body.Message).toBe(ScalePadMessages.unknownUser('stranger@acme.test'));
  });

  it('refuses a wrong state, a missing code and a missing flow', async () => {
    idp.accounts.set('admin@acme.test', { account_id: 'sp-acme' });
    const { back, cookie } = await roundTrip('signin', 'admin@acme.test');
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'x'.repeat(43));
    const wrong = await signInCall(`?${forged}`, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ statusCode: 400, Message: SsoMessages.verificationFailed });
    expect((await lastActivity()).reason).toBe('scalepad: state mismatch');

    const noCode = await signInCall(`?state=${back.searchParams.get('state')}`, cookie);
    expect(noCode.status).toBe(400);
    expect(noCode.body.Message).toBe('Code in not valid');

    const noFlow = await signInCall(back.search, null);
    expect(noFlow.status).toBe(400);
    expect(noFlow.body.Message).toBe(SsoMessages.flowExpired);

    const denied = await signInCall('?error=access_denied&error_description=Cancelled', cookie);
    expect(denied.status).toBe(400);
    expect(denied.body.Message).toBe('access_denied: Cancelled');
  });
});

describe('sign-up', () => {
  it('creates the tenant linked to the account, signs its administrator in, and refuses a second sign-up', async () => {
    idp.accounts.set('nora@newmsp.test', { account_id: 'sp-new', account_name: 'New MSP Ltd', name: 'Nora Owner' });
    const r = await signUp('nora@newmsp.test', { TimeZoneId: 'Europe/Berlin' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const claims = claimsOf(r.body.accessToken);
    expect(claims).toMatchObject({ userName: 'nora@newmsp.test', userFirstName: 'Nora', userLastName: 'Owner' });
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.scalePadTenantId, 'sp-new'));
    expect(tenant).toMatchObject({ name: 'New MSP Ltd', timeZoneId: 'Europe/Berlin' });
    expect(claims.tenantId).toBe(tenant.id);
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenant.id));
    expect(sub.provider).toBe(BillingProvider.ScalePad);

    const signInAfter = await signIn('nora@newmsp.test');
    expect(signInAfter.status).toBe(200);

    const twice = await signUp('nora@newmsp.test');
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ statusCode: 409, Message: ScalePadMessages.alreadyLinked });
  });

  it('refuses an address that already has a user', async () => {
    idp.accounts.set('standard@acme.test', { account_id: 'sp-other' });
    const r = await signUp('standard@acme.test', { CompanyName: 'Duplicate' });
    expect(r.status).toBe(409);
    expect(r.body.Message).toBe(SignupMessages.emailTaken);
  });
});
