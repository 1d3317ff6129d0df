import { describe, expect, it } from 'vitest';
import { apiKeys, apiKeyUsage, backups, emails, errorLogs, results } from '../../db/schema/index.ts';
import { Jobs } from '../../platform/jobs.ts';
import { t, acme, other, setUpAdminPortalSuite } from './admin-portal.setup.ts';

setUpAdminPortalSuite();

describe('statistics', () => {
  it('counts e-mails, results, backups and public API use in the range, per day and per tenant', async () => {
    const db = t.database.db;
    const at = (s: string) => new Date(s);
    const mail = (tenantId: number, state: string, when: string, i: number) => ({
      tenantId,
      source: 'smtp',
      recipient: 'x@inbound.localhost',
      messageId: `<stat-${i}@t>`,
      contentHash: `stat-${i}`,
      size: 1000,
      blobKey: `stat/${i}`,
      state,
      receivedAt: at(when),
    });
    await db.insert(emails).values([
      mail(acme, 'Processed', '2024-03-10T08:00:00Z', 1),
      mail(acme, 'Processed', '2024-03-10T23:59:00Z', 2),
      mail(acme, 'Inactive', '2024-03-11T01:00:00Z', 3),
      mail(other, 'Failed', '2024-03-12T12:00:00Z', 4),
      mail(other, 'Processed', '2024-04-01T00:00:00Z', 5), // after the range
    ]);
    const [b] = await db
      .insert(backups)
      .values([
        { tenantId: acme, vendor: 'Veeam', deviceName: 'srv1', jobName: 'Nightly', state: 'Active' },
        { tenantId: acme, vendor: 'Veeam', deviceName: 'srv2', jobName: 'Nightly', state: 'Retired' },
      ])
      .returning();
    const result = (status: number, when: string) => ({
      tenantId: acme,
      backupId: b.id,
      status,
      filedAt: at(when),
      resultKind: 'Backup',
      source: 'manual',
    });
    await db.insert(results).values([
      result(1, '2024-03-10T09:00:00Z'),
      result(1, '2024-03-11T09:00:00Z'),
      result(3, '2024-03-11T10:00:00Z'),
      result(2, '2024-02-29T10:00:00Z'), // before the range
    ]);
    const [key] = await db
      .insert(apiKeys)
      .values({ tenantId: other, name: 'RMM', prefix: 'vk_1', keyHash: 'stat-key-hash' })
      .returning();
    await db.insert(apiKeyUsage).values([
      { tenantId: other, apiKeyId: key.id, day: '2024-03-05', requests: 40, rows: 400 },
      { tenantId: other, apiKeyId: key.id, day: '2024-03-06', requests: 2, rows: 5 },
      { tenantId: other, apiKeyId: key.id, day: '2024-05-06', requests: 99, rows: 5 },
    ]);

    const root = await t.as('root');
    const range = 'From=2024-03-01&To=2024-03-31';
    const e = (await root('GET', `/api/statistics/emails?${range}`)).body;
    expect(e).toMatchObject({ Total: 4, Processed: 2, Inactive: 1, Other: 1, Tenants: 2, Bytes: 4000 });
    expect(e.Daily).toHaveLength(31);
    expect(e.Daily.find((d: { Day: string }) => d.Day === '2024-03-10')).toEqual({
      Day: '2024-03-10',
      Total: 2,
      Processed: 2,
    });
    const ed = (await root('GET', `/api/statistics/emails/detailed?${range}`)).body;
    expect(ed.map((r: { TenantName: string; Total: number }) => [r.TenantName, r.Total])).toEqual([
      ['Acme MSP', 3],
      ['Other MSP', 1],
    ]);

    const bk = (await root('GET', `/api/statistics/backups?${range}`)).body;
    expect(bk).toMatchObject({ Results: 3, Success: 2, Warning: 0, Failure: 1 });
    expect(bk.Active).toBeGreaterThanOrEqual(1);
    expect(bk.Retired).toBeGreaterThanOrEqual(1);
    expect(bk.Daily.find((d: { Day: string }) => d.Day === '2024-03-11')).toEqual({
      Day: '2024-03-11',
      Success: 1,
      Warning: 0,
      Failure: 1,
    });
    const bd = (await root('GET', `/api/statistics/backups/detailed?${range}`)).body;
    expect(bd.find((r: { TenantId: number }) => r.TenantId === acme)).toMatchObject({ Results: 3, Failure: 1 });

    const api = (await root('GET', `/api/statistics/public-api?${range}`)).body;
    expect(api).toMatchObject({ Requests: 42, Rows: 405, Keys: 1, Tenants: 1 });
    const apid = (await root('GET', `/api/statistics/public-api/detailed?${range}`)).body;
    expect(apid).toEqual([expect.objectContaining({ TenantName: 'Other MSP', Requests: 42, Keys: 1 })]);

    const ten = (await root('GET', `/api/statistics/tenants?${range}`)).body;
    expect(ten).toMatchObject({ Total: 2, Enabled: 2, Disabled: 0, New: 0 });
    expect(ten.Daily).toHaveLength(31);
  });

  it('defaults to the last 30 days and refuses a reversed or over-long range with 400', async () => {
    const root = await t.as('root');
    const d = await root('GET', '/api/statistics/tenants');
    expect(d.body.Daily).toHaveLength(30);
    expect(d.body.To).toBe(new Date().toISOString().slice(0, 10));
    const reversed = await root('GET', '/api/statistics/emails?From=2024-03-10&To=2024-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.Message).toBe('Date Filter To must be later than Date Filter From');
    expect((await root('GET', '/api/statistics/emails?From=2020-01-01&To=2024-01-01')).status).toBe(400);
    expect((await root('GET', '/api/statistics/emails?From=2024-02-30')).status).toBe(400);
  });
});

describe('error log', () => {
  it('records a server 500 with its route, and a browser report, and pages them by type', async () => {
    const root = await t.as('root');
    // A real failure: the statistics query meets a missing table.
    await t.database.query('ALTER TABLE api_key_usage RENAME TO api_key_usage_away');
    let failed;
    try {
      failed = await root('GET', '/api/statistics/public-api');
    } finally {
      await t.database.query('ALTER TABLE api_key_usage_away RENAME TO api_key_usage');
    }
    expect(failed.status).toBe(500);
    expect(failed.body.Message).toBe('Something went Wrong');

    const anonymous = await t.call('POST', '/api/common/error', {
      body: { Message: 'TypeError: x is undefined', Url: 'http://vigil.test/page/login', Kind: 'window.onerror' },
    });
    expect(anonymous.status).toBe(202);
    const token = await t.token('admin');
    const signedIn = await t.call('POST', '/api/common/error', {
      token,
      body: { Message: 'Render failed', Url: 'http://vigil.test/app/audit', Stack: 'at Audit', Kind: 'boundary' },
    });
    expect(signedIn.status).toBe(202);

    const server = await root('GET', '/api/logs/errors?type=server');
    expect(server.body.Total).toBe(1);
    expect(server.body.Results[0]).toMatchObject({ Type: 'server', Source: 'GET /api/statistics/public-api' });
    expect(server.body.Results[0].Message).toMatch(/api_key_usage/);
    const clients = await root('GET', '/api/logs/errors?type=client');
    expect(
      clients.body.Results.map((r: { Message: string; UserEmail: string | null; TenantName: string | null }) => [
        r.Message,
        r.UserEmail,
        r.TenantName,
      ]),
    ).toEqual([
      ['Render failed', 'admin@acme.test', 'Acme MSP'],
      ['TypeError: x is undefined', null, null],
    ]);
    const both = await root('GET', '/api/logs/errors?type=server&type=client&Size=2&Page=2');
    expect(both.body).toMatchObject({ Total: 3, Page: 2, PageSize: 2, TotalPages: 2 });
    expect(both.body.Results).toHaveLength(1);
    expect((await root('GET', '/api/logs/errors?type=nonsense')).status).toBe(400);
    expect((await root('GET', '/api/logs/errors?search=render')).body.Total).toBe(1);
  });

  it('refuses an empty or oversized browser report with 400 and writes nothing', async () => {
    const before = (await t.database.db.select().from(errorLogs)).length;
    expect((await t.call('POST', '/api/common/error', { body: { Message: '' } })).status).toBe(400);
    const huge = await t.call('POST', '/api/common/error', { body: { Message: 'x', Stack: 'y'.repeat(20_000) } });
    expect(huge.status).toBe(400);
    expect((await t.database.db.select().from(errorLogs)).length).toBe(before);
  });

  it('limits browser reports per address', async () => {
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) {
      last = (await t.call('POST', '/api/common/error', { body: { Message: `flood ${i}` } })).status;
    }
    expect(last).toBe(429);
  });
});

