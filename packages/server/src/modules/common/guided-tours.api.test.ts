import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';

/** The guided tours a user dismissed (kept per user), and the settings the shell reads for links and guidance. */
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  t = await testApp({
    PRODUCT_IDEAS_URL: 'https://ideas.example.com/',
    PRODUCT_UPDATES_URL: 'https://updates.example.com/',
    GUIDANCE_APP_KEY: 'NX-123',
  });
  plain = await testApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

describe('guided tours', () => {
  it('starts empty, remembers dismissed tours per user and refuses unknown tours', async () => {
    const admin = await t.as('admin');
    const standard = await t.as('standard');
    expect((await admin('GET', '/api/account/guided-tours')).body).toEqual({ Dismissed: [] });
    const put = await admin('PUT', '/api/account/guided-tours', { Dismissed: ['home', 'audit', 'home'] });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ Dismissed: ['home', 'audit'] });
    expect((await admin('GET', '/api/account/guided-tours')).body).toEqual({ Dismissed: ['home', 'audit'] });
    expect((await standard('GET', '/api/account/guided-tours')).body).toEqual({ Dismissed: [] });
    expect((await admin('PUT', '/api/account/guided-tours', { Dismissed: ['nope'] })).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await t.call('GET', '/api/account/guided-tours')).status).toBe(401);
  });
});

describe('common settings: menu links and guidance', () => {
  it('carries the configured links and the guidance tool with region us', async () => {
    const body = (await (await t.as('admin'))('GET', '/api/common/settings')).body;
    expect(body).toMatchObject({
      ProductIdeasUrl: 'https://ideas.example.com/',
      ProductUpdatesUrl: 'https://updates.example.com/',
      Guidance: { AppKey: 'NX-123', Region: 'us' },
    });
  });

  it('leaves them null when unset', async () => {
    const body = (await (await plain.as('admin'))('GET', '/api/common/settings')).body;
    expect(body).toMatchObject({ ProductIdeasUrl: null, ProductUpdatesUrl: null, Guidance: null });
  });
});
