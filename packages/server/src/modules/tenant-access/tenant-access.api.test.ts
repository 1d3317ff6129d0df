import nodemailer from 'nodemailer';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages, SsoPopupResult } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { ProviderBrowser, startOidcProvider, type OidcStub } from '../../../test/oidc-provider.ts';
import { TEST_PASSWORD } from '../../../test/personas.ts';
import { close, createSmtpServer, listen } from '../../intake/smtp.ts';
import { ScheduledReportService } from '../reports/scheduled.ts';
import { FLOW_COOKIE } from '../sso/flow.ts';

const PUBLIC_URL = 'http://vigil.test';
const google = { client_id: 'vigil-google.apps.example', client_secret: 'google-client-secret-value' };

let t: TestApp;
let idp: OidcStub;
let smtp: SMTPServer;
let smtpPort: number;
let otherId: number;
let acmeId: number;

beforeAll(async () => {
  idp = await startOidcProvider({
    clients: [{ ...google, redirect_uris: [`${PUBLIC_URL}/api/auth/oidc/google/callback`] }],
  });
  t = await testApp({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: google.client_id,
    GOOGLE_CLIENT_SECRET: google.client_secret,
    GOOGLE_ISSUER: idp.issuer,
  });
  const ids = await t.database.query<{ id: number; slug: string }>('SELECT id, slug FROM tenants');
  otherId = ids.rows.find((r) => r.slug === 'other')!.id;
  acmeId = ids.rows.find((r) => r.slug === 'acme')!.id;
  smtp = createSmtpServer({ ingest: t.deps.ingest, maxBytes: 1024 * 1024, log: t.app.log });
  smtpPort = await listen(smtp, 0, '127.0.0.1');
});
afterAll(async () => {
  if (smtp) await close(smtp);
  await t?.close();
  await idp?.close();
});

const signInWithPassword = (email: string) =>
  t.call('POST', '/api/UserAuth/Login', { body: { UserName: email, Password: TEST_PASSWORD } });

/** The Google popup from start to callback: what the callback page posts to the app. */
async function signInWithGoogle(login: string) {
  const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/google/start' });
  const cookie = new RegExp(`${FLOW_COOKIE}=([^;]+)`).exec([start.headers['set-cookie']].flat().join('\n'))![1];
  const back = new URL(await new ProviderBrowser().signIn(String(start.headers.location), login));
  const res = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: `${FLOW_COOKIE}=${cookie}` },
  });
  const json = /<script type="application\/json" id="sso-result">([\s\S]*?)<\/script>/.exec(res.body)![1];
  return { status: res.statusCode, result: SsoPopupResult.parse(JSON.parse(json)) };
}

async function lastActivity(email: string) {
  const r = await t.database.query<{ success: boolean; reason: string; tenant_id: number | null }>(
    'SELECT success, reason, tenant_id FROM login_activities WHERE user_name = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  return r.rows[0];
}

async function isEnabled(tenantId: number) {
  const r = await t.database.query<{ is_enabled: boolean }>('SELECT is_enabled FROM tenants WHERE id = $1', [tenantId]);
  return r.rows[0].is_enabled;
}

describe('a tenant switching itself', () => {
  it('may confirm it is on, but never switch itself off', async () => {
    const admin = await t.as('admin');
    const off = await admin('PUT', '/api/tenants/enable/false');
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ Message: ServerMessages.tenantSelfDisable, statusCode: 403 });
    expect(await isEnabled(acmeId)).toBe(true);
    // Still signed in and working.
    expect((await admin('GET', '/api/tenants/info')).body.IsEnabled).toBe(true);
    const on = await admin('PUT', '/api/tenants/enable/true');
    expect(on.status).toBe(200);
    expect(on.body.IsEnabled).toBe(true);
  });
});

