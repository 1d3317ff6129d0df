import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  MfaSetupChallenge,
  MfaSetupDone,
  RECOVERY_CODE_PATTERN,
  RecoveryCodeMessages,
  ServerMessages,
} from '@vigil/contract';
import { loginActivities } from '../../db/schema/index.ts';
import { currentTotp } from '../../platform/auth/mfa.ts';
import { personaEmail, TEST_PASSWORD } from '../../../test/personas.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

const passwordStep = (email: string) =>
  t.call('POST', '/api/UserAuth/Login', { body: { UserName: email, Password: TEST_PASSWORD } });

async function challenge(email: string): Promise<string> {
  const r = await passwordStep(email);
  expect(r.body).toMatchObject({ mfaRequired: true });
  return r.body.challengeToken as string;
}

const withCode = (challengeToken: string, code: string) =>
  t.call('POST', '/api/UserAuth/Login', { body: { mfaType: 'recovery', mfaToken: code, challengeToken } });

/** Turns on MFA from the profile and returns the codes shown once, and a session. */
async function enrol(persona: 'standard' | 'admin' | 'client') {
  const token = (await t.login(persona)).accessToken;
  const setup = await t.call('GET', '/api/user/mfa/get', { token });
  const enabled = await t.call('POST', '/api/user/mfa/update', {
    token,
    body: { Code: currentTotp(setup.body.Secret) },
  });
  expect(enabled.status).toBe(200);
  return { token, codes: enabled.body.RecoveryCodes as string[] };
}

describe('MFA recovery codes', () => {
  it('are shown once at set-up, work once each at sign-in, and every use is recorded', async () => {
    const { token, codes } = await enrol('standard');
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(codes).size).toBe(10);
    // Not shown again: the state of an enrolled user holds no codes.
    expect((await t.call('GET', '/api/user/mfa/get', { token })).body).toEqual({ Enabled: true });
    expect((await t.call('GET', '/api/user/mfa/recovery-codes', { token })).body).toEqual({
      Enabled: true,
      Left: 10,
      Total: 10,
    });

    // In place of the authenticator's code, typed in capitals and without the dash.
    const ok = await withCode(await challenge(personaEmail.standard), codes[0]!.replace('-', '').toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.accessToken).toBeTruthy();

    const again = await withCode(await challenge(personaEmail.standard), codes[0]!);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ Message: RecoveryCodeMessages.invalid, title: 'Unauthorized', statusCode: 401 });

    const left = await t.call('GET', '/api/user/mfa/recovery-codes', { token: ok.body.accessToken });
    expect(left.body).toMatchObject({ Left: 9, Total: 10 });
    const log = await t.database.db
      .select({ reason: loginActivities.reason, success: loginActivities.success })
      .from(loginActivities)
      .where(eq(loginActivities.userName, personaEmail.standard));
    expect(log).toContainEqual({ reason: 'password and recovery code (9 of 10 left)', success: true });
    expect(log).toContainEqual({ reason: 'wrong recovery code', success: false });
  });

  it('refuses a code that was never issued and a malformed one', async () => {
    const { codes } = await enrol('admin');
    const challengeToken = await challenge(personaEmail.admin);
    const unknown = await withCode(challengeToken, codes[0]!.startsWith('a') ? 'bbbbb-bbbbb' : 'aaaaa-aaaaa');
    expect(unknown.status).toBe(401);
    expect(unknown.body.Message).toBe(RecoveryCodeMessages.invalid);
    const malformed = await withCode(challengeToken, 'not a code');
    expect(malformed.status).toBe(400);
    expect(malformed.body.statusCode).toBe(400);
    // A recovery code cannot stand in for the password step.
    const noChallenge = await withCode('x'.repeat(40), codes[1]!);
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.Message).toBe(ServerMessages.sessionExpiredMfa);
  });

  it('regenerate needs the current password and invalidates the old codes', async () => {
    const { token, codes: old } = await enrol('client');
    const wrong = await t.call('POST', '/api/user/mfa/recovery-codes/regenerate', {
      token,
      body: { Password: 'not-the-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      statusCode: 400,
      Errors: [{ Field: 'Password', Message: ServerMessages.oldPasswordWrong }],
    });

    const fresh = await t.call('POST', '/api/user/mfa/recovery-codes/regenerate', {
      token,
      body: { Password: TEST_PASSWORD },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ Left: 10, Total: 10 });
    const codes = fresh.body.RecoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => old.includes(c))).toBe(false);

    expect((await withCode(await challenge(personaEmail.client), old[3]!)).status).toBe(401);
    expect((await withCode(await challenge(personaEmail.client), codes[3]!)).status).toBe(200);
  });

  it('regenerate is refused while MFA is off, and turning MFA off drops the codes', async () => {
    const outsider = await t.as('outsider');
    const off = await outsider('POST', '/api/user/mfa/recovery-codes/regenerate', { Password: TEST_PASSWORD });
    expect(off.status).toBe(400);
    expect(off.body.Message).toBe(RecoveryCodeMessages.notEnabled);
    expect((await outsider('GET', '/api/user/mfa/recovery-codes')).body).toEqual({
      Enabled: false,
      Left: 0,
      Total: 10,
    });
  });
});

describe('MFA recovery codes at the required set-up step of sign-in', () => {
  it('come with the session when the first code turns MFA on', async () => {
    const outsider = await t.as('outsider');
    const list = [
      ...(await outsider('GET', '/api/user/partner')).body,
      ...(await outsider('GET', '/api/user/client')).body,
    ] as { Id: number; Email: string }[];
    const me = list.find((u) => u.Email === personaEmail.outsider)!;
    expect((await outsider('POST', '/api/user/enable-two-factor', { Ids: [me.Id] })).status).toBe(200);
    const step = await passwordStep(personaEmail.outsider);
    const setupToken = MfaSetupChallenge.parse(step.body).mfaSetupToken;
    const state = await t.call('POST', '/api/user/mfa/get/public', { body: { Token: setupToken } });
    const done = await t.call('POST', '/api/user/mfa/update/public', {
      body: { Token: setupToken, Code: currentTotp(state.body.Secret) },
    });
    expect(done.status).toBe(200);
    const parsed = MfaSetupDone.parse(done.body);
    expect(parsed.RecoveryCodes).toHaveLength(10);
    const used = await withCode(await challenge(personaEmail.outsider), parsed.RecoveryCodes[0]!);
    expect(used.status).toBe(200);
  });
});
