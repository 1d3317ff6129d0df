import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { personaEmail, TEST_PASSWORD, type PersonaName } from '../../test/personas.ts';
import { operations, variants, type Operation, type Variant } from '../../test/fuzz-inputs.ts';

/**
 * Every operation of the API — from the OpenAPI document, and the routes it hides (webhooks,
 * browser redirects) — gets malformed input as every role: wrong types, NUL bytes, 1 MB strings,
 * 5,000-deep nesting, huge and negative numbers, missing and extra fields, broken JSON, the wrong
 * content type, odd path ids. Nothing may answer 5xx, and the server must still be healthy after.
 */
let t: TestApp;
let ops: Operation[];

/** Signed in last: the platform root can switch tenants off, which would end the others' runs. */
const ALL_ROLES: (PersonaName | null)[] = [null, 'client', 'standard', 'outsider', 'admin', 'root'];
/**
 * `npm test` runs the API suite on both databases: each run sweeps half of the roles, so every
 * operation, role and input is sent once per run of the two, and both drivers' error paths see
 * malformed input. FUZZ_ALL_ROLES=1 sweeps every role on one database.
 */
const SHARE: Record<'pglite' | 'postgres', (PersonaName | null)[]> = {
  pglite: [null, 'standard', 'root'],
  postgres: ['client', 'outsider', 'admin'],
};
const ROLES = process.env.FUZZ_ALL_ROLES === '1' ? ALL_ROLES : SHARE[inject('testDb').kind];
const RICH = new Set<PersonaName | null>([null, 'admin', 'root']);

let sent = 0;
const byClass = new Map<string, number>();
const offenders: string[] = [];
const tokens = new Map<PersonaName, string>();

/** Each request from its own address, so per-address rate limits do not hide the handlers. */
let address = 0;
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

async function signIn(persona: PersonaName): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/UserAuth/Login',
    remoteAddress: nextAddress(),
    payload: { UserName: personaEmail[persona], Password: TEST_PASSWORD },
  });
  const token = (res.json() as { accessToken?: string }).accessToken;
  if (!token) throw new Error(`${persona} can no longer sign in: ${res.statusCode} ${res.body}`);
  tokens.set(persona, token);
  return token;
}

/** A 401 may be the operation's own answer (a wrong current password) or an ended session. */
async function stillSignedIn(persona: PersonaName): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/profile',
    headers: { authorization: `Bearer ${tokens.get(persona)}` },
  });
  return res.statusCode === 200;
}

async function send(op: Operation, v: Variant, persona: PersonaName | null): Promise<number> {
  const headers: Record<string, string> = {};
  if (persona) headers.authorization = `Bearer ${tokens.get(persona) ?? (await signIn(persona))}`;
  if (v.payload !== undefined) headers['content-type'] = v.contentType ?? 'application/json';
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: v.url,
    headers,
    payload: v.payload,
    remoteAddress: nextAddress(),
  });
  sent++;
  for (const key of [`${String(res.statusCode)[0]}xx`, String(res.statusCode)])
    byClass.set(key, (byClass.get(key) ?? 0) + 1);
  if (res.statusCode >= 500)
    offenders.push(
      `${op.method} ${op.url} [${v.kind}] as ${persona ?? 'nobody'} → ${res.statusCode} ${res.body.slice(0, 300)}`,
    );
  return res.statusCode;
}

beforeAll(async () => {
  t = await testApp();
  ops = operations(t.app.swagger() as never, t.routes);
});
afterAll(async () => {
  await t?.close();
});

describe('strings PostgreSQL cannot store', () => {
  it('are refused with 400 naming the field, before sign-in and before any SQL', async () => {
    const login = await t.call('POST', '/api/UserAuth/Login', { body: { UserName: 'a\u0000b', Password: 'x' } });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ statusCode: 400, title: 'Bad Request', Errors: [{ Field: 'UserName' }] });
    const reset = await t.call('POST', '/api/user/reset-password', { body: { Email: 'a\uD800@b.test' } });
    expect(reset.status).toBe(400);
    const admin = await t.as('admin');
    const nested = await admin('POST', '/api/company/list', { Name: 'x', Extra: { Deep: ['ok', 'a\u0000'] } });
    expect(nested.status).toBe(400);
    expect(nested.body.Errors[0].Field).toBe('Extra.Deep.1');
    const query = await admin('GET', '/api/tenant/processed-emails?search=a%00b');
    expect(query.status).toBe(400);
    expect(query.body.Errors[0].Field).toBe('search');
    const param = await admin('GET', '/api/group/1%00');
    expect(param.status).toBe(400);
  });

  it('nesting past any real request is refused, not walked', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const r = await t.call('POST', '/api/UserAuth/Login', { rawBody: deep });
    expect(r.status).toBe(400);
    expect(r.body.statusCode).toBe(400);
  });

  it('a value out of the database column range is a 400, not a 500', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', '/api/group/9007199254740991');
    expect(r.status).toBeLessThan(500);
    expect(r.status).toBeGreaterThanOrEqual(400);
  });
});

describe('the API under malformed input', () => {
  it(
    "never answers 5xx, for any operation or kind of input, as this database run's roles",
    { timeout: 600_000 },
    async () => {
      const started = Date.now();
      let seed = 0;
      for (const persona of ROLES) {
        const mine = ops.filter((op) => (persona === null ? op.isPublic : !op.isPublic || persona === 'admin'));
        for (const op of mine) {
          for (const v of variants(op, RICH.has(persona), seed++)) {
            const status = await send(op, v, persona);
            // A variant that ended the session (logout, a revoked token): sign in again and go on.
            if (status === 401 && persona && !(await stillSignedIn(persona))) await signIn(persona);
          }
        }
      }
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      const classes = [...byClass.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, n]) => `${k}: ${n}`);
      console.log(
        `fuzz as ${ROLES.map((r) => r ?? 'nobody').join(', ')}: ${ops.length} operations (${ops.filter((o) => !o.documented).length} not in the OpenAPI document), ` +
          `${sent} requests in ${Math.round((Date.now() - started) / 1000)} s; ${classes.join(', ')}; 5xx: ${offenders.length}`,
      );
      expect(offenders, `5xx answers:\n${offenders.join('\n')}`).toEqual([]);
      expect(health.statusCode).toBe(200);
    },
  );
});
