import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages, UserLevel } from '@vigil/contract';
import { users } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { personaEmail, TEST_PASSWORD } from '../../../test/personas.ts';

let t: TestApp;
let tenantId: number;
let passwordHash: string;
let serial = 0;

beforeAll(async () => {
  t = await testApp();
  const r = await t.database.query<{ tenant_id: number }>('SELECT tenant_id FROM users WHERE email = $1', [
    personaEmail.admin,
  ]);
  tenantId = r.rows[0].tenant_id;
  passwordHash = await hashPassword(TEST_PASSWORD);
});
afterAll(async () => t.close());

interface Sent {
  status: number;
  body: any;
}

/** A request from a given client address (the socket's), so tests do not share a rate-limit bucket. */
async function send(
  app: TestApp,
  method: string,
  url: string,
  opts: { ip?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.app.inject({
    method: method as 'GET',
    url,
    headers,
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

const login = (email: string, password: string, ip?: string, app = t) =>
  send(app, 'POST', '/api/UserAuth/Login', { ip, body: { UserName: email, Password: password } });

/** A user of its own per test, so a lockout or a changed password touches no other test. */
async function freshUser(): Promise<string> {
  return (await freshUserRow()).email;
}

async function freshUserRow(): Promise<{ id: number; email: string }> {
  const email = `hardening-${++serial}@acme.test`;
  const [row] = await t.database.db
    .insert(users)
    .values({ tenantId, email, level: UserLevel.Standard, passwordHash })
    .returning({ id: users.id });
  return { id: row.id, email };
}

async function signIn(email: string, password = TEST_PASSWORD) {
  const r = await login(email, password);
  expect(r.status).toBe(200);
  return r.body as { accessToken: string; refreshToken: string };
}

/** The newest sign-in attempts as a platform administrator sees them. */
async function activity(app: TestApp = t): Promise<{ UserName: string; Ip: string; Reason: string }[]> {
  const r = await (await app.as('root'))('GET', '/api/UserActivity/GetUserActivity/1');
  expect(r.status).toBe(200);
  return r.body.Results;
}

describe('client address behind proxies', () => {
  it('a rotating X-Forwarded-For does not escape the per-address sign-in limit, and the log keeps the socket address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 31; i++) {
      const r = await login('ghost-proxy@acme.test', 'Wrong!Pass1', '203.0.113.7', t);
      statuses.push(r.status);
      if (r.status === 429) break;
    }
    // Sent from elsewhere with forged headers, the thirty-first attempt of one address is refused.
    const forged = await send(t, 'POST', '/api/UserAuth/Login', {
      ip: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.99' },
      body: { UserName: 'ghost-proxy@acme.test', Password: 'Wrong!Pass1' },
    });
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(forged.status).toBe(429);

    const rotated: number[] = [];
    for (let i = 1; i <= 31; i++) {
      const r = await send(t, 'POST', '/api/UserAuth/Login', {
        ip: '203.0.113.8',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        body: { UserName: 'ghost-rotate@acme.test', Password: 'Wrong!Pass1' },
      });
      rotated.push(r.status);
    }
    expect(rotated.filter((s) => s === 429).length).toBeGreaterThan(0);
    const rows = (await activity()).filter((a) => a.UserName === 'ghost-rotate@acme.test');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((a) => a.Ip))).toEqual(new Set(['203.0.113.8']));
  });

  it('with TRUST_PROXY naming the proxy, its forwarded address is the client; from anyone else it is ignored', async () => {
    const proxied = await testApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      await login('ghost-a@acme.test', 'Wrong!Pass1', undefined, proxied);
      await send(proxied, 'POST', '/api/UserAuth/Login', {
        headers: { 'x-forwarded-for': '192.0.2.44' },
        body: { UserName: 'ghost-b@acme.test', Password: 'Wrong!Pass1' },
      });
      await send(proxied, 'POST', '/api/UserAuth/Login', {
        ip: '203.0.113.9',
        headers: { 'x-forwarded-for': '192.0.2.45' },
        body: { UserName: 'ghost-c@acme.test', Password: 'Wrong!Pass1' },
      });
      const ipOf = new Map((await activity(proxied)).map((a) => [a.UserName, a.Ip]));
      expect(ipOf.get('ghost-a@acme.test')).toBe('127.0.0.1');
      expect(ipOf.get('ghost-b@acme.test')).toBe('192.0.2.44');
      expect(ipOf.get('ghost-c@acme.test')).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});

describe('parallel wrong passwords', () => {
  it('twenty-five at once check at most five passwords; the rest, and then the right one, meet the lockout', async () => {
    const email = await freshUser();
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(email, 'Wrong!Pass1', '198.51.100.200')));
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + refused.length).toBe(25);
    for (const r of refused) expect(r.body.Message).toBe(ServerMessages.tooManyAttempts);

    const right = await login(email, TEST_PASSWORD, '198.51.100.201');
    expect(right.status).toBe(429);
    expect(right.body.Message).toBe(ServerMessages.tooManyAttempts);
    const mine = (await activity()).filter((a) => a.UserName === email);
    expect(mine.filter((a) => a.Reason === 'wrong password').length).toBeLessThanOrEqual(5);
  });
});

