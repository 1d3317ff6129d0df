import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../test/harness.ts';
import { startListener, type Listener } from '../../test/listener.ts';
import { autotaskStubCredentials } from '../../test/psa-stubs/autotask.ts';
import { connectWiseStubCredentials } from '../../test/psa-stubs/connectwise.ts';
import { haloStubCredentials } from '../../test/psa-stubs/halo.ts';
import { kaseyaBmsStubCredentials } from '../../test/psa-stubs/kaseyabms.ts';
import { serviceNowStubCredentials } from '../../test/psa-stubs/servicenow.ts';
import { syncroStubCredentials } from '../../test/psa-stubs/syncro.ts';
import { homeTenantId } from '../modules/audit/test-data.ts';

/**
 * The outbound guard as a fresh deployment has it (no OUTBOUND_ALLOW_PRIVATE, no allow-list):
 * every setting a tenant can point at a server refuses loopback, private and link-local
 * addresses with a 400 naming the address and its range, saves nothing, and connects nowhere.
 */
let t: TestApp;
let listener: Listener;
let acmeId: number;

const LOOPBACK =
  /^The address 127\.0\.0\.1 is in a loopback range \(127\.0\.0\.0\/8\), which Vigil does not connect to\.$/;
const METADATA =
  /^The address 169\.254\.169\.254 is in a link-local range \(169\.254\.0\.0\/16\), which Vigil does not connect to\.$/;

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: number }>(sql, params)).rows[0].n);

