import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MfaSetupChallenge,
  MfaSetupMessages,
  MfaState,
  ServerMessages,
  SsoPopupResult,
  TokenPair,
  type UserListItem,
} from '@vigil/contract';
import { users } from '../../db/schema/index.ts';
import { currentTotp } from '../../platform/auth/mfa.ts';
import { TEST_PASSWORD } from '../../../test/personas.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { ProviderBrowser, startOidcProvider, type OidcStub } from '../../../test/oidc-provider.ts';
import { FLOW_COOKIE } from '../sso/flow.ts';

const PUBLIC_URL = 'http://vigil.test';
const client = { client_id: 'vigil-microsoft', client_secret: 'microsoft-client-secret-value' };

let idp: OidcStub;
let t: TestApp;
let ids: Record<'standard' | 'client' | 'admin', number>;
let ipSeq = 0;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [{ ...client, redirect_uris: [`${PUBLIC_URL}/api/auth/oidc/microsoft/callback`] }],
  });
  t = await testApp({
    PUBLIC_URL,
    MICROSOFT_CLIENT_ID: client.client_id,
    MICROSOFT_CLIENT_SECRET: client.client_secret,
    MICROSOFT_ISSUER: idp.issuer,
  });
  const admin = await t.as('admin');
  const list = (await admin('GET', '/api/user/partner')).body.concat((await admin('GET', '/api/user/client')).body);
  const id = (email: string) => list.find((u: UserListItem) => u.Email === email).Id as number;
  ids = { standard: id('standard@acme.test'), client: id('client@acme.test'), admin: id('admin@acme.test') };
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/**
 * A public call from its own address: the set-up routes are rate-limited per address, so each
 * scenario speaks from a fresh one unless it means to test the limit.
 */
async function pub(url: string, body: unknown, ip = `10.9.0.${++ipSeq}`) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
}

const password = (UserName: string) =>
  t.call('POST', '/api/UserAuth/Login', { body: { UserName, Password: TEST_PASSWORD } });

async function setupToken(email: string): Promise<string> {
  const r = await password(email);
  expect(r.status).toBe(200);
  expect(r.body).not.toHaveProperty('accessToken');
  return MfaSetupChallenge.parse(r.body).mfaSetupToken;
}

async function row(id: number) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return u;
}

async function listed(id: number): Promise<UserListItem> {
  const admin = await t.as('admin');
  const all = [...(await admin('GET', '/api/user/partner')).body, ...(await admin('GET', '/api/user/client')).body];
  return all.find((u: UserListItem) => u.Id === id);
}

