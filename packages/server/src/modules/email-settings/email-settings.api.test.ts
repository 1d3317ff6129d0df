import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { homeTenantId } from '../audit/test-data.ts';
import { testSmtp, type TestSmtp } from './test-smtp.ts';

/** Settings → E-mail (`api/email-settings`): tested before saved, sealed at rest, used for the tenant's mail. */
let t: TestApp;
let provider: TestSmtp;
let system: TestSmtp;
let homeId: number;
let otherId: number;

const USER = 'relay@acme.test';
const PASS = 'Correct-Horse-9';

const input = (over: Record<string, unknown> = {}) => ({
  Host: '127.0.0.1',
  Port: provider.port,
  Secure: false,
  UserName: USER,
  Password: PASS,
  FromAddress: 'alerts@acme.test',
  FromName: 'Acme Backups',
  IsDefault: true,
  ...over,
});

async function storedRows() {
  const r = await t.database.query<{ id: number; password_secret: string | null; updated_at: Date }>(
    'SELECT id, password_secret, updated_at FROM email_settings WHERE tenant_id = $1 ORDER BY id',
    [homeId],
  );
  return r.rows;
}

beforeAll(async () => {
  provider = await testSmtp({ user: USER, pass: PASS });
  system = await testSmtp();
  t = await testApp({ SMTP_URL: `smtp://127.0.0.1:${system.port}`, MAIL_FROM: 'Vigil <no-reply@vigil.test>' });
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await system.close();
});

