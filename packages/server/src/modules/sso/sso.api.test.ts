import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ServerMessages, SignupMessages, SsoMessages, SsoPopupResult } from '@vigil/contract';
import { loginActivities, tenants, userIdentities, users } from '../../db/schema/index.ts';
import { currentTotp, newMfaSecret } from '../../platform/auth/mfa.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { ProviderBrowser, startOidcProvider, type OidcStub } from '../../../test/oidc-provider.ts';
import { FLOW_COOKIE } from './flow.ts';

const PUBLIC_URL = 'http://vigil.test';
const JWT_SECRET = 'sso-test-secret-that-is-long-enough-for-hs256';
const clients = {
  microsoft: { client_id: 'vigil-microsoft', client_secret: 'microsoft-client-secret-value' },
  google: { client_id: 'vigil-google.apps.example', client_secret: 'google-client-secret-value' },
};

let idp: OidcStub;
let t: TestApp;

beforeAll(async () => {
  // One real OpenID provider on loopback with two registered clients, one per vendor.
  idp = await startOidcProvider({
    clients: [
      { ...clients.microsoft, redirect_uris: [`${PUBLIC_URL}/api/auth/oidc/microsoft/callback`] },
      { ...clients.google, redirect_uris: [`${PUBLIC_URL}/api/auth/oidc/google/callback`] },
    ],
  });
  t = await testApp({
    PUBLIC_URL,
    JWT_SECRET,
    MICROSOFT_CLIENT_ID: clients.microsoft.client_id,
    MICROSOFT_CLIENT_SECRET: clients.microsoft.client_secret,
    MICROSOFT_ISSUER: idp.issuer,
    GOOGLE_CLIENT_ID: clients.google.client_id,
    GOOGLE_CLIENT_SECRET: clients.google.client_secret,
    GOOGLE_ISSUER: idp.issuer,
  });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

type Provider = 'microsoft' | 'google';

/** Opens the popup's start route: the redirect to the provider and the flow cookie it sets. */
async function start(provider: Provider) {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/${provider}/start` });
  expect(res.statusCode).toBe(302);
  const setCookie = [res.headers['set-cookie']].flat().join('\n');
  const cookie = new RegExp(`${FLOW_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
  expect(cookie).toBeTruthy();
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { location: String(res.headers.location), cookie: cookie! };
}

/** The provider's redirect back, answered by our callback: the page and what it posts to the app. */
async function callback(url: string, cookie: string | null) {
  const u = new URL(url);
  expect(u.origin).toBe(PUBLIC_URL);
  const res = await t.app.inject({
    method: 'GET',
    url: `${u.pathname}${u.search}`,
    headers: cookie ? { cookie: `${FLOW_COOKIE}=${cookie}` } : {},
  });
  const json = /<script type="application\/json" id="sso-result">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  expect(json, res.body).toBeTruthy();
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body,
    result: SsoPopupResult.parse(JSON.parse(json!)),
  };
}

/** The whole popup: start, sign in at the provider as `login`, come back. */
async function signIn(provider: Provider, login: string) {
  const { location, cookie } = await start(provider);
  const back = await new ProviderBrowser().signIn(location, login);
  return callback(back, cookie);
}

const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

async function lastActivity() {
  const rows = await t.database.db.select().from(loginActivities);
  return rows.sort((a, b) => a.id - b.id).at(-1)!;
}

async function identitiesOf(email: string) {
  return t.database.db
    .select({ provider: userIdentities.provider, subject: userIdentities.subject, email: userIdentities.email })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(eq(users.email, email));
}

describe('provider settings', () => {
  it('tell the browser the client id, authority and redirect URI of each configured provider, never a secret', async () => {
    for (const [name, provider] of [
      ['GetMsalSettings', 'microsoft'],
      ['GetAzureMsalSettings', 'microsoft'],
      ['GetGoogleApiSettings', 'google'],
    ] as const) {
      const r = await t.call('GET', `/api/UserAuth/${name}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        Enabled: true,
        Provider: provider,
        ClientId: clients[provider].client_id,
        Authority: idp.issuer,
        RedirectUri: `${PUBLIC_URL}/api/auth/oidc/${provider}/callback`,
        SignInUrl: `/api/auth/oidc/${provider}/start`,
      });
      expect(JSON.stringify(r.body)).not.toContain(clients[provider].client_secret);
    }
  });

  it('send the popup to the provider with PKCE (S256), state, nonce and our redirect URI', async () => {
    const { location } = await start('microsoft');
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(clients.microsoft.client_id);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oidc/microsoft/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
  });

  it('refuse an unknown provider name with a 400 in the error format', async () => {
    const r = await t.call('GET', '/api/auth/oidc/github/start');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, title: 'Bad Request' });
  });
});

describe('signing in', () => {
  it('links a user on first use by the verified e-mail and hands the tokens to the opener only', async () => {
    const r = await signIn('microsoft', 'standard@acme.test');
    expect(r.status).toBe(200);
    expect(r.result.outcome).toBe('tokens');
    if (r.result.outcome !== 'tokens') return;
    expect(claimsOf(r.result.accessToken)).toMatchObject({ userName: 'standard@acme.test', privileges: 2048 });
    const me = await t.call('GET', '/api/user/authorized', { token: r.result.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.UserName).toBe('standard@acme.test');
    // The refresh token works like a password sign-in's.
    const refreshed = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: r.result.refreshToken } });
    expect(refreshed.status).toBe(200);

    // The page posts to our origin only, runs its script under a nonce, keeps the opener, clears the flow.
    expect(r.body).toContain(`postMessage(result, "${PUBLIC_URL}")`);
    const csp = String(r.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(r.body).toContain(`<script nonce="${nonce}">`);
    expect(r.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(String(r.headers['set-cookie'])).toMatch(new RegExp(`${FLOW_COOKIE}=;.*Max-Age=0`));

    expect(await identitiesOf('standard@acme.test')).toEqual([
      { provider: 'microsoft', subject: 'standard@acme.test', email: 'standard@acme.test' },
    ]);
    expect(await lastActivity()).toMatchObject({
      userName: 'standard@acme.test',
      success: true,
      reason: 'microsoft: signed in, account linked',
    });
  });

  it('signs the linked user in by the provider subject even after the e-mail changed there', async () => {
    idp.accounts.set('standard@acme.test', { email: 'stan.dard@elsewhere.example', email_verified: true });
    try {
      const r = await signIn('microsoft', 'standard@acme.test');
      expect(r.result.outcome).toBe('tokens');
      if (r.result.outcome === 'tokens') expect(claimsOf(r.result.accessToken).userName).toBe('standard@acme.test');
      expect(await lastActivity()).toMatchObject({ success: true, reason: 'microsoft: signed in' });
    } finally {
      idp.accounts.delete('standard@acme.test');
    }
  });

  it('refuses another provider account claiming the e-mail of a user already linked to that provider', async () => {
    idp.accounts.set('impostor', { email: 'standard@acme.test', email_verified: true });
    const r = await signIn('microsoft', 'impostor');
    expect(r.status).toBe(403);
    expect(r.result).toMatchObject({ outcome: 'error', Message: SsoMessages.linkedElsewhere('Microsoft') });
    expect(await identitiesOf('standard@acme.test')).toHaveLength(1);
  });

  it('refuses an e-mail no user has: no account is made through single sign-on', async () => {
    const before = (await t.database.db.select().from(users)).length;
    const r = await signIn('google', 'nobody@acme.test');
    expect(r.status).toBe(401);
    expect(r.result).toMatchObject({
      outcome: 'error',
      provider: 'google',
      Message: SsoMessages.unknownEmail('nobody@acme.test'),
    });
    expect((await t.database.db.select().from(users)).length).toBe(before);
    expect(await lastActivity()).toMatchObject({
      userName: 'nobody@acme.test',
      success: false,
      reason: 'google: unknown e-mail',
    });
  });

  it('refuses an e-mail the provider has not verified', async () => {
    idp.accounts.set('unverified', { email: 'admin@acme.test', email_verified: false });
    const r = await signIn('google', 'unverified');
    expect(r.status).toBe(401);
    expect(r.result).toMatchObject({ outcome: 'error', Message: SsoMessages.emailNotVerified('Google') });
    expect(await identitiesOf('admin@acme.test')).toEqual([]);
  });

  it('refuses client users while client single sign-on is off for their tenant, and lets them in once it is on', async () => {
    const off = await signIn('google', 'client@acme.test');
    expect(off.status).toBe(403);
    expect(off.result).toMatchObject({ outcome: 'error', Message: SsoMessages.clientSsoOff });
    expect(await identitiesOf('client@acme.test')).toEqual([]);
    expect(await lastActivity()).toMatchObject({ success: false, reason: 'google: client single sign-on is off' });

    await t.database.db.update(tenants).set({ clientSsoEnabled: true }).where(eq(tenants.slug, 'acme'));
    try {
      const on = await signIn('google', 'client@acme.test');
      expect(on.result.outcome).toBe('tokens');
      if (on.result.outcome === 'tokens') expect(claimsOf(on.result.accessToken).privileges).toBe(4096);
    } finally {
      await t.database.db.update(tenants).set({ clientSsoEnabled: false }).where(eq(tenants.slug, 'acme'));
    }
  });

  it('signs a user of another tenant into their own tenant, and refuses them once disabled', async () => {
    const acme = await signIn('google', 'admin@acme.test');
    const other = await signIn('google', 'outsider@other.test');
    if (acme.result.outcome !== 'tokens' || other.result.outcome !== 'tokens') throw new Error('expected tokens');
    expect(claimsOf(other.result.accessToken).tenantId).not.toBe(claimsOf(acme.result.accessToken).tenantId);

    await t.database.db.update(users).set({ isEnabled: false }).where(eq(users.email, 'outsider@other.test'));
    try {
      const r = await signIn('google', 'outsider@other.test');
      expect(r.status).toBe(401);
      expect(r.result).toMatchObject({ outcome: 'error', Message: ServerMessages.accountDisabled });
    } finally {
      await t.database.db.update(users).set({ isEnabled: true }).where(eq(users.email, 'outsider@other.test'));
    }
  });

  it('refuses a user who has not confirmed the e-mail of a new sign-up yet', async () => {
    await t.database.db.update(users).set({ emailConfirmed: false }).where(eq(users.email, 'admin@acme.test'));
    try {
      const r = await signIn('microsoft', 'admin@acme.test');
      expect(r.status).toBe(401);
      expect(r.result).toMatchObject({ outcome: 'error', Message: SignupMessages.emailNotConfirmed });
    } finally {
      await t.database.db.update(users).set({ emailConfirmed: true }).where(eq(users.email, 'admin@acme.test'));
    }
  });

  it('still asks for the authenticator code of a user with multi-factor sign-in on', async () => {
    const secret = newMfaSecret();
    await t.database.db
      .update(users)
      .set({ mfaEnabled: true, mfaSecret: secret })
      .where(eq(users.email, 'standard@acme.test'));
    try {
      const r = await signIn('microsoft', 'standard@acme.test');
      expect(r.status).toBe(200);
      expect(r.result).toMatchObject({ outcome: 'mfa', mfaRequired: true, mfaType: 'totp' });
      expect(r.body).not.toContain('accessToken');
      if (r.result.outcome !== 'mfa') return;
      const done = await t.call('POST', '/api/UserAuth/Login', {
        body: { mfaType: 'totp', mfaToken: currentTotp(secret), challengeToken: r.result.challengeToken },
      });
      expect(done.status).toBe(200);
      expect(claimsOf(done.body.accessToken).userName).toBe('standard@acme.test');
    } finally {
      await t.database.db
        .update(users)
        .set({ mfaEnabled: false, mfaSecret: null })
        .where(eq(users.email, 'standard@acme.test'));
    }
  });
});

describe('a sign-in that cannot be trusted is refused', () => {
  it('when the state coming back is not the one sent', async () => {
    const { location, cookie } = await start('microsoft');
    const back = new URL(await new ProviderBrowser().signIn(location, 'admin@acme.test'));
    back.searchParams.set('state', 'forged-state-value-from-somebody-else');
    const r = await callback(back.href, cookie);
    expect(r.status).toBe(400);
    expect(r.result).toMatchObject({ outcome: 'error', Message: SsoMessages.verificationFailed });
    expect(r.body).not.toContain('accessToken');
    expect(await lastActivity()).toMatchObject({ success: false, reason: 'microsoft: state mismatch' });
  });

  it('when the ID token carries another nonce than the one this browser started with', async () => {
    const { location, cookie } = await start('microsoft');
    const secrets = t.deps.secrets;
    const flow = JSON.parse(secrets.open(cookie, 'oidc-sign-in-flow')!);
    const swapped = secrets.seal(
      JSON.stringify({ ...flow, nonce: 'a-nonce-the-provider-never-saw' }),
      'oidc-sign-in-flow',
    );
    const back = await new ProviderBrowser().signIn(location, 'admin@acme.test');
    const r = await callback(back, swapped);
    expect(r.status).toBe(400);
    expect(r.result).toMatchObject({ outcome: 'error', Message: SsoMessages.verificationFailed });
    const activity = await lastActivity();
    expect(activity.success).toBe(false);
    expect(activity.reason).toMatch(/^microsoft: verification failed: .*nonce/);
  });

  it('when the flow cookie is missing, forged or belongs to the other provider', async () => {
    const { location } = await start('microsoft');
    const back = await new ProviderBrowser().signIn(location, 'admin@acme.test');
    for (const cookie of [null, 'v1.forged.cookie.value', (await start('google')).cookie]) {
      const r = await callback(back, cookie);
      expect(r.status).toBe(400);
      expect(r.result).toMatchObject({ outcome: 'error', Message: SsoMessages.flowExpired });
    }
  });

  it('when an authorization code is presented a second time', async () => {
    const { location, cookie } = await start('google');
    const back = await new ProviderBrowser().signIn(location, 'admin@acme.test');
    expect((await callback(back, cookie)).result.outcome).toBe('tokens');
    const again = await callback(back, cookie);
    expect(again.status).toBe(400);
    expect(again.result).toMatchObject({ outcome: 'error', Message: SsoMessages.verificationFailed });
  });
});

describe('what the provider sends back', () => {
  it('reports a redirect error parameter as given (the user cancelled at the provider)', async () => {
    const { location, cookie } = await start('microsoft');
    const back = await new ProviderBrowser().signIn(location, 'admin@acme.test', { cancel: true });
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    const r = await callback(back, cookie);
    expect(r.status).toBe(400);
    const description = new URL(back).searchParams.get('error_description');
    expect(r.result).toMatchObject({ outcome: 'error', Message: `access_denied: ${description}` });
  });

  it('says so when the redirect has no query or hash parameters', async () => {
    const r = await callback(`${PUBLIC_URL}/api/auth/oidc/google/callback`, null);
    expect(r.status).toBe(400);
    expect(r.result).toMatchObject({ outcome: 'error', Message: SsoMessages.noParameters });
  });

  it('the records show who signed in how', async () => {
    const rows = await t.database.db
      .select()
      .from(loginActivities)
      .where(and(eq(loginActivities.userName, 'standard@acme.test'), eq(loginActivities.success, true)));
    expect(rows.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['microsoft: signed in, account linked', 'microsoft: signed in']),
    );
  });
});

describe('without configuration', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await testApp({ PUBLIC_URL });
  });
  afterAll(async () => bare?.close());

  it('reports each provider switched off and the popup says it is not configured', async () => {
    const ms = await bare.call('GET', '/api/UserAuth/GetMsalSettings');
    expect(ms.body).toEqual({
      Enabled: false,
      Provider: 'microsoft',
      ClientId: null,
      Authority: null,
      RedirectUri: null,
      SignInUrl: null,
    });
    expect((await bare.call('GET', '/api/UserAuth/GetGoogleApiSettings')).body.Enabled).toBe(false);
    const popup = await bare.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
    expect(popup.statusCode).toBe(404);
    expect(popup.body).toContain(SsoMessages.notConfigured('Google'));
  });
});