describe('two-factor sign-in required by an administrator', () => {
  it('stops the sign-in at the set-up step until an authenticator is added, then signs the user in', async () => {
    const before = await t.login('standard');
    const admin = await t.as('admin');
    const on = await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.standard] });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ Message: 'Required two-factor sign-in for 1 user', Count: 1 });
    expect(await listed(ids.standard)).toMatchObject({ MfaEnabled: false, MfaSetupRequired: true });
    const mail = await t.database.query<{ subject: string; text: string }>(
      'SELECT subject, text FROM outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
      ['standard@acme.test'],
    );
    expect(mail.rows[0].subject).toBe(MfaSetupMessages.enabledEmailSubject);
    expect(mail.rows[0].text).toContain(`${PUBLIC_URL}/page/login`);
    // The sessions the user already had end: the rule holds from the next sign-in.
    const refresh = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: before.refreshToken } });
    expect(refresh.status).toBe(401);

    const answer = await password('standard@acme.test');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      mfaSetupRequired: true,
      mfaSetupToken: expect.any(String),
      Message: MfaSetupMessages.required,
    });
    const token = answer.body.mfaSetupToken as string;

    const first = await pub('/api/user/mfa/get/public', { Token: token });
    expect(first.status).toBe(200);
    const state = MfaState.parse(first.body);
    expect(state.Enabled).toBe(false);
    expect(state.Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(state.OtpAuthUrl).toContain('otpauth://totp/');
    expect(decodeURIComponent(state.OtpAuthUrl!)).toContain('standard@acme.test');
    expect((await pub('/api/user/mfa/get/public', { Token: token })).body.Secret).toBe(state.Secret);

    const fresh = await pub('/api/user/mfa/regenerate/public', { Token: token });
    expect(fresh.status).toBe(200);
    expect(fresh.body.Secret).not.toBe(state.Secret);
    expect((await pub('/api/user/mfa/get/public', { Token: token })).body.Secret).toBe(fresh.body.Secret);

    // A code of the replaced secret is refused, with the message on the field.
    const stale = await pub('/api/user/mfa/update/public', { Token: token, Code: currentTotp(state.Secret!) });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({
      Message: MfaSetupMessages.wrongCode,
      statusCode: 400,
      Errors: [{ Field: 'Code', Message: MfaSetupMessages.wrongCode }],
    });
    const malformed = await pub('/api/user/mfa/update/public', { Token: token, Code: '12ab' });
    expect(malformed.status).toBe(400);
    expect((await row(ids.standard)).mfaEnabled).toBe(false);

    const code = currentTotp(fresh.body.Secret);
    const done = await pub('/api/user/mfa/update/public', { Token: token, Code: code });
    expect(done.status).toBe(200);
    const pair = TokenPair.parse(done.body);
    const profile = await t.call('GET', '/api/user/profile', { token: pair.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ Email: 'standard@acme.test', MfaEnabled: true });
    expect((await t.call('PUT', '/api/UserAuth/Login', { body: pair })).status).toBe(200);
    expect(await listed(ids.standard)).toMatchObject({ MfaEnabled: true, MfaSetupRequired: false });

    // The same code is never taken twice: not by the set-up, not by the next sign-in.
    const again = await pub('/api/user/mfa/update/public', { Token: token, Code: code });
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe(MfaSetupMessages.alreadyDone);
    const next = await password('standard@acme.test');
    expect(next.body).toMatchObject({ mfaRequired: true, mfaType: 'totp' });
    const replay = await t.call('POST', '/api/UserAuth/Login', {
      body: { mfaType: 'totp', mfaToken: code, challengeToken: next.body.challengeToken },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.Message).toBe(ServerMessages.invalidMfaCode);
    const later = await t.call('POST', '/api/UserAuth/Login', {
      body: {
        mfaType: 'totp',
        mfaToken: currentTotp(fresh.body.Secret, Date.now() + 30_000),
        challengeToken: next.body.challengeToken,
      },
    });
    expect(later.status).toBe(200);
    expect(later.body.accessToken).toEqual(expect.any(String));

    // Asking again for a user who has two-factor on changes nothing.
    const noop = await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.standard] });
    expect(noop.body.Count).toBe(0);
  });

  it('binds a set-up token to its own user, refuses altered, foreign and expired tokens', async () => {
    const admin = await t.as('admin');
    await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.client, ids.admin] });
    const adminState = await row(ids.admin);
    expect(adminState.mfaSetupRequired).toBe(true);
    // The caller's own session is kept.
    expect((await admin('GET', '/api/user/profile')).status).toBe(200);

    const clientToken = await setupToken('client@acme.test');
    const adminToken = await setupToken('admin@acme.test');
    const clientSecret = (await pub('/api/user/mfa/get/public', { Token: clientToken })).body.Secret as string;
    const adminView = await pub('/api/user/mfa/get/public', { Token: adminToken });
    expect(adminView.body.Secret).not.toBe(clientSecret);
    expect(decodeURIComponent(adminView.body.OtpAuthUrl)).toContain('admin@acme.test');
    // The admin's token with the client's code: refused, and neither account changes.
    const crossed = await pub('/api/user/mfa/update/public', { Token: adminToken, Code: currentTotp(clientSecret) });
    expect(crossed.status).toBe(400);
    expect(crossed.body.Message).toBe(MfaSetupMessages.wrongCode);
    expect((await row(ids.client)).mfaEnabled).toBe(false);
    expect((await row(ids.admin)).mfaEnabled).toBe(false);

    const [head, body, sig] = clientToken.split('.');
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString());
    forged.sub = String(ids.admin);
    const altered = [head, Buffer.from(JSON.stringify(forged)).toString('base64url'), sig].join('.');
    const flipped = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    const challenge = await t.deps.tokens.signChallenge(ids.client);
    for (const bad of [altered, flipped, challenge, 'not-a-set-up-token']) {
      for (const url of ['/api/user/mfa/get/public', '/api/user/mfa/regenerate/public']) {
        const r = await pub(url, { Token: bad });
        expect(r.status, `${url} ${bad}`).toBe(401);
        expect(r.body).toMatchObject({ Message: MfaSetupMessages.tokenInvalid, statusCode: 401 });
      }
      const r = await pub('/api/user/mfa/update/public', { Token: bad, Code: currentTotp(clientSecret) });
      expect(r.status).toBe(401);
    }
    expect((await pub('/api/user/mfa/get/public', {})).status).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000 + 5_000);
      const expired = await pub('/api/user/mfa/update/public', { Token: clientToken, Code: currentTotp(clientSecret) });
      expect(expired.status).toBe(401);
      expect(expired.body.Message).toBe(MfaSetupMessages.tokenInvalid);
    } finally {
      vi.useRealTimers();
    }
    expect((await row(ids.client)).mfaEnabled).toBe(false);

    // Turning it off clears the requirement: the old set-up token is dead and the password is enough again.
    const off = await admin('POST', '/api/user/disable-two-factor', { Ids: [ids.client, ids.admin] });
    expect(off.body).toEqual({ Message: 'Turned off two-factor sign-in for 2 users', Count: 2 });
    expect(await listed(ids.client)).toMatchObject({ MfaEnabled: false, MfaSetupRequired: false });
    const dead = await pub('/api/user/mfa/get/public', { Token: clientToken });
    expect(dead.status).toBe(401);
    expect((await password('client@acme.test')).body.accessToken).toEqual(expect.any(String));
    expect((await password('admin@acme.test')).body.accessToken).toEqual(expect.any(String));
  });

  it('locks the account after five wrong set-up codes, like wrong passwords', async () => {
    const admin = await t.as('admin');
    await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.client] });
    const token = await setupToken('client@acme.test');
    const secret = (await pub('/api/user/mfa/get/public', { Token: token })).body.Secret as string;
    const wrong = String((Number(currentTotp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const r = await pub('/api/user/mfa/update/public', { Token: token, Code: wrong });
      expect(r.status).toBe(400);
    }
    const locked = await pub('/api/user/mfa/update/public', { Token: token, Code: currentTotp(secret) });
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toBe(ServerMessages.tooManyAttempts);
    expect((await row(ids.client)).mfaEnabled).toBe(false);
    await t.database.db.update(users).set({ lockedUntil: null, failedLogins: 0 }).where(eq(users.id, ids.client));
    await admin('POST', '/api/user/disable-two-factor', { Ids: [ids.client] });
  });

  it('checks at most five of twenty parallel wrong set-up codes; the rest find the lock', async () => {
    const admin = await t.as('admin');
    await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.client] });
    const token = await setupToken('client@acme.test');
    const secret = (await pub('/api/user/mfa/get/public', { Token: token })).body.Secret as string;
    const wrong = String((Number(currentTotp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    // Each from its own address, so only the account lock can refuse them.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => pub('/api/user/mfa/update/public', { Token: token, Code: wrong })),
    );
    const checked = replies.filter((r) => r.status === 400);
    const refused = replies.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + refused.length).toBe(20);
    for (const r of refused) expect(r.body.Message).toBe(ServerMessages.tooManyAttempts);
    const locked = await pub('/api/user/mfa/update/public', { Token: token, Code: currentTotp(secret) });
    expect(locked.status).toBe(429);
    expect((await row(ids.client)).mfaEnabled).toBe(false);
    await t.database.db.update(users).set({ lockedUntil: null, failedLogins: 0 }).where(eq(users.id, ids.client));
    await admin('POST', '/api/user/disable-two-factor', { Ids: [ids.client] });
  });

  it('rate-limits the public set-up calls per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await pub('/api/user/mfa/get/public', { Token: 'x'.repeat(20) }, '10.8.8.8')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers another tenant’s users 404 and leaves them unchanged', async () => {
    const outsiderId = (await (await t.as('outsider'))('GET', '/api/user/partner')).body[0].Id as number;
    const admin = await t.as('admin');
    for (const Ids of [[outsiderId], [ids.client, outsiderId]]) {
      const r = await admin('POST', '/api/user/enable-two-factor', { Ids });
      expect(r.status).toBe(404);
    }
    expect((await row(outsiderId)).mfaSetupRequired).toBe(false);
    expect((await row(ids.client)).mfaSetupRequired).toBe(false);
    expect((await t.login('outsider')).accessToken).toEqual(expect.any(String));
    // Nor can the other tenant's admin remove this tenant's authenticators.
    const outsider = await t.as('outsider');
    expect((await outsider('POST', '/api/user/disable-two-factor', { Ids: [ids.standard] })).status).toBe(404);
    expect((await row(ids.standard)).mfaEnabled).toBe(true);
  });

  it('sends a Microsoft or Google sign-in to the same set-up step', async () => {
    const admin = await t.as('admin');
    await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.client] });
    await t.database.query(
      'UPDATE tenants SET client_sso_enabled = true WHERE id = (SELECT tenant_id FROM users WHERE id = $1)',
      [ids.client],
    );
    const startRes = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/microsoft/start' });
    const cookie = new RegExp(`${FLOW_COOKIE}=([^;]+)`).exec([startRes.headers['set-cookie']].flat().join('\n'))![1];
    const back = new URL(await new ProviderBrowser().signIn(String(startRes.headers.location), 'client@acme.test'));
    const res = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: `${FLOW_COOKIE}=${cookie}` },
    });
    const json = /<script type="application\/json" id="sso-result">([\s\S]*?)<\/script>/.exec(res.body)![1];
    const result = SsoPopupResult.parse(JSON.parse(json));
    expect(result).toMatchObject({ outcome: 'mfa-setup', mfaSetupRequired: true, Message: MfaSetupMessages.required });
    expect(res.body).not.toContain('accessToken');
    if (result.outcome !== 'mfa-setup') return;
    const state = await pub('/api/user/mfa/get/public', { Token: result.mfaSetupToken });
    const done = await pub('/api/user/mfa/update/public', {
      Token: result.mfaSetupToken,
      Code: currentTotp(state.body.Secret),
    });
    expect(done.status).toBe(200);
    expect(done.body.accessToken).toEqual(expect.any(String));
    expect((await row(ids.client)).mfaEnabled).toBe(true);
    await admin('POST', '/api/user/disable-two-factor', { Ids: [ids.client] });
  });

  it('counts a set-up made from the profile of a session the requirement left open', async () => {
    const admin = await t.as('admin');
    const on = await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.admin] });
    expect(on.body.Count).toBe(1);
    const state = await admin('GET', '/api/user/mfa/get');
    const done = await admin('POST', '/api/user/mfa/update', { Code: currentTotp(state.body.Secret) });
    expect(done.body).toMatchObject({ Enabled: true });
    expect(await listed(ids.admin)).toMatchObject({ MfaEnabled: true, MfaSetupRequired: false });
    await admin('POST', '/api/user/disable-two-factor', { Ids: [ids.admin] });
    expect(await listed(ids.admin)).toMatchObject({ MfaEnabled: false, MfaSetupRequired: false });
  });
});
