import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDemoLoading } from '../../platform/startup.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('health and discovery', () => {
  it('health answers 200 with the database state, without a token', async () => {
    const r = await t.call('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Status: 'ok', DatabaseOk: true });
    expect(['pglite', 'postgres']).toContain(r.body.Database);
  });

  it('answers while the demo history loads behind it: health shows the progress, ready waits for it', async () => {
    const before = await t.call('GET', '/api/health/ready');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ Ready: true, Message: 'Ready.' });
    setDemoLoading({ loading: true, sent: 1200, total: 5400 });
    try {
      const health = await t.call('GET', '/api/health');
      expect(health.status).toBe(200);
      expect(health.body.DemoLoading).toEqual({ Sent: 1200, Total: 5400 });
      const ready = await t.call('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ Ready: false, Message: 'Loading the demo: 1200 of 5400 e-mails.' });
    } finally {
      setDemoLoading({ loading: false });
    }
    const after = await t.call('GET', '/api/health');
    expect(after.body.DemoLoading).toBeUndefined();
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const r = await t.call('GET', '/api/docs/json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    expect(r.body.paths['/api/UserAuth/Login'].post.requestBody).toBeTruthy();
    const documented = t.routes.filter((x) => !x.hidden).map((x) => x.url.replace(/:(\w+)/g, '{$1}'));
    expect(Object.keys(r.body.paths).sort()).toEqual([...new Set(documented)].sort());
    // Only browser redirects, webhooks, the WebSocket and the calls regions make to each other are left out.
    expect(
      t.routes
        .filter((x) => x.hidden)
        .map((x) => x.url)
        .sort(),
    ).toEqual([
      '/api/auth/oidc/:provider/callback',
      '/api/auth/oidc/:provider/start',
      '/api/billing/stripe/webhook',
      '/api/realtime',
      '/api/regions/directory',
      '/api/regions/directory/:key',
      '/api/scalepad/start/:intent',
    ]);
  });

  it('answers an unknown API path with 404 in the error format', async () => {
    const r = await t.call('GET', '/api/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ Message: 'Not found', title: 'Not Found', statusCode: 404 });
  });

  it('gives a signed-in tenant user the tenant settings with date formats and flags', async () => {
    const r = await (await t.as('standard'))('GET', '/api/common/settings');
    expect(r.body).toMatchObject({
      TenantName: 'Acme MSP',
      EmailDomain: 'acme@inbound.localhost',
      DateTimeFormat: { DateFormat: 'MM/DD/yyyy', TimeFormat: 'hh:mm A', DateTimeFormat: 'MM/DD/yyyy hh:mm A' },
    });
    expect(r.body.FeatureFlags.brWindowsManager).toBe(true);
  });
});