describe('access tokens of another algorithm', () => {
  const forge = (token: string, header: object) => {
    const [, payload] = token.split('.');
    return `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${payload}.${Buffer.from('x'.repeat(64)).toString('base64url')}`;
  };

  it.each([
    ['RS256', { alg: 'RS256', typ: 'JWT' }],
    ['ES256', { alg: 'ES256', typ: 'JWT' }],
    ['PS256', { alg: 'PS256', typ: 'JWT' }],
    ['none', { alg: 'none', typ: 'JWT' }],
  ])('a token whose header says %s gets 401 in the error format', async (_name, header) => {
    const token = forge(await t.token('standard'), header);
    const r = await send(t, 'GET', '/api/user/authorized', { token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ statusCode: 401 });
  });
});

describe('ending sessions', () => {
  it('a password change ends every other session at once; the session that changed it goes on', async () => {
    const email = await freshUser();
    const other = await signIn(email);
    const mine = await signIn(email);
    expect((await send(t, 'GET', '/api/user/authorized', { token: other.accessToken })).status).toBe(200);

    const changed = await send(t, 'POST', '/api/user/change-password', {
      token: mine.accessToken,
      body: { OldPassword: TEST_PASSWORD, NewPassword: 'Changed!Pass2', ConfirmPassword: 'Changed!Pass2' },
    });
    expect(changed.status).toBe(200);
    expect((await send(t, 'GET', '/api/user/authorized', { token: other.accessToken })).status).toBe(401);
    const refresh = (refreshToken: string) => send(t, 'PUT', '/api/UserAuth/Login', { body: { refreshToken } });
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await send(t, 'GET', '/api/user/authorized', { token: mine.accessToken })).status).toBe(200);
    expect((await refresh(mine.refreshToken)).status).toBe(200);
    expect((await login(email, 'Changed!Pass2')).status).toBe(200);
  });

  it('signing out ends the access token of that session, and only that session', async () => {
    const email = await freshUser();
    const kept = await signIn(email);
    const pair = await signIn(email);
    const out = await send(t, 'POST', '/api/UserAuth/logout', {
      token: pair.accessToken,
      body: { refreshToken: pair.refreshToken },
    });
    expect(out.status).toBe(200);
    expect((await send(t, 'GET', '/api/user/authorized', { token: pair.accessToken })).status).toBe(401);
    expect((await send(t, 'GET', '/api/user/authorized', { token: kept.accessToken })).status).toBe(200);
  });

  it('an administrator requiring two-factor sign-in ends the access tokens of the user at once', async () => {
    const user = await freshUserRow();
    const pair = await signIn(user.email);
    const asked = await (await t.as('admin'))('POST', '/api/user/enable-two-factor', { Ids: [user.id] });
    expect(asked.status).toBe(200);
    expect((await send(t, 'GET', '/api/user/authorized', { token: pair.accessToken })).status).toBe(401);
  });

  it('a password reset ends the access tokens of every session', async () => {
    const email = await freshUser();
    const pair = await signIn(email);
    const token = await resetLink(email);
    const set = await send(t, 'POST', '/api/user/set-password', {
      body: { Token: token, Password: 'Reset!Pass2', ConfirmPassword: 'Reset!Pass2' },
    });
    expect(set.status).toBe(200);
    expect((await send(t, 'GET', '/api/user/authorized', { token: pair.accessToken })).status).toBe(401);
  });
});