describe('functions', () => {
  it('shows a real queue with its schedule, and a failed job in the error log', async () => {
    const jobs = new Jobs(t.database, t.databaseUrl);
    await jobs.start([
      {
        name: 'admin-portal-probe',
        cron: '0 3 * * *',
        handler: async (data) => {
          if ((data as { fail?: boolean }).fail) throw new Error('probe failed on purpose');
        },
      },
    ]);
    try {
      await jobs.send('admin-portal-probe', { fail: true }, { retryLimit: 0 });
      await jobs.send('admin-portal-probe', { fail: false });
      const root = await t.as('root');
      const deadline = Date.now() + 30_000;
      let probe;
      while (Date.now() < deadline) {
        const s = await root('GET', '/api/functions/admin/status');
        probe = s.body.Queues.find((q: { Name: string }) => q.Name === 'admin-portal-probe');
        if (probe && probe.Failed === 1 && probe.LastCompletedAt) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(probe).toMatchObject({ Cron: '0 3 * * *', Timezone: 'UTC', Failed: 1, Queued: 0, Active: 0 });
      expect(probe.LastFailedAt).not.toBeNull();
      expect(probe.LastCompletedAt).not.toBeNull();
      const logged = await root('GET', '/api/logs/errors?type=job');
      expect(logged.body.Results[0]).toMatchObject({
        Source: 'admin-portal-probe',
        Message: 'probe failed on purpose',
      });
    } finally {
      await jobs.stop();
    }
  }, 60_000);

  it('shows a tenant what runs for it, from its own rows only', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', '/api/functions/status');
    expect(r.status).toBe(200);
    const byKey = Object.fromEntries(r.body.map((f: { Key: string }) => [f.Key, f]));
    // Acme's e-mails of the statistics test: last received 2024-03-11 01:00.
    expect(byKey['email-intake']).toMatchObject({ State: 'ok', LastAt: '2024-03-11T01:00:00.000Z' });
    expect(byKey['daily-rollup'].Detail).toMatch(/1 active backup/);
    const outsider = await t.as('outsider');
    const theirs = await outsider('GET', '/api/functions/status');
    const intake = theirs.body.find((f: { Key: string }) => f.Key === 'email-intake');
    expect(intake.LastAt).toBe('2024-04-01T00:00:00.000Z');
    // Platform administrators have no tenant of their own.
    expect((await (await t.as('root'))('GET', '/api/functions/status')).status).toBe(403);
  });

  it('counts the enabled report schedules, so a schedule that has not run yet is not asked for again', async () => {
    const admin = await t.as('admin');
    const reports = async () =>
      (await admin('GET', '/api/functions/status')).body.find((f: { Key: string }) => f.Key === 'scheduled-reports');
    expect(await reports()).toMatchObject({ State: 'idle', Configured: 0, Detail: '0 enabled schedules' });
    const created = await admin('POST', '/api/reports/scheduled', {
      Name: 'Weekly inventory',
      ReportType: 'BackupInventory',
      Format: 4,
      Weekdays: 127,
      Hour: 7,
      Recipients: ['noc@acme.test'],
    });
    expect(created.status).toBe(200);
    expect(await reports()).toMatchObject({ State: 'idle', Configured: 1, Detail: '1 enabled schedule' });
  });
});