describe('the platform switch', () => {
  it('is for platform administrators only; an unknown tenant is 404 and a bad flag 400', async () => {
    for (const persona of ['admin', 'standard', 'client', 'outsider'] as const) {
      const as = await t.as(persona);
      expect((await as('PUT', `/api/admin/tenants/${otherId}/enable/false`)).status).toBe(403);
      expect((await as('PUT', `/api/admin/tenants/${acmeId}/enable/false`)).status).toBe(403);
    }
    expect(await isEnabled(otherId)).toBe(true);
    expect(await isEnabled(acmeId)).toBe(true);
    const root = await t.as('root');
    const missing = await root('PUT', '/api/admin/tenants/987654/enable/false');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe(ServerMessages.notFound);
    const bad = await root('PUT', `/api/admin/tenants/${otherId}/enable/maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.statusCode).toBe(400);
    expect(await isEnabled(otherId)).toBe(true);
  });

  it('locks the tenant out: sessions end, sign-in is refused and recorded, other tenants carry on', async () => {
    const session = await t.login('outsider');
    const before = await t.call('GET', '/api/tenants/info', { token: session.accessToken });
    expect(before.status).toBe(200);

    const root = await t.as('root');
    const off = await root('PUT', `/api/admin/tenants/${otherId}/enable/false`);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ TenantId: otherId, IsEnabled: false });
    expect(off.body.SessionsEnded).toBeGreaterThanOrEqual(1);
    // The Admin Portal shows it.
    expect((await root('GET', `/api/admin/tenants/${otherId}/overview`)).body.IsEnabled).toBe(false);

    try {
      expect((await t.call('GET', '/api/tenants/info', { token: session.accessToken })).status).toBe(401);
      const refresh = await t.call('PUT', '/api/UserAuth/Login', { body: { refreshToken: session.refreshToken } });
      expect(refresh.status).toBe(401);

      const password = await signInWithPassword('outsider@other.test');
      expect(password.status).toBe(401);
      expect(password.body).toMatchObject({ Message: ServerMessages.tenantDisabled, statusCode: 401 });
      expect(password.body.accessToken).toBeUndefined();
      expect(await lastActivity('outsider@other.test')).toMatchObject({
        success: false,
        reason: 'tenant disabled',
        tenant_id: otherId,
      });

      // A wrong password still reads as a wrong password: the tenant's state is no hint to a guesser.
      const wrong = await t.call('POST', '/api/UserAuth/Login', {
        body: { UserName: 'outsider@other.test', Password: 'Wrong!Pass1' },
      });
      expect(wrong.body.Message).toBe(ServerMessages.invalidCredentials);

      const sso = await signInWithGoogle('outsider@other.test');
      expect(sso.status).toBe(401);
      expect(sso.result).toMatchObject({ outcome: 'error', Message: ServerMessages.tenantDisabled });
      expect(await lastActivity('outsider@other.test')).toMatchObject({
        success: false,
        reason: 'google: tenant disabled',
      });

      // Acme is untouched.
      expect((await signInWithPassword('admin@acme.test')).status).toBe(200);
    } finally {
      const on = await root('PUT', `/api/admin/tenants/${otherId}/enable/true`);
      expect(on.body).toMatchObject({ IsEnabled: true, SessionsEnded: 0 });
    }
    const again = await signInWithPassword('outsider@other.test');
    expect(again.status).toBe(200);
    expect(again.body.accessToken).toBeTruthy();
    expect((await signInWithGoogle('outsider@other.test')).result.outcome).toBe('tokens');
  });

  it('keeps storing the mail that arrives for a disabled tenant', async () => {
    const root = await t.as('root');
    await root('PUT', `/api/admin/tenants/${otherId}/enable/false`);
    try {
      const subject = `Stored while off ${Date.now()}`;
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
      });
      const info = await transport
        .sendMail({
          from: 'backup@other-client.test',
          to: 'other@inbound.localhost',
          subject,
          text: 'Job finished.',
        })
        .finally(() => transport.close());
      expect(info.accepted).toEqual(['other@inbound.localhost']);
      const stored = await t.database.query<{ tenant_id: number }>('SELECT tenant_id FROM emails WHERE subject = $1', [
        subject,
      ]);
      expect(stored.rows).toEqual([{ tenant_id: otherId }]);
    } finally {
      await root('PUT', `/api/admin/tenants/${otherId}/enable/true`);
    }
  });

  it("holds a disabled tenant's scheduled reports and sends them once it is enabled again", async () => {
    // Switching the tenant off ended its sessions: sign in afresh.
    const { accessToken } = await t.login('outsider');
    const outsider = (method: string, url: string, body?: unknown) => t.call(method, url, { token: accessToken, body });
    const created = await outsider('POST', '/api/reports/scheduled', {
      Name: 'Held while off',
      ReportType: 'BackupInventory',
      Format: 4,
      Weekdays: 127,
      Hour: new Date().getUTCHours(),
      Recipients: ['noc@other.test'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // Due now, whatever the tenant's time zone makes of the hour.
    await t.database.query("UPDATE scheduled_reports SET next_run_at = now() - interval '1 minute' WHERE id = $1", [
      created.body.Id,
    ]);
    const scheduler = new ScheduledReportService(t.deps);
    const runs = async () =>
      (
        await t.database.query<{ n: string }>(
          'SELECT count(*) AS n FROM scheduled_report_runs WHERE scheduled_report_id = $1',
          [created.body.Id],
        )
      ).rows[0].n;
    const root = await t.as('root');
    await root('PUT', `/api/admin/tenants/${otherId}/enable/false`);
    try {
      await scheduler.runDue();
      expect(Number(await runs())).toBe(0);
    } finally {
      await root('PUT', `/api/admin/tenants/${otherId}/enable/true`);
    }
    await scheduler.runDue();
    expect(Number(await runs())).toBe(1);
  });
});