/** Asks for a reset link and reads it from the e-mail sent (the outbox, as a platform administrator). */
async function resetLink(email: string): Promise<string> {
  const asked = await send(t, 'POST', '/api/user/reset-password', { body: { Email: email } });
  expect(asked.status).toBe(200);
  const mail = await (await t.as('root'))('GET', `/api/admin/outbox?to=${encodeURIComponent(email)}`);
  return /\/page\/setPassword\/([\w-]+)/.exec(mail.body[0].Text)![1];
}

describe('reset links', () => {
  const setPassword = (Token: string, Password: string) =>
    send(t, 'POST', '/api/user/set-password', { body: { Token, Password, ConfirmPassword: Password } });
  const valid = async (Token: string) =>
    (await send(t, 'POST', '/api/user/validate-token', { body: { Token } })).status === 200;

  it('using a newer link kills the older one', async () => {
    const email = await freshUser();
    const a = await resetLink(email);
    const b = await resetLink(email);
    expect(a).not.toBe(b);
    expect((await setPassword(b, 'Newer!Pass2')).status).toBe(200);
    expect(await valid(a)).toBe(false);
    const old = await setPassword(a, 'Older!Pass3');
    expect(old.status).toBe(400);
    expect(old.body.Message).toBe(ServerMessages.resetLinkInvalid);
    expect((await login(email, 'Newer!Pass2')).status).toBe(200);
  });

  it('changing the password kills every outstanding link', async () => {
    const email = await freshUser();
    const link = await resetLink(email);
    const { accessToken } = await signIn(email);
    const changed = await send(t, 'POST', '/api/user/change-password', {
      token: accessToken,
      body: { OldPassword: TEST_PASSWORD, NewPassword: 'Changed!Pass2', ConfirmPassword: 'Changed!Pass2' },
    });
    expect(changed.status).toBe(200);
    expect(await valid(link)).toBe(false);
    expect((await setPassword(link, 'Linked!Pass3')).status).toBe(400);
  });
});

describe('current-password guesses with a session', () => {
  it.each([
    [
      'POST',
      '/api/user/change-password',
      (p: string) => ({ OldPassword: p, NewPassword: 'Next!Pass2', ConfirmPassword: 'Next!Pass2' }),
    ],
    ['DELETE', '/api/user/mfa', (p: string) => ({ Password: p })],
  ])(
    '%s %s: five wrong passwords, then 429 even for the right one; each is in the login log',
    async (method, url, body) => {
      const email = await freshUser();
      const { accessToken } = await signIn(email);
      for (let i = 0; i < 5; i++) {
        const wrong = await send(t, method, url, { token: accessToken, body: body(`Wrong!Pass${i}`) });
        expect(wrong.status).toBe(400);
        expect(wrong.body.Message).toBe(ServerMessages.oldPasswordWrong);
      }
      const sixth = await send(t, method, url, { token: accessToken, body: body('Wrong!Pass9') });
      expect(sixth.status).toBe(429);
      expect(sixth.body.Message).toBe(ServerMessages.tooManyAttempts);
      expect((await send(t, method, url, { token: accessToken, body: body(TEST_PASSWORD) })).status).toBe(429);
      const logged = (await activity()).filter((a) => a.UserName === email && a.Reason.startsWith('wrong password'));
      expect(logged).toHaveLength(5);
    },
  );
});