describe('access', () => {
  it('refuses every Admin Portal route to tenant personas with 403', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/admin/${acme}/users`],
      ['GET', `/api/admin/groups/${acme}`],
      ['GET', `/api/admin/tenants/${acme}/overview`],
      ['POST', `/api/admin/tenants/${acme}/user`, { Email: 'sneaky@acme.test', Level: 3 }],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/search?search=acme'],
      ['POST', '/api/admin/users', { Email: 'sneaky@vigil.local', Privileges: 1 }],
      ['PUT', '/api/admin/users', { Id: 1, FirstName: '', LastName: '', Privileges: 1, IsEnabled: true }],
      ['DELETE', '/api/admin/users/1'],
      ['GET', '/api/statistics/tenants'],
      ['GET', '/api/statistics/emails'],
      ['GET', '/api/statistics/emails/detailed'],
      ['GET', '/api/statistics/backups'],
      ['GET', '/api/statistics/backups/detailed'],
      ['GET', '/api/statistics/public-api'],
      ['GET', '/api/statistics/public-api/detailed'],
      ['GET', '/api/functions/admin/status'],
      ['GET', '/api/logs/errors'],
    ];
    for (const p of ['admin', 'standard', 'client', 'outsider'] as const) {
      const call = await t.as(p);
      for (const [method, url, body] of calls) {
        const r = await call(method, url, body);
        expect(r.status, `${p} ${method} ${url}`).toBe(403);
        expect(r.body.Message).toBe("You don't have a permission.");
      }
    }
    expect((await t.call('GET', '/api/admin/users')).status).toBe(401);
  });

  it('gives the outsider of Other MSP a 404 for Acme’s users and groups through the tenant routes it may call', async () => {
    // The outsider's tenant routes are scoped to its own tenant: Acme's ids are simply not there.
    const outsider = await t.as('outsider');
    const acmeUser = (await (await t.as('root'))('GET', `/api/admin/${acme}/users`)).body[0];
    expect((await outsider('GET', `/api/user/${acmeUser.Id}`)).status).toBe(404);
    expect((await outsider('GET', `/api/admin/${acme}/users`)).status).toBe(403);
  });
});
