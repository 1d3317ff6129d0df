import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groups, tenants, users } from '../db/schema/index.ts';
import { testApp, type TestApp } from '../../test/harness.ts';
import { tenantSnapshot } from '../../test/snapshot.ts';
import { readFileSync } from 'node:fs';
import { fixture } from '../../test/fixtures.ts';
import { activateBackups } from '../rollup/activation.ts';
import { CLASSIFIED } from './tenancy.routes.ts';

/**
 * The outsider suite: a user of another tenant must get 404 for every resource of ours, see
 * none of our rows in any list, and change nothing. Every API route must be classified in
 * tenancy.routes.ts, so a new endpoint cannot slip in without being covered here.
 */

let t: TestApp;
let homeId: number;
let homeGroupIds: number[];
let homeUserIds: number[];
let homeEmailId: number;
let homeAliasId: number;
let homeBackupId: number;
let homeResultId: number;
let homeScheduleId: number;
let homeFilterId: number;
let homeDay: string;

beforeAll(async () => {
  t = await testApp();
  const [home] = await t.database.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
  homeId = home.id;
  homeGroupIds = (await t.database.db.select().from(groups).where(eq(groups.tenantId, homeId))).map((g) => g.id);
  homeUserIds = (await t.database.db.select().from(users).where(eq(users.tenantId, homeId))).map((u) => u.id);
  const raw = readFileSync(fixture('veeam-br', 'backup-job-success.eml'));
  const [accepted] = await t.deps.ingest.accept({
    raw,
    envelopeFrom: 'veeam@acme.test',
    recipients: [{ tenantId: homeId, address: 'acme@inbound.localhost', plusTag: null }],
    source: 'smtp',
  });
  homeEmailId = accepted.emailId;
  homeAliasId = (await (await t.as('admin'))('POST', '/api/tenant/aliases', { Email: 'acme-backups' })).body.Id;

  // Audit data of ours: an active backup on a named schedule, a manual result, a verified day,
  // saved filters and settings.
  const admin = await t.as('admin');
  homeScheduleId = (await admin('POST', '/api/schedule', { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 127 } }))
    .body.ScheduleId;
  const backup = await t.database.query<{ id: number }>(
    `SELECT id FROM backups WHERE tenant_id = $1 ORDER BY id LIMIT 1`,
    [homeId],
  );
  homeBackupId = backup.rows[0].id;
  await activateBackups(t.database, t.deps.rollup, homeId, [homeBackupId], { scheduleId: homeScheduleId });
  const yesterday = new Date(Date.now() - 86_400_000);
  homeDay = yesterday.toISOString().slice(0, 10);
  homeResultId = (
    await admin('POST', '/api/audit-result', {
      PolicyId: homeBackupId,
      Status: 1,
      ParsedDateTime: yesterday.toISOString(),
    })
  ).body.ResultID;
  await admin('PUT', '/api/audit-result/verify', { PolicyIds: [homeBackupId], Date: homeDay, Notes: 'ours' });
  homeFilterId = (await admin('POST', '/api/user/filter', { name: 'Ours', filters: { Statuses: [3] } })).body.id;
  await admin('PUT', '/api/account/audit-filters', { Search: 'ours' });
});

/** The audit rows a tenant owns, as one comparable value (with the snapshot of everything else). */
async function auditSnapshot(tenantId: number): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const table of ['schedules', 'audit_actions', 'user_filters', 'backup_days', 'backup_tags', 'companies']) {
    parts[table] = (
      await t.database.query(`SELECT * FROM ${table} WHERE tenant_id = $1 ORDER BY 1, 2, 3`, [tenantId])
    ).rows;
  }
  parts.user_preferences = (
    await t.database.query(
      'SELECT p.* FROM user_preferences p JOIN users u ON u.id = p.user_id WHERE u.tenant_id = $1 ORDER BY 1, 2',
      [tenantId],
    )
  ).rows;
  return JSON.stringify(parts) + (await tenantSnapshot(t.database, tenantId));
}
afterAll(async () => t.close());

