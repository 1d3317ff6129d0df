import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MfaSetupChallenge, MfaSetupMessages, ServerMessages, type UserListItem } from '@vigil/contract';
import { currentTotp } from '../../platform/auth/mfa.ts';
import { TEST_PASSWORD } from '../../../test/personas.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

/**
 * When an administrator requires two-factor sign-in, someone who knows a user's password must not be
 * able to plant the authenticator secret the user then enrols: a pending secret belongs to the one
 * set-up step (set-up token) or profile screen that made it.
 */
let t: TestApp;
let ids: Record<'standard' | 'admin', number>;
let ipSeq = 0;

beforeAll(async () => {
  t = await testApp();
  const admin = await t.as('admin');
  const list: UserListItem[] = (await admin('GET', '/api/user/partner')).body;
  const id = (email: string) => list.find((u) => u.Email === email)!.Id;
  ids = { standard: id('standard@acme.test'), admin: id('admin@acme.test') };
});
afterAll(async () => {
  await t?.close();
});

/** The set-up routes are limited per address: every call speaks from its own. */
async function pub(url: string, body: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.77.0.${++ipSeq}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
}

const signIn = (UserName: string) =>
  t.call('POST', '/api/UserAuth/Login', { body: { UserName, Password: TEST_PASSWORD } });

async function setupToken(email: string): Promise<string> {
  const r = await signIn(email);
  expect(r.status).toBe(200);
  return MfaSetupChallenge.parse(r.body).mfaSetupToken;
}

async function signInWithCode(email: string, code: string) {
  const first = await signIn(email);
  expect(first.body).toMatchObject({ mfaRequired: true });
  return t.call('POST', '/api/UserAuth/Login', {
    body: { mfaType: 'totp', mfaToken: code, challengeToken: first.body.challengeToken },
  });
}

describe('the set-up step of a required second factor', () => {
  it('never shows one set-up token the secret another one asked for, and enrols only its own', async () => {
    const admin = await t.as('admin');
    expect((await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.standard] })).status).toBe(200);

    // The attacker, who knows the password, opens the set-up first.
    const attackerToken = await setupToken('standard@acme.test');
    const planted = await pub('/api/user/mfa/get/public', { Token: attackerToken });
    expect(planted.status).toBe(200);
    const attackerSecret = planted.body.Secret as string;

    // The user signs in later and is shown a secret of their own.
    const userToken = await setupToken('standard@acme.test');
    const shown = await pub('/api/user/mfa/get/public', { Token: userToken });
    expect(shown.status).toBe(200);
    expect(shown.body.Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(shown.body.Secret).not.toBe(attackerSecret);
    // Asking again with the same token shows the same secret (the user's page can be reloaded).
    expect((await pub('/api/user/mfa/get/public', { Token: userToken })).body.Secret).toBe(shown.body.Secret);

    // A code of the attacker's secret enrols neither set-up.
    for (const token of [userToken, attackerToken]) {
      const r = await pub('/api/user/mfa/update/public', { Token: token, Code: currentTotp(attackerSecret) });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ Message: MfaSetupMessages.wrongCode, statusCode: 400 });
    }
    // Nor does a code of the user's secret sent with the attacker's token.
    const crossed = await pub('/api/user/mfa/update/public', {
      Token: attackerToken,
      Code: currentTotp(shown.body.Secret),
    });
    expect(crossed.status).toBe(400);

    const done = await pub('/api/user/mfa/update/public', { Token: userToken, Code: currentTotp(shown.body.Secret) });
    expect(done.status).toBe(200);
    expect(done.body.accessToken).toEqual(expect.any(String));

    // The attacker's authenticator does not sign in; the user's does.
    const attacker = await signInWithCode('standard@acme.test', currentTotp(attackerSecret, Date.now() + 30_000));
    expect(attacker.status).toBe(401);
    expect(attacker.body.Message).toBe(ServerMessages.invalidMfaCode);
    const user = await signInWithCode('standard@acme.test', currentTotp(shown.body.Secret, Date.now() + 30_000));
    expect(user.status).toBe(200);
    expect(user.body.accessToken).toEqual(expect.any(String));
  });

  it('does not hand the signed-in profile screen a secret a set-up step made, nor the other way round', async () => {
    const admin = await t.as('admin');
    // The administrator requires a second factor of themself; their own session is kept.
    expect((await admin('POST', '/api/user/enable-two-factor', { Ids: [ids.admin] })).status).toBe(200);
    const attackerToken = await setupToken('admin@acme.test');
    const attackerSecret = (await pub('/api/user/mfa/get/public', { Token: attackerToken })).body.Secret as string;

    const profile = await admin('GET', '/api/user/mfa/get');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ Enabled: false });
    expect(profile.body.Secret).not.toBe(attackerSecret);
    // The profile's secret is not shown to the set-up step either.
    const again = await pub('/api/user/mfa/get/public', { Token: attackerToken });
    expect(again.body.Secret).not.toBe(profile.body.Secret);
    // …which replaced it: the profile screen now gets a fresh one, and a code of the set-up's is refused.
    const fresh = await admin('GET', '/api/user/mfa/get');
    expect(fresh.body.Secret).not.toBe(again.body.Secret);
    const refused = await admin('POST', '/api/user/mfa/update', { Code: currentTotp(again.body.Secret) });
    expect(refused.status).toBe(400);
    expect((await admin('GET', '/api/user/profile')).body.MfaEnabled).toBe(false);

    const enrolled = await admin('POST', '/api/user/mfa/update', { Code: currentTotp(fresh.body.Secret) });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({ Enabled: true });
    const attacker = await signInWithCode('admin@acme.test', currentTotp(again.body.Secret, Date.now() + 30_000));
    expect(attacker.status).toBe(401);
  });

  it('leaves no pending secret nor its owner behind when two-factor sign-in is turned off', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/user/mfa/get')).body.Secret).toEqual(expect.any(String));
    const off = await client('DELETE', '/api/user/mfa', { Password: TEST_PASSWORD });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ Enabled: false });
    const r = await t.database.query<{ secret: string | null; owner: string | null }>(
      'SELECT mfa_pending_secret AS secret, mfa_pending_for AS owner FROM users WHERE email = $1',
      ['client@acme.test'],
    );
    expect(r.rows[0]).toEqual({ secret: null, owner: null });
  });
});
