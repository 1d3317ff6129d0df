import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DuoMessages, type DuoChallenge } from '@vigil/contract';
import { loginActivities, tenantSecondFactors, tenants } from '../../db/schema/index.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { TEST_PASSWORD } from '../../../test/personas.ts';
import { startDuoStub, type DuoStub } from '../../../test/duo-stub.ts';

const PUBLIC_URL = 'http://vigil.test';
const app = { clientId: 'DIABCDEFGHIJKLMNOPQR', clientSecret: 'duo-client-secret-of-forty-characters-01' };

let duo: DuoStub;
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['as']>>;

beforeAll(async () => {
  duo = await startDuoStub({ apps: [app] });
  t = await testApp({ PUBLIC_URL, DUO_EXTRA_CA_FILE: duo.caFile });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t?.close();
  await duo?.close();
});

const useDuo = () =>
  admin('PUT', '/api/tenants/second-factor', {
    Method: 'duo',
    DuoClientId: app.clientId,
    DuoClientSecret: app.clientSecret,
    DuoApiHost: duo.apiHost,
  });

const password = (email = 'admin@acme.test') =>
  t.call('POST', '/api/UserAuth/Login', { body: { UserName: email, Password: TEST_PASSWORD } });

async function lastActivity() {
  const rows = await t.database.db.select().from(loginActivities);
  return rows.sort((a, b) => a.id - b.id).at(-1)!;
}

/** Password, then Duo's prompt: where Duo sends the browser back, and the challenge to finish with. */
async function toDuo() {
  const r = await password();
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const challenge = r.body as DuoChallenge;
  expect(challenge).toMatchObject({ duoRequired: true, Message: DuoMessages.required });
  const back = new URL(await duo.approve(challenge.duoUrl));
  return { challenge, back };
}

const finish = (body: Record<string, string | undefined>) => t.call('POST', '/api/UserAuth/duo', { body });

describe('the second-factor setting', () => {
  it('is the authenticator until an administrator picks Duo', async () => {
    const r = await admin('GET', '/api/tenants/second-factor');
    expect(r.body).toEqual({ Method: 'authenticator', DuoClientId: null, DuoApiHost: null, HasDuoClientSecret: false });
    const standard = await t.as('standard');
    expect((await standard('PUT', '/api/tenants/second-factor', { Method: 'authenticator' })).status).toBe(403);
  });

  it('refuses a malformed client id and an application Duo does not accept', async () => {
    const short = await admin('PUT', '/api/tenants/second-factor', {
      Method: 'duo',
      DuoClientId: 'DI123',
      DuoClientSecret: app.clientSecret,
      DuoApiHost: duo.apiHost,
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ statusCode: 400, Message: DuoMessages.clientIdLength });
    const wrong = await admin('PUT', '/api/tenants/second-factor', {
      Method: 'duo',
      DuoClientId: app.clientId,
      DuoClientSecret: 'x'.repeat(40),
      DuoApiHost: duo.apiHost,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Message).toBe(DuoMessages.unreachable('invalid_client: The client assertion is invalid.'));
  });

  it('saves Duo after its health check, with the secret sealed and never shown', async () => {
    const r = await useDuo();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      Method: 'duo',
      DuoClientId: app.clientId,
      DuoApiHost: duo.apiHost,
      HasDuoClientSecret: true,
    });
    expect(JSON.stringify(r.body)).not.toContain(app.clientSecret);
    const [row] = await t.database.db.select().from(tenantSecondFactors);
    expect(row.duoClientSecret).not.toContain(app.clientSecret);
    // Saved again without the secret, the stored one is kept.
    const again = await admin('PUT', '/api/tenants/second-factor', { Method: 'duo', DuoApiHost: duo.apiHost });
    expect(again.status).toBe(200);
    expect(again.body.HasDuoClientSecret).toBe(true);
  });
});

describe('signing in with Duo', () => {
  beforeAll(async () => {
    expect((await useDuo()).status).toBe(200);
  });

  it('sends the browser to Duo after the password, and issues the session on its answer', async () => {
    const { challenge, back } = await toDuo();
    expect(challenge.duoUrl.startsWith(`https://${duo.apiHost}/oauth/v1/authorize?`)).toBe(true);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/page/duo`);
    const r = await finish({
      state: back.searchParams.get('state')!,
      duo_code: back.searchParams.get('duo_code')!,
      challengeToken: challenge.challengeToken,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.accessToken).toBeTruthy();
    expect((await t.call('GET', '/api/user/profile', { token: r.body.accessToken })).status).toBe(200);
    expect(await lastActivity()).toMatchObject({
      success: true,
      reason: 'duo: signed in',
      userName: 'admin@acme.test',
    });
    expect(duo.exchanges.at(-1)).toBe('admin@acme.test');
    // The code works once.
    const replay = await finish({
      state: back.searchParams.get('state')!,
      duo_code: back.searchParams.get('duo_code')!,
      challengeToken: challenge.challengeToken,
    });
    expect(replay.status).toBe(401);
    expect(replay.body.Message).toBe(DuoMessages.failed);
  });

  it('refuses an answer whose state belongs to another sign-in', async () => {
    const first = await toDuo();
    const second = await toDuo();
    const r = await finish({
      state: first.back.searchParams.get('state')!,
      duo_code: first.back.searchParams.get('duo_code')!,
      challengeToken: second.challenge.challengeToken,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: 400, Message: DuoMessages.stateMismatch });
    expect(await lastActivity()).toMatchObject({ success: false, reason: 'duo: state mismatch' });
  });

  it('refuses an ID token that does not verify, and a denied push', async () => {
    duo.forgeTokens = true;
    try {
      const { challenge, back } = await toDuo();
      const r = await finish({
        state: back.searchParams.get('state')!,
        duo_code: back.searchParams.get('duo_code')!,
        challengeToken: challenge.challengeToken,
      });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ statusCode: 401, Message: DuoMessages.failed });
      const a = await lastActivity();
      expect(a.success).toBe(false);
      expect(a.reason).toContain('duo: verification failed: Error decoding JWT');
    } finally {
      duo.forgeTokens = false;
    }
    duo.decisions.set('admin@acme.test', 'deny');
    try {
      const { challenge, back } = await toDuo();
      const r = await finish({
        state: back.searchParams.get('state')!,
        duo_code: back.searchParams.get('duo_code')!,
        challengeToken: challenge.challengeToken,
      });
      expect(r.status).toBe(401);
      expect(await lastActivity()).toMatchObject({ success: false, reason: 'duo: deny' });
    } finally {
      duo.decisions.delete('admin@acme.test');
    }
  });

  it('refuses a challenge token of the authenticator step', async () => {
    const r = await finish({
      state: 'x'.repeat(43),
      duo_code: 'abc',
      challengeToken: await t.deps.tokens.signChallenge(1),
    });
    expect(r.status).toBe(401);
  });

  it('answers 502 when Duo is down, and nothing of Duo once the tenant is back on the authenticator', async () => {
    duo.down = true;
    try {
      const r = await password();
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ statusCode: 502, Message: DuoMessages.unavailable });
    } finally {
      duo.down = false;
    }
    const off = await admin('PUT', '/api/tenants/second-factor', { Method: 'authenticator' });
    expect(off.body.Method).toBe('authenticator');
    const r = await password();
    expect(r.status).toBe(200);
    expect(r.body.accessToken).toBeTruthy();
    const [acme] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
    expect(acme).toBeTruthy();
  });
});
