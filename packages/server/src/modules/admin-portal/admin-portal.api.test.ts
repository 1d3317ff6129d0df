import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Privilege } from '@vigil/contract';
import { apiKeys, apiKeyUsage, backups, emails, errorLogs, results, tenants } from '../../db/schema/index.ts';
import { Jobs } from '../../platform/jobs.ts';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { LAST_SUPER_MESSAGE } from './administrators-service.ts';

let t: TestApp;
let acme: number;
let other: number;
beforeAll(async () => {
  t = await testApp();
  acme = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme')))[0].id;
  other = (await t.database.db.select().from(tenants).where(eq(tenants.slug, 'other')))[0].id;
});
afterAll(async () => t.close());

/** The set-password link of the last message to an address, as the new user would open it. */
async function acceptInvite(to: string, password: string): Promise<void> {
  const root = await t.as('root');
  const mail = await root('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}`);
  expect(mail.body[0].Subject).toBe('Your Vigil account is ready');
  const token = /\/page\/setPassword\/([\w-]+)/.exec(mail.body[0].Text)![1];
  const set = await t.call('POST', '/api/user/set-password', {
    body: { Token: token, Password: password, ConfirmPassword: password },
  });
  expect(set.status).toBe(200);
}

async function signIn(email: string, password: string) {
  const r = await t.call('POST', '/api/UserAuth/Login', { body: { UserName: email, Password: password } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const token = r.body.accessToken as string;
  return (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });
}

describe('a tenant seen from the Admin Portal', () => {
  it('lists its users with level, group and sign-in state, and its groups with member counts', async () => {
    const root = await t.as('root');
    await t.login('standard');
    const users = await root('GET', `/api/admin/${acme}/users`);
    expect(users.status).toBe(200);
    expect(users.body.map((u: { Email: string }) => u.Email)).toEqual([
      'admin@acme.test',
      'client@acme.test',
      'standard@acme.test',
    ]);
    const std = users.body.find((u: { Email: string }) => u.Email === 'standard@acme.test');
    expect(std).toMatchObject({
      LevelName: 'Standard',
      GroupName: 'Standard Users',
      IsEnabled: true,
      HasPassword: true,
    });
    expect(std.LastLoginAt).not.toBeNull();
    const groups = await root('GET', `/api/admin/groups/${acme}`);
    expect(groups.body.map((g: { Name: string; UsersCount: number }) => [g.Name, g.UsersCount])).toEqual([
      ['Administrators', 1],
      ['Standard Users', 1],
      ['Clients', 1],
    ]);
    const overview = await root('GET', `/api/admin/tenants/${acme}/overview`);
    expect(overview.body).toMatchObject({ Id: acme, Name: 'Acme MSP', Slug: 'acme', IsEnabled: true });
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const root = await t.as('root');
    for (const url of ['/api/admin/999999/users', '/api/admin/groups/999999', '/api/admin/tenants/999999/overview']) {
      const r = await root('GET', url);
      expect(r.status, url).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    const add = await root('POST', '/api/admin/tenants/999999/user', { Email: 'x@y.test', Level: 2 });
    expect(add.status).toBe(404);
  });

  it('adds a user who receives a set-password e-mail and can then sign in to that tenant', async () => {
    const root = await t.as('root');
    const r = await root('POST', `/api/admin/tenants/${other}/user`, {
      Email: 'new.tech@other.test',
      FirstName: 'Nia',
      LastName: 'Tech',
      Level: 2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ Email: 'new.tech@other.test', GroupName: 'Standard Users', HasPassword: false });
    await acceptInvite('new.tech@other.test', 'Fresh!Pass1');
    const me = await signIn('new.tech@other.test', 'Fresh!Pass1');
    expect((await me('GET', '/api/common/settings')).body.TenantName).toBe('Other MSP');
    // The tenant's own administrator sees the new user; Acme's list does not change.
    const otherUsers = await root('GET', `/api/admin/${other}/users`);
    expect(otherUsers.body.map((u: { Email: string }) => u.Email)).toContain('new.tech@other.test');
    expect((await root('GET', `/api/admin/${acme}/users`)).body).toHaveLength(3);
  });

  it('refuses a taken e-mail, a bad level and another tenant’s group with 400, writing nothing', async () => {
    const root = await t.as('root');
    const acmeGroups = (await root('GET', `/api/admin/groups/${acme}`)).body as { Id: number }[];
    const cases: [unknown, string][] = [
      [{ Email: 'ADMIN@acme.test', Level: 2 }, 'Email'],
      [{ Email: 'not-an-address', Level: 2 }, 'Email'],
      [{ Email: 'someone@other.test', Level: 7 }, 'Level'],
      [{ Email: 'someone@other.test', Level: 2, GroupId: acmeGroups[0].Id }, 'GroupId'],
    ];
    const before = (await root('GET', `/api/admin/${other}/users`)).body.length;
    for (const [body, field] of cases) {
      const r = await root('POST', `/api/admin/tenants/${other}/user`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.title).toBe('Bad Request');
      expect(r.body.Errors[0].Field).toBe(field);
    }
    expect((await root('GET', `/api/admin/${other}/users`)).body).toHaveLength(before);
  });
});

describe('administrators', () => {
  it('lists administrators with their role labels and finds any user by e-mail', async () => {
    const root = await t.as('root');
    const list = await root('GET', '/api/admin/users');
    expect(list.body).toEqual([
      expect.objectContaining({ Email: 'root@vigil.local', Privileges: 1, Roles: ['Super'] }),
    ]);
    const hits = await root('GET', '/api/admin/users/search?search=acme.test');
    expect(hits.body.map((h: { Email: string; TenantName: string }) => [h.Email, h.TenantName])).toEqual([
      ['admin@acme.test', 'Acme MSP'],
      ['client@acme.test', 'Acme MSP'],
      ['standard@acme.test', 'Acme MSP'],
    ]);
    const short = await root('GET', '/api/admin/users/search?search=a');
    expect(short.status).toBe(400);
  });

  it('a super admin adds a Success + Billing administrator, who may read but not manage administrators', async () => {
    const root = await t.as('root');
    const created = await root('POST', '/api/admin/users', {
      Email: 'care@vigil.local',
      FirstName: 'Cara',
      LastName: 'Success',
      Privileges: Privilege.successAdmin | Privilege.billingAdmin,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.Roles).toEqual(['Success', 'Billing']);
    await acceptInvite('care@vigil.local', 'Care!Pass1');
    const care = await signIn('care@vigil.local', 'Care!Pass1');
    expect((await care('GET', '/api/admin/users')).body).toHaveLength(2);
    expect((await care('GET', `/api/admin/${acme}/users`)).status).toBe(200);
    // Granting Super (or any change of administrators) is for Super administrators only.
    const grant = await care('PUT', '/api/admin/users', {
      Id: created.body.Id,
      FirstName: 'Cara',
      LastName: 'Success',
      Privileges: 15,
      IsEnabled: true,
    });
    expect(grant.status).toBe(403);
    expect(grant.body.Message).toBe("You don't have a permission.");
    expect((await care('POST', '/api/admin/users', { Email: 'x@vigil.local', Privileges: 2 })).status).toBe(403);
    expect((await care('DELETE', `/api/admin/users/${created.body.Id}`)).status).toBe(403);
    // Success may add a user to a tenant (support work).
    const added = await care('POST', `/api/admin/tenants/${acme}/user`, { Email: 'viewer@acme.test', Level: 1 });
    expect(added.body.GroupName).toBe('Clients');
  });

  it('keeps the last Super administrator: no demotion, disabling or removal', async () => {
    const root = await t.as('root');
    const me = (await root('GET', '/api/admin/users')).body.find(
      (a: { Email: string }) => a.Email === 'root@vigil.local',
    );
    const demote = await root('PUT', '/api/admin/users', {
      Id: me.Id,
      FirstName: '',
      LastName: '',
      Privileges: Privilege.successAdmin,
      IsEnabled: true,
    });
    expect(demote.status).toBe(400);
    expect(demote.body.Message).toBe(LAST_SUPER_MESSAGE);
    expect((await root('DELETE', `/api/admin/users/${me.Id}`)).status).toBe(400);
    // With a second Super administrator, the first can be demoted, and the second then cannot be removed.
    const second = await root('POST', '/api/admin/users', { Email: 'chief@vigil.local', Privileges: 1 });
    const ok = await root('PUT', '/api/admin/users', {
      Id: me.Id,
      FirstName: 'Root',
      LastName: '',
      Privileges: Privilege.superAdmin | Privilege.salesAdmin,
      IsEnabled: true,
    });
    expect(ok.body.Roles).toEqual(['Super', 'Sales']);
    const bad = await root('PUT', '/api/admin/users', {
      Id: me.Id,
      FirstName: '',
      LastName: '',
      Privileges: 0,
      IsEnabled: true,
    });
    expect(bad.status).toBe(400);
    const removed = await root('DELETE', `/api/admin/users/${second.body.Id}`);
    expect(removed.status).toBe(200);
    expect((await root('GET', '/api/admin/users')).body.map((a: { Email: string }) => a.Email)).not.toContain(
      'chief@vigil.local',
    );
    expect((await root('DELETE', '/api/admin/users/999999')).status).toBe(404);
  });

  it('answers 404 for a tenant user’s id (administrators are platform users only)', async () => {
    const root = await t.as('root');
    const [tenantUser] = (await root('GET', `/api/admin/${acme}/users`)).body;
    expect((await root('DELETE', `/api/admin/users/${tenantUser.Id}`)).status).toBe(404);
  });
});

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
