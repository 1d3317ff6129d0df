import { afterAll, beforeAll, expect } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

export let t: TestApp;
export let homeId: number;
export let contoso: number;
export let fabrikam: number;
export let northwind: number;
export const { yesterday: Y } = clock();
export const NEW_PASSWORD = 'Fresh!Pass7';

export type Call = Awaited<ReturnType<TestApp['as']>>;

/** The set-password token of the last e-mail sent to an address (the outbox holds every message). */
export async function linkTokenFor(email: string): Promise<string> {
  const r = await t.database.query<{ text: string }>(
    'SELECT text FROM outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  const m = /\/page\/setPassword\/([A-Za-z0-9_-]+)/.exec(r.rows[0]?.text ?? '');
  if (!m) throw new Error(`no set-password link for ${email}`);
  return m[1];
}

/** Signs in as a user created in this file, after choosing its password from the e-mailed link. */
/**
 * A new session of the standard persona: requiring two-factor sign-in (below) ends its sessions,
 * the file's cached token with them.
 */
export async function standardSession(): Promise<Call> {
  const { accessToken } = await t.login('standard');
  return (method, url, body) => t.call(method, url, { token: accessToken, body });
}

export async function signInAs(email: string): Promise<Call> {
  const token = await linkTokenFor(email);
  const set = await t.call('POST', '/api/user/set-password', {
    body: { Token: token, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const login = await t.call<{ accessToken: string }>('POST', '/api/UserAuth/Login', {
    body: { UserName: email, Password: NEW_PASSWORD },
  });
  expect(login.status).toBe(200);
  const access = login.body.accessToken;
  return (method, url, body) => t.call(method, url, { token: access, body });
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpUserManagementSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    homeId = await homeTenantId(t);
    await setTimeZone(t, homeId, 'UTC');
    await sendCsv(t, homeId, [
      { device: 'srv-a', status: 'Success', at: at(Y, 1) },
      { device: 'srv-b', status: 'Failed', at: at(Y, 2) },
      { device: 'srv-c', status: 'Warning', at: at(Y, 3) },
      { device: 'srv-d', status: 'Success', at: at(Y, 4) },
    ]);
    const ids = await backupIds(t, homeId);
    await activate(t, homeId, Object.values(ids));
    contoso = await addCompany(t, homeId, 'Contoso', [ids['srv-a']]);
    fabrikam = await addCompany(t, homeId, 'Fabrikam', [ids['srv-b']]);
    northwind = await addCompany(t, homeId, 'Northwind', [ids['srv-c']]);
  });
  afterAll(async () => t.close());
}
