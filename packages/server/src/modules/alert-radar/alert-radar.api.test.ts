import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import type { SMTPServer } from 'smtp-server';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { close, createSmtpServer, listen } from '../../intake/smtp.ts';
import { enableFlagForTenant } from '../admin-portal/flags-service.ts';

/** Alert Radar (platform §7): the alert address over SMTP, the list, one e-mail, reanalysis, feedback. */
let t: TestApp;
let server: SMTPServer;
let port: number;
let acmeId: number;
let otherId: number;

const alertMail = (subject: string, body: string, to = 'acme-alerts@inbound.localhost', date = new Date()) =>
  [
    'From: Monitor <monitor@northwind.example>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@alerts.test>`,
    `Date: ${date.toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');

function send(to: string, raw: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return transport
    .sendMail({ envelope: { from: 'monitor@northwind.example', to: [to] }, raw })
    .finally(() => transport.close());
}

const RAID = alertMail(
  'RAID array degraded on FS-NAS01',
  'Critical alert from FS-NAS01.\nStatus: Degraded\nVolume: Volume 1\nDisk 3 has failed. Replace the disk as soon as possible.',
);

async function list(body: Record<string, unknown> = {}, persona: 'admin' | 'standard' | 'outsider' = 'admin') {
  return (await t.as(persona))('POST', '/api/alert-radar/alert-emails', body);
}

async function poll(instanceId: string) {
  const admin = await t.as('admin');
  for (let i = 0; i < 100; i++) {
    const r = await admin('GET', `/api/alert-radar/reparse/${instanceId}`);
    expect(r.status).toBe(200);
    if (r.body.runtimeStatus === 'Completed') return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('the reanalysis did not complete');
}

beforeAll(async () => {
  t = await testApp();
  server = createSmtpServer({ ingest: t.deps.ingest, maxBytes: 1024 * 1024, log: t.app.log });
  port = await listen(server, 0, '127.0.0.1');
  const tenants = await t.database.query<{ id: number; slug: string }>('SELECT id, slug FROM tenants');
  acmeId = tenants.rows.find((r) => r.slug === 'acme')!.id;
  otherId = tenants.rows.find((r) => r.slug === 'other')!.id;
});
afterAll(async () => {
  await close(server);
  await t.close();
});

describe('Alert Radar gates', () => {
  it('answers 404 while the brAlertRadar flag is off', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', '/api/alert-radar/mailbox')).status).toBe(404);
    expect((await list()).status).toBe(404);
    expect((await admin('GET', '/api/alert-radar/parser-version')).status).toBe(404);
  });

  it('gives tenant admins and standard users the mailbox, and refuses client users', async () => {
    await enableFlagForTenant(t.database, 'brAlertRadar', acmeId);
    const r = await (await t.as('admin'))('GET', '/api/alert-radar/mailbox');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ EmailAddress: 'acme-alerts@inbound.localhost', IsActive: false });
    expect((await (await t.as('standard'))('GET', '/api/alert-radar/mailbox')).status).toBe(200);
    expect((await (await t.as('client'))('GET', '/api/alert-radar/mailbox')).status).toBe(403);
    expect((await (await t.as('client'))('POST', '/api/alert-radar/alert-emails', {})).status).toBe(403);
    // Another tenant without the flag.
    expect((await (await t.as('outsider'))('GET', '/api/alert-radar/mailbox')).status).toBe(404);
  });
});

describe('alert e-mails', () => {
  let id: number;

  it('files mail sent to the alert address (once active) as an analysed alert e-mail', async () => {
    const admin = await t.as('admin');
    // Inactive: the alert address still takes the mail, which goes to the backup parsers.
    expect(
      (await send('acme-alerts@inbound.localhost', alertMail('Before activation', 'Status: Failed'))).response,
    ).toMatch(/^250/);
    const activated = await admin('PATCH', '/api/alert-radar/mailbox/activate', { IsActive: true });
    expect(activated.status).toBe(200);
    expect(activated.body.IsActive).toBe(true);

    expect((await send('acme-alerts@inbound.localhost', RAID)).response).toMatch(/^250/);
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.Total).toBe(1);
    const row = r.body.Results[0];
    expect(row).toMatchObject({ Subject: 'RAID array degraded on FS-NAS01', Assessment: 1, VersionsCount: 1 });
    expect(row.AssessmentConfidence).toBeGreaterThan(0);
    expect(row.AssessmentConfidence).toBeLessThanOrEqual(1);
    const version = (await admin('GET', '/api/alert-radar/parser-version')).body.Version;
    expect(typeof version).toBe('string');
    expect(row.ParserVersion).toBe(version);
    id = row.Id;

    const processed = await admin('GET', '/api/tenant/processed-emails?Size=50&search=RAID');
    expect(processed.body.Results[0]).toMatchObject({ Vendor: 'Alert Radar' });
  });

  it('shows one alert e-mail with its latest analysis and annotations', async () => {
    const r = await (await t.as('standard'))('GET', `/api/alert-radar/alert-emails/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      Id: id,
      TenantId: acmeId,
      Flags: 0,
      Feedback: 0,
      VersionsCount: 1,
      CanReparse: true,
      EmailFrom: 'monitor@northwind.example',
      Assessment: 1,
    });
    expect(r.body.EmailUid).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.Body).toContain('Disk 3 has failed');
    expect(r.body.Annotations.length).toBeGreaterThan(0);
    for (const a of r.body.Annotations) {
      const text = a.Source === 0 ? r.body.Subject : r.body.Body;
      expect(text.slice(a.Start, a.End)).toBe(a.Value);
    }
  });

  it("keeps a tenant's alert e-mails from another tenant", async () => {
    await enableFlagForTenant(t.database, 'brAlertRadar', otherId);
    const outsider = await t.as('outsider');
    expect((await outsider('GET', `/api/alert-radar/alert-emails/${id}`)).status).toBe(404);
    expect((await outsider('GET', `/api/alert-radar/alert-emails/${id}/parser-results`)).status).toBe(404);
    expect((await outsider('POST', `/api/alert-radar/alert-emails/${id}/reparse`)).status).toBe(404);
    expect((await outsider('POST', `/api/alert-radar/alert-emails/${id}/feedback`, { Feedback: 1 })).status).toBe(404);
    expect((await list({}, 'outsider')).body.Total).toBe(0);
  });

  it('filters by subject, summary, assessment, labels and the received window, and pages', async () => {
    await send(
      'acme-alerts@inbound.localhost',
      alertMail(
        'Backup job Nightly completed successfully',
        'The backup job Nightly completed successfully.\nStatus: Success',
      ),
    );
    const old = new Date(Date.now() - 40 * 86_400_000);
    await send(
      'acme-alerts@inbound.localhost',
      alertMail('Licence expiring soon', 'Your licence expires in 5 days.', undefined, old),
    );
    await t.database.query(`UPDATE alert_emails SET received_at = $1 WHERE subject = 'Licence expiring soon'`, [old]);

    expect((await list()).body.Total).toBe(2); // the last 30 days by default
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString();
    expect((await list({ ReceivedFrom: from })).body.Total).toBe(3);
    expect(
      (
        await list({ ReceivedFrom: from, ReceivedTo: new Date(Date.now() - 35 * 86_400_000).toISOString() })
      ).body.Results.map((r: { Subject: string }) => r.Subject),
    ).toEqual(['Licence expiring soon']);
    expect((await list({ SearchBySubject: 'raid' })).body.Results.map((r: { Id: number }) => r.Id)).toEqual([id]);
    expect((await list({ SearchBySummary: 'disk 3' })).body.Total).toBe(1);
    expect((await list({ SearchBySummary: 'no such words' })).body.Total).toBe(0);
    const negatives = await list({ Assessment: 1 });
    expect(negatives.body.Results.map((r: { Id: number }) => r.Id)).toContain(id);
    expect(negatives.body.Results.every((r: { Assessment: number }) => r.Assessment === 1)).toBe(true);
    const label = (await (await t.as('admin'))('GET', `/api/alert-radar/alert-emails/${id}`)).body.Annotations[0].Label;
    expect((await list({ Labels: [label] })).body.Results.map((r: { Id: number }) => r.Id)).toContain(id);
    expect((await list({ Labels: ['NoSuchLabel'] })).body.Total).toBe(0);
    const page2 = await list({ Page: 2, Size: 1 });
    expect(page2.body).toMatchObject({ Page: 2, PageSize: 1, Total: 2, TotalPages: 2 });
    expect(page2.body.Results).toHaveLength(1);
    expect((await list({ ReceivedFrom: 'yesterday-ish' })).status).toBe(400);
  });

  it('reanalyses into version 2, polled until Completed', async () => {
    const admin = await t.as('admin');
    const started = await admin('POST', `/api/alert-radar/alert-emails/${id}/reparse`);
    expect(started.status).toBe(200);
    const done = await poll(started.body.instanceId);
    expect(done.customStatus.error).toBeNull();
    expect(done.output.Version).toBe(2);
    const versions = await admin('GET', `/api/alert-radar/alert-emails/${id}/parser-results`);
    expect(versions.body.map((v: { Version: number }) => v.Version)).toEqual([2, 1]);
    expect((await admin('GET', `/api/alert-radar/alert-emails/${id}`)).body.VersionsCount).toBe(2);
    // Another tenant cannot read the run.
    expect((await (await t.as('outsider'))('GET', `/api/alert-radar/reparse/${started.body.instanceId}`)).status).toBe(
      404,
    );
  });

  it('takes feedback and lets it be changed', async () => {
    const standard = await t.as('standard');
    const sent = await standard('POST', `/api/alert-radar/alert-emails/${id}/feedback`, { Feedback: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ Id: id, Feedback: 1 });
    expect((await standard('PUT', `/api/alert-radar/alert-emails/feedback/${id}`, { Feedback: 2 })).body.Feedback).toBe(
      2,
    );
    expect((await standard('GET', `/api/alert-radar/alert-emails/${id}`)).body.Feedback).toBe(2);
    expect((await standard('POST', `/api/alert-radar/alert-emails/${id}/feedback`, { Feedback: 7 })).status).toBe(400);
  });

  it('searches markers (labels) by text', async () => {
    const r = await (await t.as('admin'))('GET', '/api/alert-radar/markers/search?searchString=dev');
    expect(r.status).toBe(200);
    expect(r.body).toContainEqual({ Label: 'Device', NerType: 1 });
    expect(r.body.every((m: { Label: string }) => m.Label.toLowerCase().includes('dev'))).toBe(true);
  });

  it('routes unrecognised mail to Alert Radar when the tenant asks for it', async () => {
    const admin = await t.as('admin');
    await send(
      'acme@inbound.localhost',
      alertMail('Printer toner low', 'The printer in room 4 is low on toner.', 'acme@inbound.localhost'),
    );
    expect((await list({ SearchBySubject: 'toner' })).body.Total).toBe(0);
    const on = await admin('PATCH', '/api/alert-radar/mailbox/activate', { IsActive: true, RouteUnrecognised: true });
    expect(on.body.RouteUnrecognised).toBe(true);
    await send(
      'acme@inbound.localhost',
      alertMail('UPS on battery', 'UPS-01 switched to battery power.', 'acme@inbound.localhost'),
    );
    expect((await list({ SearchBySubject: 'UPS on battery' })).body.Total).toBe(1);
  });
});

