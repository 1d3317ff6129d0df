import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { fixture } from '../../../test/fixtures.ts';
import { scanHeaders } from '../../intake/service.ts';
import { t, port, smtp, send, crlf, talk, plain, emails, setUpIngestSuite } from './ingest.setup.ts';

setUpIngestSuite();

describe('the SMTP door', () => {
  it('accepts a vendor e-mail for the tenant and files its results against discovered backups', async () => {
    const raw = crlf(readFileSync(fixture('veeam-br', 'backup-job-success.eml')));
    const info = await send(['acme@inbound.localhost'], raw, 'veeam@acme-client.test');
    expect(info.accepted).toEqual(['acme@inbound.localhost']);
    expect(info.response).toMatch(/^250 .*Stored as \d+/);

    const list = await emails('DC Servers');
    expect(list.Total).toBe(1);
    const e = list.Results[0];
    expect(e).toMatchObject({
      State: 'Inactive',
      Source: 'smtp',
      Vendor: 'veeam-br',
      VendorName: 'Veeam Backup & Replication',
      Reason: null,
      Size: raw.length,
    });
    expect(e.Results.map((r: { DeviceName: string; Status: string }) => [r.DeviceName, r.Status])).toEqual([
      ['DC01', 'Success'],
      ['DC02', 'Success'],
      ['APP01', 'Success'],
    ]);
    expect(e.Results[0]).toMatchObject({ JobName: 'DC Servers', SizeBytes: 2576980378, BackupActive: false });

    // Unseen identities become inactive backups, with the sender and the time of the backup.
    const inactive = await (await t.as('admin'))('POST', '/api/backup/inactive', { Search: 'DC Servers' });
    expect(inactive.status).toBe(200);
    expect(inactive.body.Total).toBe(3);
    const dc01 = inactive.body.Results.find((b: { DeviceName: string }) => b.DeviceName === 'DC01');
    expect(dc01).toMatchObject({
      Vendor: 'veeam-br',
      JobName: 'DC Servers',
      Method: 'Email',
      BackupType: 'Backup',
      SenderEmail: expect.stringContaining('@'),
      ResultCount: 1,
      LastStatus: 1,
      CompanyName: '- No company assigned -',
    });
    // Filed by when the backup started, not when the e-mail arrived.
    const filed = await t.database.query<{ filed_at: Date }>('SELECT filed_at FROM results WHERE backup_id = $1', [
      dc01.BackupId,
    ]);
    expect(new Date(filed.rows[0].filed_at).toISOString()).toBe('2026-11-21T22:00:35.000Z');

    // The raw e-mail comes back byte for byte.
    const dl = await t.call('GET', `/api/tenant/processed-emails/download?emailId=${e.emailId}`, {
      token: await t.token('admin'),
    });
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toContain('message/rfc822');
    expect(dl.headers['content-disposition']).toMatch(/attachment; filename="\d+-.*\.eml"/);
    expect(Buffer.from(dl.body as string).equals(raw)).toBe(true);
  });

  it('stores a re-sent e-mail once (same Message-ID and content)', async () => {
    const raw = readFileSync(fixture('veeam-br', 'replication-job-failed.eml'));
    await send(['acme@inbound.localhost'], raw);
    await send(['acme@inbound.localhost'], raw);
    const rows = await t.database.query<{ n: string }>(`SELECT count(*) AS n FROM emails WHERE message_id = $1`, [
      scanHeaders(raw).messageId,
    ]);
    expect(Number(rows.rows[0].n)).toBe(1);
  });

  it('refuses unknown recipients at RCPT with 550 and delivers to the known ones', async () => {
    await expect(send(['nobody@inbound.localhost'], plain('x', 'y'))).rejects.toMatchObject({ responseCode: 550 });
    await expect(send(['acme@elsewhere.test'], plain('x', 'y'))).rejects.toMatchObject({ responseCode: 550 });
    const info = await send(['nobody@inbound.localhost', 'acme@inbound.localhost'], plain('Mixed rcpt', 'hello'));
    expect(info.accepted).toEqual(['acme@inbound.localhost']);
    expect(info.rejected).toEqual(['nobody@inbound.localhost']);
    expect((await emails('Mixed rcpt')).Total).toBe(1);
  });

  it('keeps the plus tag for company mapping and delivers to aliases', async () => {
    const raw = readFileSync(fixture('veeam-br', 'backup-job-warning-us-locale.eml'));
    await send(['ACME+Client42@inbound.localhost'], raw);
    const tagged = (await emails()).Results.find((e: { PlusTag: string | null }) => e.PlusTag === 'client42');
    expect(tagged).toBeDefined();
    expect(tagged.To).toBe('acme+client42@inbound.localhost');
    const inactive = await (await t.as('admin'))('POST', '/api/backup/inactive', { Size: 100 });
    expect(inactive.body.Results.some((b: { ClientId: string }) => b.ClientId === 'client42')).toBe(true);

    const admin = await t.as('admin');
    const alias = await admin('POST', '/api/tenant/aliases', { Email: 'Backups.Acme@inbound.localhost' });
    expect(alias.status).toBe(200);
    expect(alias.body.Email).toBe('backups.acme@inbound.localhost');
    await send(['backups.acme@inbound.localhost'], plain('Via alias', 'hello'));
    expect((await emails('Via alias')).Total).toBe(1);
    const boxes = await admin('GET', '/api/tenant/mailboxes');
    expect(boxes.body.InboundAddress).toBe('acme@inbound.localhost');
    expect(boxes.body.Aliases.map((a: { Email: string }) => a.Email)).toContain('backups.acme@inbound.localhost');

    expect((await admin('POST', '/api/tenant/aliases', { Email: 'other' })).body.Message).toBe(
      'other@inbound.localhost is already in use.',
    );
    const bad = await admin('POST', '/api/tenant/aliases', { Email: 'x@wrong.test' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('An alias must be an address on inbound.localhost.');
    expect((await admin('DELETE', `/api/tenant/aliases/${alias.body.Id}`)).status).toBe(200);
    await expect(send(['backups.acme@inbound.localhost'], plain('x', 'y'))).rejects.toMatchObject({
      responseCode: 550,
    });
  });

  it('refuses banned senders and counts the refusals', async () => {
    const root = await t.as('root');
    const ban = await root('POST', '/api/admin/smtp/banned-emails', { Email: '@Spam.test', Reason: 'newsletters' });
    expect(ban.status).toBe(200);
    expect(ban.body.Email).toBe('@spam.test');
    await expect(send(['acme@inbound.localhost'], plain('x', 'y'), 'promo@spam.test')).rejects.toMatchObject({
      responseCode: 550,
    });
    const list = await root('GET', '/api/admin/smtp/banned-emails');
    await expect.poll(async () => (await root('GET', '/api/admin/smtp/banned-emails')).body[0].RefusedCount).toBe(1);
    expect(list.body.map((b: { Email: string }) => b.Email)).toEqual(['@spam.test']);
    expect((await root('POST', '/api/admin/smtp/banned-emails', { Email: '@spam.test' })).status).toBe(400);
    expect((await root('POST', '/api/admin/smtp/banned-emails', { Email: 'not an address' })).status).toBe(400);
    expect((await root('DELETE', `/api/admin/smtp/banned-emails/${ban.body.Id}`)).status).toBe(200);
    const info = await send(['acme@inbound.localhost'], plain('Unbanned', 'ok'), 'promo@spam.test');
    expect(info.accepted).toHaveLength(1);
  });
});

describe('bad input at the door', () => {
  it('answers 552 above the size limit and keeps taking other e-mails', async () => {
    const small = await smtp({ maxBytes: 10_000 });
    await expect(
      send(['acme@inbound.localhost'], plain('Too big', 'x'.repeat(20_000)), undefined, small),
    ).rejects.toMatchObject({ responseCode: 552 });
    const ok = await send(['acme@inbound.localhost'], plain('Small enough', 'fine'), undefined, small);
    expect(ok.accepted).toHaveLength(1);
    expect((await emails('Too big')).Total).toBe(0);
  });

  it('refuses an empty message', async () => {
    const replies = await talk(port, [
      'EHLO test',
      'MAIL FROM:<a@b.test>',
      'RCPT TO:<acme@inbound.localhost>',
      'DATA',
      '.',
      'QUIT',
    ]);
    expect(replies.slice(2, 5).map((r) => r.slice(0, 3))).toEqual(['250', '354', '554']);
  });

  it('slows a flood from one sender with 451 while others get through', async () => {
    const limited = await smtp({ senderPerMinute: 3 });
    for (let i = 0; i < 3; i++)
      await send(['acme@inbound.localhost'], plain(`Flood ${i}`, 'x'), 'flood@x.test', limited);
    await expect(
      send(['acme@inbound.localhost'], plain('Flood 3', 'x'), 'flood@x.test', limited),
    ).rejects.toMatchObject({ responseCode: 451 });
    const other = await send(['acme@inbound.localhost'], plain('Not a flood', 'x'), 'calm@x.test', limited);
    expect(other.accepted).toHaveLength(1);
  });

  it('takes the first 100 of 1,000 recipients (452 for the rest) and stores the e-mail once', async () => {
    const to = Array.from({ length: 1000 }, (_, i) => `acme+r${i}@inbound.localhost`);
    const info = await send(to, plain('Many recipients', 'x'));
    expect(info.accepted).toHaveLength(100);
    expect(info.rejected).toHaveLength(900);
    const list = await emails('Many recipients');
    expect(list.Total).toBe(1);
    expect(list.Results[0].PlusTag).toBe('r0');
  });

  it('records malformed, HTML-only and wrongly-labelled e-mails with a reason, never dropping them', async () => {
    const garbage = Buffer.concat([
      Buffer.from('Subject: Broken MIME\r\nContent-Type: multipart/mixed; boundary="zz"\r\n\r\n--zz\r\n'),
      Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80]),
      Buffer.from('\r\n--zz'),
    ]);
    await send(['acme@inbound.localhost'], garbage);
    const html = plain('HTML only', '').replace(
      'Content-Type: text/plain; charset=utf-8\r\n\r\n',
      'Content-Type: text/html; charset=x-unknown-charset\r\n\r\n<table><tr><td>nothing to see</td></tr></table>',
    );
    await send(['acme@inbound.localhost'], html);
    for (const subject of ['Broken MIME', 'HTML only']) {
      const list = await emails(subject);
      expect(list.Total, subject).toBe(1);
      expect(list.Results[0]).toMatchObject({ State: 'Processed', Vendor: null, Results: [] });
      expect(list.Results[0].Reason).toBe('No parser recognises this e-mail');
    }
    const unrecognised = await (await t.as('admin'))('GET', '/api/tenant/processed-emails?unrecognised=true&Size=200');
    expect(unrecognised.body.Results.every((e: { Vendor: string | null }) => e.Vendor === null)).toBe(true);
    expect(unrecognised.body.Total).toBeGreaterThanOrEqual(2);
    // "false" means no filter at all, not "true".
    const all = await (await t.as('admin'))('GET', '/api/tenant/processed-emails?unrecognised=false&Size=200');
    expect(all.body.Total).toBeGreaterThan(unrecognised.body.Total);
    expect(all.body.Results.some((e: { Vendor: string | null }) => e.Vendor !== null)).toBe(true);
  });

  it('refuses a zip bomb in a CSV report with a reason', async () => {
    const bomb = zipSync({ 'status.csv': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    const b64 = Buffer.from(bomb).toString('base64').replace(/.{76}/g, '$&\r\n');
    const raw = [
      'From: exports@contoso.test',
      'To: acme@inbound.localhost',
      'Subject: Backup Report CSV bomb',
      'Message-ID: <bomb@contoso.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'See attachment.',
      '--b1',
      'Content-Type: application/zip; name="status.zip"',
      'Content-Disposition: attachment; filename="status.zip"',
      'Content-Transfer-Encoding: base64',
      '',
      b64,
      '--b1--',
      '',
    ].join('\r\n');
    await send(['acme@inbound.localhost'], raw);
    const list = await emails('CSV bomb');
    expect(list.Results[0]).toMatchObject({ State: 'Processed', Vendor: 'generic-csv', Results: [] });
    expect(list.Results[0].Reason).toMatch(/ZIP attachment refused: more than 20 MB uncompressed/);
  });
});

describe('reprocessing', () => {
  it('parses an e-mail again and replaces its results, for the tenant and for platform admins', async () => {
    const raw = readFileSync(fixture('veeam-br', 'backup-copy-job-failed-no-objects.eml'));
    await send(['acme@inbound.localhost'], raw);
    const before = (await emails('Backup Copy')).Results[0];
    const target = before ?? (await emails()).Results[0];
    const count = async () =>
      Number(
        (
          await t.database.query<{ n: string }>('SELECT count(*) AS n FROM results WHERE email_id = $1', [
            target.emailId,
          ])
        ).rows[0].n,
      );
    const n = await count();
    const admin = await t.as('admin');
    const again = await admin('POST', '/api/tenant/processed-emails/reprocess', { emailId: target.emailId });
    expect(again.status).toBe(200);
    expect(['Processed', 'Inactive']).toContain(again.body.State);
    expect(await count()).toBe(n);

    const [{ tenant_id: tenantId }] = (
      await t.database.query<{ tenant_id: number }>('SELECT tenant_id FROM emails WHERE id = $1', [target.emailId])
    ).rows;
    const root = await t.as('root');
    const viaAdmin = await root('PUT', '/api/processed-emails/reprocess', { tenantId, emailId: target.emailId });
    expect(viaAdmin.status).toBe(200);
    expect(await count()).toBe(n);
    // The admin must name the right tenant.
    expect(
      (await root('PUT', '/api/processed-emails/reprocess', { tenantId: tenantId + 1, emailId: target.emailId }))
        .status,
    ).toBe(404);
  });

  it('is for editors: a client user cannot reprocess or even list e-mails', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/tenant/processed-emails')).status).toBe(403);
    expect((await client('POST', '/api/tenant/processed-emails/reprocess', { emailId: 1 })).status).toBe(403);
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/tenant/processed-emails')).status).toBe(200);
  });
});

describe('admin parsing tools', () => {
  it('lists e-mails of every tenant by search term, and downloads one', async () => {
    const root = await t.as('root');
    const r = await root('GET', '/api/processed-emails?email=DC%20Servers');
    expect(r.status).toBe(200);
    expect(r.body.Total).toBe(1);
    expect(r.body.Results[0]).toMatchObject({ TenantName: 'Acme MSP', Vendor: 'veeam-br' });
    const { tenantId, emailId } = r.body.Results[0];
    const dl = await t.call('GET', `/api/processed-emails/download?tenantId=${tenantId}&emailId=${emailId}`, {
      token: await t.token('root'),
    });
    expect(dl.status).toBe(200);
    expect(String(dl.body)).toContain('DC Servers');
    const wrong = await t.call('GET', `/api/processed-emails/download?tenantId=${tenantId + 1}&emailId=${emailId}`, {
      token: await t.token('root'),
    });
    expect(wrong.status).toBe(404);
  });

  it('reports the parsing status', async () => {
    const r = await (await t.as('root'))('GET', '/api/parsing-status');
    expect(r.status).toBe(200);
    expect(r.body.QueueDepth).toBe(0);
    expect(r.body.ReceivedLastHour).toBeGreaterThanOrEqual(10);
    expect(r.body.UnrecognisedLastDay).toBeGreaterThanOrEqual(2);
    expect(r.body.TopVendors[0]).toMatchObject({ Vendor: 'veeam-br' });
    expect(r.body.ByState.Inactive).toBeGreaterThanOrEqual(1);
  });

  it('test-parses an uploaded .eml, polled by identifier', async () => {
    const raw = readFileSync(fixture('veeam-br', 'replication-job-failed.eml'));
    const boundary = '----vigiltest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="email"; filename="r.eml"\r\nContent-Type: message/rfc822\r\n\r\n`,
      ),
      raw,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/test-parsing',
      headers: {
        authorization: `Bearer ${await t.token('root')}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(started.statusCode).toBe(200);
    const { identifier } = started.json();
    const root = await t.as('root');
    let status;
    for (let i = 0; i < 50; i++) {
      status = (await root('GET', `/api/admin/test-parsing/status?identifier=${identifier}`)).body;
      if (status.Status !== 'Running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.Status).toBe('Completed');
    expect(status.Vendor).toBe('veeam-br');
    expect(status.Results.length).toBeGreaterThan(0);
    expect(status.Results.some((r: { Status: string }) => r.Status === 'Failure')).toBe(true);

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/test-parsing',
      headers: { authorization: `Bearer ${await t.token('root')}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
    const unknown = await root('GET', '/api/admin/test-parsing/status?identifier=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('manages tenant IMAP mailboxes', async () => {
    const root = await t.as('root');
    const tenants = (await root('GET', '/api/admin/tenants')).body;
    const acme = tenants.find((x: { Name: string }) => x.Name === 'Acme MSP');
    const made = await root('POST', '/api/admin/tenants/mailbox', {
      tenantId: acme.Id ?? acme.tenantId,
      Email: 'backups@acme.test',
      Host: 'imap.acme.test',
      UserName: 'backups@acme.test',
      Password: 'secret',
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      Port: 993,
      Secure: true,
      Folder: 'INBOX',
      IsEnabled: true,
      TenantName: 'Acme MSP',
    });
    expect(made.body).not.toHaveProperty('Password');
    const toggled = await root('POST', `/api/Message/ToggleEnableMailBox/${made.body.Id}`);
    expect(toggled.body.IsEnabled).toBe(false);
    const seen = await (await t.as('admin'))('GET', '/api/tenant/mailboxes');
    expect(seen.body.Mailboxes).toEqual([expect.objectContaining({ Email: 'backups@acme.test', IsEnabled: false })]);
    expect((await root('GET', '/api/Message/GetMailBoxConfiguration')).body).toHaveLength(1);
    expect((await root('DELETE', `/api/Message/DeleteMailBox/${made.body.Id}`)).status).toBe(200);
    expect((await root('DELETE', `/api/Message/DeleteMailBox/${made.body.Id}`)).status).toBe(404);
  });
});