describe('saving SMTP settings', () => {
  it('starts with none', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', '/api/email-settings')).body).toBeNull();
    expect((await admin('GET', '/api/email-settings/list')).body).toEqual([]);
  });

  it('refuses a wrong password with the SMTP error in words and saves nothing', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/email-settings', input({ Password: 'wrong' }));
    expect(r.status).toBe(400);
    expect(r.body.statusCode).toBe(400);
    expect(r.body.Message).toMatch(/^The SMTP test failed: the server refused the user name or password/);
    expect(r.body.Message).toContain('Authentication credentials invalid');
    expect(await storedRows()).toEqual([]);
    expect(provider.received).toHaveLength(0);
  });

  it('refuses a server that does not answer', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/email-settings', input({ Port: 1 }));
    expect(r.status).toBe(400);
    expect(r.body.Message).toMatch(/^The SMTP test failed: could not connect to the server .*ECONNREFUSED/);
    expect(await storedRows()).toEqual([]);
  });

  it('saves working settings after a test message to the caller, and never returns the password', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/email-settings', input());
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      Id: expect.any(Number),
      Host: '127.0.0.1',
      Port: provider.port,
      Secure: false,
      UserName: USER,
      HasPassword: true,
      FromAddress: 'alerts@acme.test',
      FromName: 'Acme Backups',
      IsDefault: true,
      UpdatedAt: expect.any(String),
      TicketProfiles: [],
    });
    expect(JSON.stringify(r.body)).not.toContain(PASS);
    const [test] = await provider.waitFor(1);
    expect(test.to).toEqual(['admin@acme.test']);
    expect(test.user).toBe(USER);
    expect(test.mail.subject).toBe('Vigil SMTP test');
    expect(test.mail.from?.value[0]).toMatchObject({ name: 'Acme Backups', address: 'alerts@acme.test' });
    // Sealed at rest: the stored value is not the password.
    const [row] = await storedRows();
    expect(row.password_secret).toMatch(/^v2\./);
    expect(row.password_secret).not.toContain(PASS);
    const list = await admin('GET', '/api/email-settings/list');
    expect(list.body).toEqual([r.body]);
    expect((await admin('GET', '/api/email-settings')).body).toEqual(r.body);
  });

  it('keeps the stored password when an update leaves it out, and tests it again', async () => {
    const admin = await t.as('admin');
    const [before] = await storedRows();
    provider.received.length = 0;
    const r = await admin('POST', '/api/email-settings', {
      ...input({ Id: before.id, FromName: 'Acme NOC', TestRecipient: 'noc@acme.test' }),
      Password: undefined,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: before.id, FromName: 'Acme NOC', HasPassword: true });
    const [test] = await provider.waitFor(1);
    expect(test.to).toEqual(['noc@acme.test']);
    expect(test.user).toBe(USER);
  });

  it('a failing update changes nothing', async () => {
    const admin = await t.as('admin');
    const [before] = await storedRows();
    const r = await admin(
      'POST',
      '/api/email-settings',
      input({ Id: before.id, Password: 'nope', FromName: 'Changed' }),
    );
    expect(r.status).toBe(400);
    const [after] = await storedRows();
    expect(after).toEqual(before);
    expect((await admin('GET', '/api/email-settings')).body.FromName).toBe('Acme NOC');
  });

  it('answers bad input with the field and message', async () => {
    const admin = await t.as('admin');
    const port = await admin('POST', '/api/email-settings', input({ Port: 0 }));
    expect(port.status).toBe(400);
    expect(port.body.Errors[0].Field).toBe('Port');
    const from = await admin('POST', '/api/email-settings', input({ FromAddress: 'not-an-address' }));
    expect(from.status).toBe(400);
    expect(from.body.Errors).toEqual([{ Field: 'FromAddress', Message: 'Invalid email address' }]);
    const host = await admin('POST', '/api/email-settings', input({ Host: '  ' }));
    expect(host.body.Errors).toEqual([{ Field: 'Host', Message: 'Host is required' }]);
    expect(await storedRows()).toHaveLength(1);
  });

  it('tests without saving', async () => {
    const admin = await t.as('admin');
    provider.received.length = 0;
    const ok = await admin(
      'POST',
      '/api/email-settings/test',
      input({ TestRecipient: 'tech@acme.test', FromName: 'Trial' }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ Recipient: 'tech@acme.test', Message: 'A test message was sent to tech@acme.test.' });
    expect((await provider.waitFor(1))[0].to).toEqual(['tech@acme.test']);
    const bad = await admin(
      'POST',
      '/api/email-settings/test',
      input({ TestRecipient: 'tech@acme.test', Password: 'x' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toMatch(/^The SMTP test failed/);
    const noRecipient = await admin('POST', '/api/email-settings/test', input());
    expect(noRecipient.status).toBe(400);
    expect(noRecipient.body.Errors[0].Field).toBe('TestRecipient');
    expect((await admin('GET', '/api/email-settings')).body.FromName).toBe('Acme NOC');
  });

  it('is for users with the SMTP settings permission only', async () => {
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/email-settings')).status).toBe(403);
    expect((await standard('POST', '/api/email-settings/test', input({ TestRecipient: 'x@acme.test' }))).status).toBe(
      403,
    );
    expect((await (await t.as('client'))('GET', '/api/email-settings/list')).status).toBe(403);
  });
});

describe('outbound mail of a tenant', () => {
  it('goes through the tenant SMTP server when it has one, and the outbox notes it', async () => {
    provider.received.length = 0;
    system.received.length = 0;
    const [row] = await storedRows();
    const sent = await t.deps.mailer.send({
      tenantId: homeId,
      to: 'ops@acme.test',
      subject: 'Through the tenant',
      text: 'hello',
      attachments: [{ filename: 'note.txt', content: Buffer.from('attached'), contentType: 'text/plain' }],
    });
    expect(sent).toMatchObject({ error: null, transport: `tenant-smtp:${row.id}` });
    const [m] = await provider.waitFor(1);
    expect(m.mail.subject).toBe('Through the tenant');
    expect(m.mail.from?.value[0]).toMatchObject({ name: 'Acme NOC', address: 'alerts@acme.test' });
    expect(m.mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['note.txt', 'attached']]);
    const o = await t.database.query('SELECT transport, error FROM outbox WHERE id = $1', [sent.id]);
    expect(o.rows[0]).toEqual({ transport: `tenant-smtp:${row.id}`, error: null });
    expect(system.received).toHaveLength(0);
  });

  it('a password reset of a tenant user goes through the tenant server too', async () => {
    provider.received.length = 0;
    const r = await t.call('POST', '/api/user/reset-password', { body: { Email: 'standard@acme.test' } });
    expect(r.status).toBeLessThan(300);
    const [m] = await provider.waitFor(1);
    expect(m.to).toEqual(['standard@acme.test']);
    expect(m.mail.subject).toBe('Reset your Vigil password');
  });

  it('goes through the system transport for a tenant without settings, and for mail without a tenant', async () => {
    provider.received.length = 0;
    system.received.length = 0;
    const other = await t.deps.mailer.send({ tenantId: otherId, to: 'x@other.test', subject: 'Other', text: 'x' });
    const none = await t.deps.mailer.send({ to: 'root@vigil.test', subject: 'Platform', text: 'x' });
    expect([other.transport, none.transport]).toEqual(['smtp', 'smtp']);
    const got = await system.waitFor(2);
    expect(got.map((m) => m.mail.subject).sort()).toEqual(['Other', 'Platform']);
    expect(got[0].mail.from?.value[0].address).toBe('no-reply@vigil.test');
    expect(provider.received).toHaveLength(0);
  });
});

describe('tenants', () => {
  it("never see or change each other's settings", async () => {
    const outsider = await t.as('outsider');
    const [row] = await storedRows();
    expect((await outsider('GET', '/api/email-settings')).body).toBeNull();
    expect((await outsider('GET', '/api/email-settings/list')).body).toEqual([]);
    const upd = await outsider('POST', '/api/email-settings', { ...input({ Id: row.id }), Password: undefined });
    expect(upd.status).toBe(404);
    expect((await outsider('DELETE', `/api/email-settings?id=${row.id}`)).status).toBe(404);
    expect(await storedRows()).toHaveLength(1);
  });
});