describe('into the rest of Vigil', () => {
  it('matches an alert to a company, raises a ticket when Negative enough, and hides it from other companies', async () => {
    const admin = await t.as('admin');
    const company = await t.database.query<{ id: number }>(
      `INSERT INTO companies (tenant_id, name) VALUES ($1, 'Northwind') RETURNING id`,
      [acmeId],
    );
    await t.database.query(
      `INSERT INTO ticket_profiles (tenant_id, name, type, group_by, settings) VALUES ($1, 'Alerts', 2, 0, '{}')`,
      [acmeId],
    );
    await admin('PATCH', '/api/alert-radar/mailbox/activate', { IsActive: true, TicketThreshold: 0 });
    const to = 'acme-alerts+northwind@inbound.localhost';
    await send(to, alertMail('Backup job Payroll failed', 'The backup job Payroll failed.\nStatus: Failed', to));
    const row = (await list({ SearchBySubject: 'Payroll' })).body.Results[0];
    expect(row).toMatchObject({ Assessment: 1, CompanyId: company.rows[0].id, CompanyName: 'Northwind' });
    const one = await admin('GET', `/api/alert-radar/alert-emails/${row.Id}`);
    expect(one.body.TicketId).toEqual(expect.any(Number));
    const ticket = await t.database.query<{ subject: string; state: string }>(
      'SELECT subject, state FROM tickets WHERE id = $1',
      [one.body.TicketId],
    );
    expect(ticket.rows[0]).toMatchObject({ subject: 'Alert: Backup job Payroll failed', state: 'Pending' });
    // A positive alert raises none.
    await send(
      to,
      alertMail('Backup job Payroll completed successfully', 'Status: Success\nAll files were backed up.', to),
    );
    const good = (await list({ SearchBySubject: 'Payroll completed' })).body.Results[0];
    expect(good.Assessment).toBe(3);
    expect((await admin('GET', `/api/alert-radar/alert-emails/${good.Id}`)).body.TicketId).toBeNull();

    // A company-restricted standard user sees only its companies' alerts.
    const user = await t.database.query<{ id: number }>(
      `UPDATE users SET is_company_restricted = true WHERE email = 'standard@acme.test' RETURNING id`,
    );
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      user.rows[0].id,
      company.rows[0].id,
      acmeId,
    ]);
    try {
      const mine = await list({}, 'standard');
      expect(mine.body.Results.map((r: { CompanyName: string }) => r.CompanyName)).toEqual(
        mine.body.Results.map(() => 'Northwind'),
      );
      expect(mine.body.Total).toBeGreaterThan(0);
      const raid = (await list({ SearchBySubject: 'RAID' })).body.Results[0];
      expect((await (await t.as('standard'))('GET', `/api/alert-radar/alert-emails/${raid.Id}`)).status).toBe(404);
    } finally {
      await t.database.query('UPDATE users SET is_company_restricted = false WHERE id = $1', [user.rows[0].id]);
    }
  });
});
