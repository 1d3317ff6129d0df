import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

// Two deployments on one machine as two regions: `us` keeps the shared sign-in directory and
// listens on a real port; `eu` registers its users there and asks it when routing a sign-in.
const SECRET = 'region-secret-shared-by-us-and-eu-0123456789';
const REGIONS = 'us=http://us.vigil.test,eu=http://eu.vigil.test';
const EU_EMAIL = 'Ines.Dupont@eu-client.test';
const PASSWORD = 'Eu-Region!Pass1';

let us: TestApp;
let eu: TestApp;
let usUrl: string;

beforeAll(async () => {
  us = await testApp({ REGION: 'us', REGIONS, REGION_DIRECTORY_SECRET: SECRET });
  await us.app.listen({ port: 0, host: '127.0.0.1' });
  usUrl = `http://127.0.0.1:${(us.app.server.address() as AddressInfo).port}`;
  // The us region registers first, so the accounts both test databases share are homed in us.
  await us.deps.regions.sync();
  eu = await testApp({ REGION: 'eu', REGIONS, REGION_DIRECTORY_URL: usUrl, REGION_DIRECTORY_SECRET: SECRET });
  // A user and a tenant that exist only in the eu region.
  const tenant = await eu.database.query<{ id: number }>(
    `INSERT INTO tenants (name, slug) VALUES ('Lyon Backup Services', 'lyon-backup') RETURNING id`,
  );
  await eu.database.query(
    `INSERT INTO users (tenant_id, email, first_name, last_name, level, password_hash, email_confirmed)
     VALUES ($1, $2, 'Inès', 'Dupont', 1, $3, true)`,
    [tenant.rows[0].id, EU_EMAIL.toLowerCase(), await hashPassword(PASSWORD)],
  );
}, 120_000);

afterAll(async () => {
  await eu?.close();
  await us?.close();
});

const route = (t: TestApp, query = '') => t.call('GET', `/api/UserAuth/Login${query}`);

describe('regional router', () => {
  it('names its own region and lists every region when asked without an account', async () => {
    const r = await route(us);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      Region: 'us',
      Url: 'http://us.vigil.test',
      Redirect: false,
      Regions: [
        { Name: 'us', Url: 'http://us.vigil.test' },
        { Name: 'eu', Url: 'http://eu.vigil.test' },
      ],
    });
  });

  it('sends a user of the second region who starts at the first to the second, where they sign in', async () => {
    const before = await route(us, `?UserName=${encodeURIComponent(EU_EMAIL)}`);
    expect(before.body).toMatchObject({ Region: 'us', Redirect: false });

    // Only the eu user and the eu tenant are new to the directory.
    expect(await eu.deps.regions.sync()).toEqual({ Added: 2, Removed: 0 });
    const asked = await route(us, `?UserName=${encodeURIComponent(` ${EU_EMAIL.toUpperCase()} `)}`);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ Region: 'eu', Url: 'http://eu.vigil.test', Redirect: true });
    const byTenant = await route(us, '?Tenant=lyon-backup');
    expect(byTenant.body).toMatchObject({ Region: 'eu', Redirect: true });

    // At home the router keeps the user where they are, and the password works there only.
    expect((await route(eu, `?UserName=${encodeURIComponent(EU_EMAIL)}`)).body).toMatchObject({
      Region: 'eu',
      Redirect: false,
    });
    const signIn = { body: { UserName: EU_EMAIL, Password: PASSWORD } };
    const atHome = await eu.call('POST', '/api/UserAuth/Login', signIn);
    expect(atHome.status).toBe(200);
    expect(atHome.body.accessToken).toEqual(expect.any(String));
    expect((await us.call('POST', '/api/UserAuth/Login', signIn)).status).toBe(401);
  });

  it('keeps an address with the region that registered it first', async () => {
    const shared = `?UserName=${encodeURIComponent('admin@acme.test')}`;
    expect((await route(us, shared)).body).toMatchObject({ Region: 'us', Redirect: false });
    expect((await route(eu, shared)).body).toMatchObject({ Region: 'us', Url: 'http://us.vigil.test', Redirect: true });
  });

  it('keeps no personal data of the other region: the directory holds keyed hashes only', async () => {
    const users = await us.database.query('SELECT 1 FROM users WHERE lower(email) = $1', [EU_EMAIL.toLowerCase()]);
    expect(users.rows).toHaveLength(0);
    const entries = await us.database.query<{ key: string; region: string }>(
      `SELECT key, region FROM region_directory WHERE region = 'eu'`,
    );
    expect(entries.rows.length).toBeGreaterThan(1);
    for (const e of entries.rows) expect(e.key).toMatch(/^[0-9a-f]{64}$/);
    const text = JSON.stringify(entries.rows).toLowerCase();
    expect(text).not.toContain('dupont');
    expect(text).not.toContain('lyon');
  });

  it('a second sync sends nothing; a removed user stops being routed away', async () => {
    expect(await eu.deps.regions.sync()).toEqual({ Added: 0, Removed: 0 });
    await eu.database.query('DELETE FROM users WHERE email = $1', [EU_EMAIL.toLowerCase()]);
    expect(await eu.deps.regions.sync()).toEqual({ Added: 0, Removed: 1 });
    expect((await route(us, `?UserName=${encodeURIComponent(EU_EMAIL)}`)).body).toMatchObject({
      Region: 'us',
      Redirect: false,
    });
  });

  it('opens the directory only to the regions, with their secret, and only where it is kept', async () => {
    const key = 'a'.repeat(64);
    expect((await us.call('GET', `/api/regions/directory/${key}`)).status).toBe(401);
    const wrong = await us.call('GET', `/api/regions/directory/${key}`, {
      headers: { authorization: 'Bearer not-the-secret-of-the-regions-0123456789' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ statusCode: 401, Message: 'The region secret is not valid.' });
    const auth = { authorization: `Bearer ${SECRET}` };
    expect((await us.call('GET', `/api/regions/directory/${key}`, { headers: auth })).status).toBe(404);
    const unknown = await us.call('POST', '/api/regions/directory', {
      headers: auth,
      body: { Region: 'apac', Add: [key], Remove: [] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.Message).toBe('Unknown region apac.');
    const bad = await us.call('POST', '/api/regions/directory', {
      headers: auth,
      body: { Region: 'eu', Add: ['x'], Remove: [] },
    });
    expect(bad.status).toBe(400);
    // The eu deployment does not keep the directory.
    expect((await eu.call('GET', `/api/regions/directory/${key}`, { headers: auth })).status).toBe(404);
  });

  it('signs in where the user is when the directory cannot be reached', async () => {
    const lost = await testApp({
      REGION: 'eu',
      REGIONS,
      REGION_DIRECTORY_URL: 'http://127.0.0.1:9',
      REGION_DIRECTORY_SECRET: SECRET,
    });
    try {
      const r = await route(lost, '?UserName=someone%40example.test');
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ Region: 'eu', Redirect: false });
    } finally {
      await lost.close();
    }
  });
});
