import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Messages, ServerMessages } from '@vigil/contract';
import { loginActivities, refreshTokens, users } from '../../db/schema/index.ts';
import { currentTotp } from '../../platform/auth/mfa.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { personaEmail, TEST_PASSWORD } from '../../../test/personas.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const login = (UserName: string, Password: string) =>
  t.call('POST', '/api/UserAuth/Login', { body: { UserName, Password } });

describe('sign-in', () => {
  it('gives a token pair whose access token carries the stored-auth fields', async () => {
    const r = await login('admin@acme.test', TEST_PASSWORD);
    expect(r.status).toBe(200);
    const claims = JSON.parse(Buffer.from(r.body.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      userName: 'admin@acme.test',
      userFirstName: 'Ada',
      privileges: 1024,
      impersonation: false,
    });
    expect(claims.tenantId).toBeGreaterThan(0);
    expect(claims.exp - claims.nbf).toBe(900);
    const me = await t.call('GET', '/api/user/authorized', { token: r.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.UserName).toBe('admin@acme.test');
  });

  it('answers a wrong password and an unknown user alike, and records both attempts', async () => {
    const wrong = await login('standard@acme.test', 'Wrong!Pass1');
    const unknown = await login('nobody@acme.test', 'Wrong!Pass1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.Message).toBe(ServerMessages.invalidCredentials);
    expect(unknown.body.Message).toBe(wrong.body.Message);
    const rows = await t.database.db.select().from(loginActivities).where(eq(loginActivities.success, false));
    expect(rows.map((r) => r.userName)).toEqual(expect.arrayContaining(['standard@acme.test', 'nobody@acme.test']));
  });

  it('locks an account after five failures: even the right password is refused with 429', async () => {
    const email = 'client@acme.test';
    for (let i = 0; i < 5; i++) expect((await login(email, 'Wrong!Pass1')).status).toBe(401);
    const locked = await login(email, TEST_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toBe(ServerMessages.tooManyAttempts);
    await t.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.email, email));
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('rejects missing fields, bad JSON and oversized bodies with 400 in the error format', async () => {
    const missing = await t.call('POST', '/api/UserAuth/Login', { body: { UserName: 'admin@acme.test' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ statusCode: 400, title: 'Bad Request' });
    expect(typeof missing.body.Message).toBe('string');
    const bad = await t.call('POST', '/api/UserAuth/Login', { rawBody: '{"UserName": "a",' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(ServerMessages.invalidJson);
    const huge = await t.call('POST', '/api/UserAuth/Login', {
      rawBody: JSON.stringify({ UserName: 'x', Password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.Message).toBe(ServerMessages.bodyTooLarge);
  });

  it('names the field that failed validation', async () => {
    const r = await t.call('POST', '/api/user/reset-password', { body: { Email: 'not-an-address' } });
    expect(r.status).toBe(400);
    expect(r.body.Errors[0].Field).toBe('Email');
    expect(r.body.Message).toMatch(/^Email: /);
  });

  it('answers 401 with the spec message without a token or with a forged one', async () => {
    const none = await t.call('GET', '/api/user/profile');
    expect(none.status).toBe(401);
    expect(none.body.Message).toBe(Messages.sessionExpired);
    const forged = await t.call('GET', '/api/user/profile', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjF9.AAAA' });
    expect(forged.status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('rotate: a refresh gives a new pair and spends the old refresh token', async () => {
    const first = await t.login('standard');
    const r = await t.call('PUT', '/api/UserAuth/Login', {
      body: { accessToken: first.accessToken, refreshToken: first.refreshToken },
    });
    expect(r.status).toBe(200);
    expect(r.body.refreshToken).not.toBe(first.refreshToken);
    expect((await t.call('GET', '/api/user/profile', { token: r.body.accessToken })).status).toBe(200);
  });

  it('detect reuse: replaying a spent token revokes the whole family, the newest token included', async () => {
    const first = await t.login('standard');
    const second = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: first.refreshToken } });
    expect(second.status).toBe(200);
    const replay = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: first.refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.Message).toBe(ServerMessages.invalidRefreshToken);
    const afterTheft = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: second.body.refreshToken } });
    expect(afterTheft.status).toBe(401);
    const reuse = await t.database.db
      .select()
      .from(loginActivities)
      .where(eq(loginActivities.reason, 'refresh token reuse: session revoked'));
    expect(reuse.length).toBeGreaterThan(0);
  });

  it('logout revokes the session family', async () => {
    const pair = await t.login('admin');
    const out = await t.call('POST', '/api/UserAuth/logout', {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(out.status).toBe(200);
    expect((await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: pair.refreshToken } })).status).toBe(
      401,
    );
  });

  it('the purge removes expired and spent tokens', async () => {
    const pair = await t.login('admin');
    await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: pair.refreshToken } });
    const before = (await t.database.db.select().from(refreshTokens)).length;
    const purged = await t.deps.sessions.purgeExpired(new Date(Date.now() + 2 * 86_400_000));
    expect(purged).toBeGreaterThan(0);
    expect((await t.database.db.select().from(refreshTokens)).length).toBe(before - purged);
  });
});

describe('multi-factor sign-in', () => {
  it('enables TOTP, then asks for the code, refuses a wrong or replayed code and accepts the right one', async () => {
    const token = (await t.login('admin')).accessToken;
    const setup = await t.call('GET', '/api/user/mfa/get', { token });
    expect(setup.status).toBe(200);
    expect(setup.body.Enabled).toBe(false);
    expect(setup.body.OtpAuthUrl).toMatch(/^otpauth:\/\/totp\/Vigil:admin%40acme\.test\?/);
    const badEnable = await t.call('POST', '/api/user/mfa/update', { token, body: { Code: '000000' } });
    expect(badEnable.status).toBe(400);
    const past = Date.now() - 30_000;
    const enabled = await t.call('POST', '/api/user/mfa/update', {
      token,
      body: { Code: currentTotp(setup.body.Secret, past) },
    });
    expect(enabled.body).toMatchObject({ Enabled: true });

    const step1 = await login(personaEmail.admin, TEST_PASSWORD);
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({ mfaRequired: true, mfaType: 'totp' });
    expect(step1.body.accessToken).toBeUndefined();
    const mfa = (code: string) =>
      t.call('POST', '/api/UserAuth/Login', {
        body: { mfaType: 'totp', mfaToken: code, challengeToken: step1.body.challengeToken },
      });
    const wrong = await mfa('123456' === currentTotp(setup.body.Secret) ? '654321' : '123456');
    expect(wrong.status).toBe(401);
    expect(wrong.body.Message).toBe(ServerMessages.invalidMfaCode);
    // The code used to enable MFA was for the previous step: replaying it must fail.
    expect((await mfa(currentTotp(setup.body.Secret, past))).status).toBe(401);
    // The same code twice: the second is a replay (a fresh code would be right if a step ticked between).
    const code = currentTotp(setup.body.Secret);
    const ok = await mfa(code);
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken).toBeTruthy();
    expect((await mfa(code)).status).toBe(401);

    const off = await t.call('DELETE', '/api/user/mfa', {
      token: ok.body.accessToken,
      body: { Password: TEST_PASSWORD },
    });
    expect(off.body).toEqual({ Enabled: false });
    expect((await login(personaEmail.admin, TEST_PASSWORD)).body.accessToken).toBeTruthy();
  });
});