beforeAll(async () => {
  t = await testApp({ OUTBOUND_ALLOW_PRIVATE: '' });
  listener = await startListener();
  acmeId = await homeTenantId(t);
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

describe('a fresh deployment', () => {
  it('does not allow private outbound connections', () => {
    expect(t.deps.config.OUTBOUND_ALLOW_PRIVATE).toBe(false);
    expect(t.deps.config.OUTBOUND_ALLOW_HOSTS).toEqual([]);
  });
});

describe('PSA integrations', () => {
  const cases: [string, string, Record<string, unknown>, RegExp][] = [
    ['syncromsp', 'Url', syncroStubCredentials('http://127.0.0.1:PORT/latest/meta-data/#'), LOOPBACK],
    ['syncromsp', 'Url', syncroStubCredentials('http://169.254.169.254/latest/meta-data/#'), METADATA],
    ['connectwise', 'Url', connectWiseStubCredentials('http://[::ffff:127.0.0.1]:PORT'), /127\.0\.0\.0\/8/],
    ['connectwise', 'Url', connectWiseStubCredentials('http://[::1]:PORT'), /^The address ::1 is in a loopback range/],
    [
      'autotask',
      'Url',
      autotaskStubCredentials('http://10.1.2.3'),
      /10\.1\.2\.3 is in a private range \(10\.0\.0\.0\/8\)/,
    ],
    ['kaseyabms', 'Url', kaseyaBmsStubCredentials('http://192.168.0.10'), /192\.168\.0\.0\/16/],
    ['servicenow', 'Url', serviceNowStubCredentials('http://localhost:PORT'), /^The host localhost resolves to /],
    [
      'halopsa',
      'AuthUrl',
      { ...haloStubCredentials('http://100.64.0.1'), AuthUrl: 'http://[fd00::1]/auth' },
      /unique-local range \(fc00::\/7\)/,
    ],
  ];

  it.each(cases)('%s with %s refused: no integration, no request', async (vendor, field, raw, message) => {
    const admin = await t.as('admin');
    const credentials = JSON.parse(JSON.stringify(raw).replaceAll('PORT', String(listener.port)));
    for (const path of [`/api/integration/crm/${vendor}`, `/api/integration/crm/${vendor}/validate`]) {
      const r = await admin('POST', path, { Name: 'Probe', Credentials: credentials });
      expect(r.status, path).toBe(400);
      const own = r.body.Errors.find((e: { Field: string }) => e.Field === `Credentials.${field}`);
      expect(own.Message).toMatch(message);
      expect(r.body).toMatchObject({ statusCode: 400, title: 'Bad Request' });
    }
    expect(await count('SELECT count(*)::int AS n FROM crm_integrations WHERE tenant_id = $1', [acmeId])).toBe(0);
    expect(listener.connections).toBe(0);
  });
});

describe('webhook ticket profiles', () => {
  const hook = (url: string) => ({ Name: 'Hook', Type: 3, GroupBy: 2, WebhookUrl: url, WebhookSecret: 'secret' });

  it.each([
    ['http://169.254.169.254/latest/meta-data/iam/', METADATA],
    ['http://127.0.0.1:PORT/hooks', LOOPBACK],
    ['http://[::ffff:7f00:1]:PORT/hooks', /loopback range \(127\.0\.0\.0\/8\)/],
    ['http://0.0.0.0:PORT/hooks', /unspecified range/],
  ])('refuses %s on create and on update', async (url, message) => {
    const standard = await t.as('standard');
    const target = url.replace('PORT', String(listener.port));
    const created = await standard('POST', '/api/ticket/profiles', hook(target));
    expect(created.status).toBe(400);
    expect(created.body.Errors).toEqual([{ Field: 'WebhookUrl', Message: expect.stringMatching(message) }]);
    expect(created.body.Message).toMatch(message);
    expect(await count("SELECT count(*)::int AS n FROM ticket_profiles WHERE name = 'Hook'")).toBe(0);

    // A name that does not resolve is left to delivery time; the update is refused the same way.
    const ok = await standard('POST', '/api/ticket/profiles', hook('https://hooks.vigil-outbound.invalid/x'));
    expect(ok.status).toBe(200);
    const updated = await standard('PUT', '/api/ticket/profiles', { ...hook(target), Id: ok.body.Id });
    expect(updated.status).toBe(400);
    expect(updated.body.Errors[0]).toEqual({ Field: 'WebhookUrl', Message: expect.stringMatching(message) });
    const stored = await t.database.query<{ settings: { WebhookUrl: string } }>(
      'SELECT settings FROM ticket_profiles WHERE id = $1',
      [ok.body.Id],
    );
    expect(stored.rows[0].settings.WebhookUrl).toBe('https://hooks.vigil-outbound.invalid/x');
    expect((await standard('DELETE', `/api/ticket/profiles/${ok.body.Id}`)).status).toBe(200);
    expect(listener.connections).toBe(0);
  });
});

describe('SMTP settings', () => {
  const smtp = (host: string, over: Record<string, unknown> = {}) => ({
    Host: host,
    Port: listener.port,
    Secure: false,
    UserName: 'probe',
    Password: 'probe',
    FromAddress: 'alerts@acme.test',
    FromName: null,
    IsDefault: true,
    ...over,
  });

  it.each([
    ['127.0.0.1', LOOPBACK],
    ['169.254.169.254', METADATA],
    ['localhost', /^The host localhost resolves to /],
    ['::ffff:10.0.0.1', /private range \(10\.0\.0\.0\/8\)/],
  ])('test and save refuse %s before connecting', async (host, message) => {
    const admin = await t.as('admin');
    const tested = await admin('POST', '/api/email-settings/test', smtp(host, { TestRecipient: 'tech@acme.test' }));
    expect(tested.status).toBe(400);
    expect(tested.body.Errors).toEqual([{ Field: 'Host', Message: expect.stringMatching(message) }]);
    const saved = await admin('POST', '/api/email-settings', smtp(host));
    expect(saved.status).toBe(400);
    expect(saved.body.Message).toMatch(message);
    expect(await count('SELECT count(*)::int AS n FROM email_settings WHERE tenant_id = $1', [acmeId])).toBe(0);
    expect(listener.connections).toBe(0);
  });
});

describe('IMAP mailboxes', () => {
  it.each([
    ['127.0.0.1', LOOPBACK],
    ['169.254.169.254', METADATA],
    ['172.20.0.5', /private range \(172\.16\.0\.0\/12\)/],
    ['localhost', /^The host localhost resolves to .*loopback range/],
  ])('refuses %s as a mailbox host and stores nothing', async (host, message) => {
    const root = await t.as('root');
    const r = await root('POST', '/api/admin/tenants/mailbox', {
      tenantId: acmeId,
      Email: 'probe@acme.test',
      Host: host,
      Port: listener.port,
      Secure: false,
      UserName: 'probe',
      Password: 'probe',
    });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual([{ Field: 'Host', Message: expect.stringMatching(message) }]);
    expect(await count("SELECT count(*)::int AS n FROM mailboxes WHERE email = 'probe@acme.test'")).toBe(0);
    expect(listener.connections).toBe(0);
  });
});