describe('alert e-mail settings', () => {
  it('reads defaults, validates, saves and reads back per tenant', async () => {
    const admin = await t.as('admin');
    const defaults = await admin('GET', '/api/email-settings/alerts');
    expect(defaults.body).toEqual({
      Recipients: [],
      BackupFailed: false,
      BackupMissed: false,
      DailySummary: false,
      SummaryHour: 7,
      ScheduledReportFailed: false,
    });
    const none = await admin('PUT', '/api/email-settings/alerts/', { BackupFailed: true });
    expect(none.status).toBe(400);
    expect(none.body.Errors).toEqual([{ Field: 'Recipients', Message: 'Add at least one recipient' }]);
    const bad = await admin('PUT', '/api/email-settings/alerts/', { Recipients: ['nope'], BackupFailed: true });
    expect(bad.body.Errors).toEqual([{ Field: 'Recipients.0', Message: 'Invalid email address' }]);
    const hour = await admin('PUT', '/api/email-settings/alerts/', { Recipients: ['a@acme.test'], SummaryHour: 24 });
    expect(hour.body.Errors[0].Field).toBe('SummaryHour');
    const ok = await admin('PUT', '/api/email-settings/alerts/', {
      Recipients: ['NOC@acme.test', 'noc@acme.test', 'lead@acme.test'],
      BackupFailed: true,
      DailySummary: true,
      SummaryHour: 6,
    });
    expect(ok.status).toBe(200);
    const saved = {
      Recipients: ['noc@acme.test', 'lead@acme.test'],
      BackupFailed: true,
      BackupMissed: false,
      DailySummary: true,
      SummaryHour: 6,
      ScheduledReportFailed: false,
    };
    expect(ok.body).toEqual(saved);
    expect((await admin('GET', '/api/email-settings/alerts')).body).toEqual(saved);
    expect((await (await t.as('outsider'))('GET', '/api/email-settings/alerts')).body.Recipients).toEqual([]);
  });
});

describe('deleting', () => {
  it('refuses a setting that ticket profiles use, naming them, and keeps everything', async () => {
    const admin = await t.as('admin');
    const second = await admin(
      'POST',
      '/api/email-settings',
      input({ FromAddress: 'tickets@acme.test', IsDefault: false }),
    );
    expect(second.status).toBe(200);
    expect(second.body.IsDefault).toBe(false);
    const list = await admin('GET', '/api/email-settings/list');
    expect(list.body.map((s: { Id: number; IsDefault: boolean }) => [s.Id === second.body.Id, s.IsDefault])).toEqual([
      [false, true],
      [true, false],
    ]);
    for (const name of ['Tickets by mail', 'After hours']) {
      await t.database.query(
        `INSERT INTO ticket_profiles (tenant_id, name, type, group_by, settings, email_settings_id)
         VALUES ($1, $2, 2, 0, '{}'::jsonb, $3)`,
        [homeId, name, second.body.Id],
      );
    }
    const listed = (await admin('GET', '/api/email-settings/list')).body as { Id: number; TicketProfiles: string[] }[];
    expect(listed.map((s) => s.TicketProfiles)).toEqual([[], ['After hours', 'Tickets by mail']]);
    const refused = await admin('DELETE', `/api/email-settings?id=${second.body.Id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      Message:
        'This SMTP server is used by the ticket profiles "After hours", "Tickets by mail"; choose another server there first.',
    });
    expect(await storedRows()).toHaveLength(2);
    // Another tenant's id answers 404 whether or not profiles use it.
    expect((await (await t.as('outsider'))('DELETE', `/api/email-settings?id=${second.body.Id}`)).status).toBe(404);
    await t.database.query(`DELETE FROM ticket_profiles WHERE tenant_id = $1 AND name = 'After hours'`, [homeId]);
    const one = await admin('DELETE', `/api/email-settings?id=${second.body.Id}`);
    expect(one.body.Message).toBe(
      'This SMTP server is used by the ticket profile "Tickets by mail"; choose another server there first.',
    );
    await t.database.query(`UPDATE ticket_profiles SET email_settings_id = NULL WHERE tenant_id = $1`, [homeId]);
    expect((await admin('DELETE', `/api/email-settings?id=${second.body.Id}`)).status).toBe(200);
    expect(await storedRows()).toHaveLength(1);
    await t.database.query(`DELETE FROM ticket_profiles WHERE tenant_id = $1`, [homeId]);
  });

  it('removes the settings; the tenant mail falls back to the system transport', async () => {
    const admin = await t.as('admin');
    const [row] = await storedRows();
    const r = await admin('DELETE', `/api/email-settings?id=${row.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: row.id });
    expect((await admin('DELETE', `/api/email-settings?id=${row.id}`)).status).toBe(404);
    expect((await admin('DELETE', '/api/email-settings?id=abc')).status).toBe(400);
    expect((await admin('GET', '/api/email-settings')).body).toBeNull();
    system.received.length = 0;
    const sent = await t.deps.mailer.send({
      tenantId: homeId,
      to: 'ops@acme.test',
      subject: 'After delete',
      text: 'x',
    });
    expect(sent.transport).toBe('smtp');
    expect((await system.waitFor(1))[0].mail.subject).toBe('After delete');
  });
});