describe('route coverage', () => {
  it('classifies every API route, and every classified route exists', () => {
    const actual = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(actual).toEqual(Object.keys(CLASSIFIED).sort());
  });

  it('public routes are exactly the ones marked public on the server', () => {
    const publicRoutes = t.routes
      .filter((r) => r.access?.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const expected = Object.entries(CLASSIFIED)
      .filter(([, k]) => k === 'public')
      .map(([r]) => r)
      .sort();
    expect(publicRoutes).toEqual(expected);
  });
});

describe('another tenant', () => {
  it('gets 404 for each of our groups and users, and changes nothing', async () => {
    const before = await tenantSnapshot(t.database, homeId);
    const outsider = await t.as('outsider');
    for (const id of homeGroupIds) {
      const r = await outsider('GET', `/api/group/${id}`);
      expect(r.status, `group ${id}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    for (const id of homeUserIds) expect((await outsider('GET', `/api/user/${id}`)).status, `user ${id}`).toBe(404);
    expect(await tenantSnapshot(t.database, homeId)).toBe(before);
  });

  it('gets 404 for our e-mails and aliases, and changes nothing', async () => {
    const before = await tenantSnapshot(t.database, homeId);
    const outsider = await t.as('outsider');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/tenant/processed-emails/download?emailId=${homeEmailId}`],
      ['POST', '/api/tenant/processed-emails/reprocess', { emailId: homeEmailId }],
      ['DELETE', `/api/tenant/aliases/${homeAliasId}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    expect(await tenantSnapshot(t.database, homeId)).toBe(before);
  });

  it('gets 404 for our backups, results, schedules and saved filters, and changes nothing', async () => {
    const before = await auditSnapshot(homeId);
    const outsider = await t.as('outsider');
    const ids = { PolicyIds: [homeBackupId], Date: homeDay };
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/policy/audit/results?policyId=${homeBackupId}&date=${homeDay}`],
      ['GET', `/api/audit-result/${homeResultId}`],
      ['GET', `/api/audit-result/parsed-datetime/${homeResultId}`],
      ['POST', '/api/audit-result', { PolicyId: homeBackupId, Status: 3, ParsedDateTime: new Date().toISOString() }],
      [
        'PUT',
        '/api/audit-result/edit',
        { ResultID: homeResultId, Status: 3, ParsedDateTime: new Date().toISOString() },
      ],
      ['POST', '/api/audit-result/delete', { ResultIds: [homeResultId] }],
      ['GET', `/api/audit-result/verify?policyId=${homeBackupId}&date=${homeDay}`],
      ['PUT', '/api/audit-result/verify', ids],
      ['PUT', '/api/audit-result/remediate', ids],
      ['PUT', '/api/audit-result/restore', ids],
      ['PUT', '/api/audit-result/delete-verify', ids],
      ['PUT', '/api/audit-result/delete-remediate', ids],
      ['PUT', '/api/audit-result/delete-restore', ids],
      ['POST', '/api/user/filter', { id: homeFilterId, name: 'Taken over', filters: {} }],
      ['DELETE', `/api/user/filter/${homeFilterId}`],
      [
        'POST',
        '/api/schedule',
        { ScheduleId: homeScheduleId, Name: 'Taken over', Rule: { kind: 'weekly', weekdays: 1 } },
      ],
      ['DELETE', `/api/schedule/${homeScheduleId}`],
      ['GET', `/api/daily-activity/status-log/${homeBackupId}?date=${homeDay}`],
      ['GET', `/api/daily-activity/group-details/${homeBackupId}?date=${homeDay}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    expect(await auditSnapshot(homeId)).toBe(before);
  });

  it('sees none of our audit rows, schedules, results of the day or saved filters', async () => {
    const outsider = await t.as('outsider');
    const grid = await outsider('POST', '/api/policy/audit-backups', {});
    expect(grid.status).toBe(200);
    expect(grid.body.Total).toBe(0);
    const daily = await outsider('POST', '/api/daily-activity/daily-backups', { Date: homeDay });
    expect(daily.status).toBe(200);
    expect(daily.body.Total).toBe(0);
    expect((await outsider('GET', '/api/schedule')).body).toEqual([]);
    const options = await outsider('GET', '/api/schedule/options');
    expect(options.body.every((o: { ScheduleId: number | null }) => o.ScheduleId === null)).toBe(true);
    expect((await outsider('GET', '/api/common/user-filters')).body).toEqual([
      { id: -1, name: 'All backups', filters: {} },
    ]);
    expect((await outsider('GET', '/api/account/audit-filters')).body).toEqual({});
    // Our audit data is there for us.
    const admin = await t.as('admin');
    expect((await admin('POST', '/api/policy/audit-backups', {})).body.Total).toBe(1);
    expect((await admin('GET', '/api/schedule')).body).toHaveLength(1);
  });

  it('sees none of our e-mails, aliases or discovered backups', async () => {
    const outsider = await t.as('outsider');
    const emails = await outsider('GET', '/api/tenant/processed-emails');
    expect(emails.status).toBe(200);
    expect(emails.body.Results.map((e: { emailId: number }) => e.emailId)).not.toContain(homeEmailId);
    const boxes = await outsider('GET', '/api/tenant/mailboxes');
    expect(boxes.body.InboundAddress).toBe('other@inbound.localhost');
    expect(boxes.body.Aliases).toEqual([]);
    const inactive = await outsider('POST', '/api/backup/inactive', {});
    expect(inactive.status).toBe(200);
    expect(inactive.body.Total).toBe(0);
    // The alias belongs to us: the outsider cannot take it either.
    const taken = await outsider('POST', '/api/tenant/aliases', { Email: 'acme-backups' });
    expect(taken.status).toBe(400);
  });

  it('sees none of our rows in lists', async () => {
    const outsider = await t.as('outsider');
    for (const url of ['/api/group/standard', '/api/group/client']) {
      const r = await outsider('GET', url);
      expect(r.status).toBe(200);
      expect(r.body.length).toBeGreaterThan(0);
      for (const g of r.body) expect(homeGroupIds).not.toContain(g.Id);
    }
    const settings = await outsider('GET', '/api/common/settings');
    expect(settings.body.TenantName).toBe('Other MSP');
  });

  it('is told 404 for an id that exists nowhere, exactly as for ours (no existence oracle)', async () => {
    const outsider = await t.as('outsider');
    const ours = await outsider('GET', `/api/group/${homeGroupIds[0]}`);
    const none = await outsider('GET', '/api/group/999999');
    expect(ours.status).toBe(none.status);
    expect(ours.body).toEqual(none.body);
  });
});

describe('our own tenant', () => {
  it('an admin reads our groups and users', async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', `/api/group/${homeGroupIds[0]}`);
    expect(r.status).toBe(200);
    expect((await admin('GET', `/api/user/${homeUserIds[1]}`)).body.Email).toMatch(/@acme\.test$/);
    const list = await admin('GET', '/api/group/standard');
    expect(list.body.map((g: { Name: string }) => g.Name)).toEqual(['Administrators', 'Standard Users']);
  });

  it('standard and client users lack settings.getusers and get 403 with the spec message', async () => {
    for (const p of ['standard', 'client'] as const) {
      const r = await (await t.as(p))('GET', '/api/group/standard');
      expect(r.status, p).toBe(403);
      expect(r.body.Message).toBe("You don't have a permission.");
    }
  });
});

describe('platform routes', () => {
  it('refuse every tenant persona with 403', async () => {
    const platform = t.routes.filter((r) => CLASSIFIED[`${r.method} ${r.url}`] === 'platform');
    for (const p of ['admin', 'standard', 'client', 'outsider'] as const) {
      const call = await t.as(p);
      for (const r of platform) {
        const url = r.url
          .replace(':id', '1')
          .replace(':status', '1')
          .replace(':page', '1')
          .replace(':provider', 'smtp')
          .replace(':tenantId', '1')
          .replace(':publish', 'true');
        const res = await call(r.method, url, r.method === 'GET' ? undefined : { Key: 'x1', TenantIds: [] });
        expect(res.status, `${p} ${r.method} ${url}`).toBe(403);
      }
    }
  });
});
