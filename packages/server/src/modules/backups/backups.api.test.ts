import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import {
  addCompany,
  at,
  backupIds,
  clock,
  homeTenantId,
  sendCsv,
  setTimeZone,
  weekdayFlag,
} from '../audit/test-data.ts';

/**
 * The backup lifecycle through the API: discovered backups wait in the inactive list, are
 * activated with settings, edited one by one or in bulk, retired, reactivated, deleted and
 * merged — each a single transaction with its activity log, never touching another tenant.
 */
let t: TestApp;
let homeId: number;
let otherId: number;
let ids: Record<string, number>;
const { today, yesterday: Y } = clock();

type Call = Awaited<ReturnType<TestApp['as']>>;
let admin: Call;

async function list(kind: 'inactive' | 'active' | 'retire', body: object = {}) {
  const r = await admin('POST', `/api/backup/${kind}`, { Size: 200, ...body });
  expect(r.status).toBe(200);
  return r.body as { Results: { PolicyId: number; DeviceName: string }[]; Total: number };
}
const devices = (l: { Results: { DeviceName: string }[] }) => l.Results.map((x) => x.DeviceName).sort();

async function logRows(action?: string) {
  const r = await t.database.query<{
    action: string;
    entity_id: string;
    before: unknown;
    after: unknown;
    user_name: string;
  }>(
    `SELECT action, entity_id, before, after, user_name FROM activity_logs WHERE tenant_id = $1 ${action ? 'AND action = $2' : ''} ORDER BY id`,
    action ? [homeId, action] : [homeId],
  );
  return r.rows;
}

async function auditDevices(): Promise<string[]> {
  const r = await admin('POST', '/api/policy/audit-backups', { Date: Y, HistoryDays: 7, Size: 200 });
  return r.body.Results.map((x: { DeviceName: string }) => x.DeviceName).sort();
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
  await setTimeZone(t, homeId, 'UTC');
  // srv-weekday ran on weekdays for three weeks; the others now and then.
  const rows = [];
  for (let i = 1; i <= 21; i++) {
    const day = addDays(Y, -i + 1);
    const flag = weekdayFlag(day);
    if (flag !== 1 && flag !== 64) rows.push({ device: 'srv-weekday', status: 'Success' as const, at: at(day, 1) });
  }
  await sendCsv(t, homeId, rows);
  await sendCsv(t, homeId, [
    { device: 'srv-b', status: 'Success', at: at(addDays(Y, -2), 2) },
    { device: 'srv-c', status: 'Failed', at: at(addDays(Y, -3), 2) },
    { device: 'srv-d', status: 'Success', at: at(addDays(Y, -1), 2) },
    { device: 'srv-e', status: 'Warning', at: at(Y, 3) },
    { device: 'DESKTOP-7F2', status: 'Success', at: at(Y, 4) },
  ]);
  await sendCsv(t, otherId, [{ device: 'their-srv', status: 'Success', at: at(Y, 5) }]);
  ids = await backupIds(t, homeId);
  admin = await t.as('admin');
});
afterAll(async () => t.close());

describe('inactive backups and activation', () => {
  it('lists discovered backups with their sender and last e-mail, newest first', async () => {
    const l = await list('inactive');
    expect(devices(l)).toEqual(['DESKTOP-7F2', 'srv-b', 'srv-c', 'srv-d', 'srv-e', 'srv-weekday']);
    const row = (
      l.Results as unknown as { DeviceName: string; SenderEmail: string; LastEmailAt: string; State: string }[]
    ).find((x) => x.DeviceName === 'srv-b')!;
    expect(row.SenderEmail).toBe('exports@acme-client.test');
    expect(row.State).toBe('Inactive');
    expect(row.LastEmailAt).toBe(at(addDays(Y, -2), 2).toISOString());
    const searched = await list('inactive', { Search: 'srv-c' });
    expect(devices(searched)).toEqual(['srv-c']);
  });

  it('suggests a schedule from the weekdays results arrived on', async () => {
    const r = await admin('POST', '/api/policy/to-activate', { PolicyIds: [ids['srv-weekday']] });
    expect(r.status).toBe(200);
    expect(r.body[0].Suggested.Schedule).toEqual({ kind: 'weekly', weekdays: 62 });
    expect(r.body[0].Suggested.ScheduleReason).toMatch(/Monday, Tuesday, Wednesday, Thursday, Friday/);
  });

  it('activates several in one call; their kept results count in Audit at once', async () => {
    const companyId = await addCompany(t, homeId, 'Northwind', []);
    expect(await auditDevices()).toEqual([]);
    const r = await admin('PUT', '/api/policy-operation/batch', {
      PolicyIds: [ids['srv-weekday'], ids['srv-b'], ids['srv-e'], ids['DESKTOP-7F2']],
      Activate: true,
      Settings: {
        CompanyId: companyId,
        Schedule: { kind: 'weekly', weekdays: 127 },
        DayStartHour: 0,
        StatusCalculation: 'Worst',
        Tags: ['Servers', 'Gold'],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.Message).toBe('4 backups activated');
    expect(devices(await list('active'))).toEqual(['DESKTOP-7F2', 'srv-b', 'srv-e', 'srv-weekday']);
    expect(devices(await list('inactive'))).toEqual(['srv-c', 'srv-d']);
    expect(await auditDevices()).toEqual(['DESKTOP-7F2', 'srv-b', 'srv-e', 'srv-weekday']);
    const one = await admin('GET', `/api/backups/${ids['srv-e']}`);
    expect(one.body).toMatchObject({
      State: 'Active',
      CompanyName: 'Northwind',
      CompanySource: 'manual',
      StatusCalculation: 'Worst',
      ScheduleName: 'Every day',
      CurrentStatus: 2,
    });
    expect(one.body.Tags.map((x: { TagValue: string }) => x.TagValue)).toEqual(['Gold', 'Servers']);
    const logged = await logRows('Backup activated');
    expect(logged).toHaveLength(4);
    expect(logged[0].user_name).toBe('Ada Admin');
  });

  it('counts units, workstations and each list', async () => {
    const r = await admin('GET', '/api/account/policy-count');
    expect(r.body).toEqual({
      ActiveBackups: 4,
      Office365: 0,
      Workstations: 1,
      ActivePolicies: 4,
      InactivePolicies: 2,
      RetiredPolicies: 0,
    });
  });
});

describe('editing', () => {
  it('changes one backup and re-rolls its history; the log keeps before and after', async () => {
    const before = await admin('POST', '/api/policy/audit-backups', {
      Search: 'srv-weekday',
      Date: Y,
      HistoryDays: 14,
    });
    const sundays = before.body.Results[0].History.filter((h: { Date: string }) => weekdayFlag(h.Date) === 1);
    expect(sundays.every((h: { Status: number }) => h.Status === 4)).toBe(true);
    const r = await admin('PUT', '/api/policy-operation', {
      PolicyId: ids['srv-weekday'],
      Schedule: { kind: 'weekly', weekdays: 62 },
      Notes: 'Weekday file server',
      Tags: ['Servers'],
    });
    expect(r.status).toBe(200);
    const after = await admin('POST', '/api/policy/audit-backups', { Search: 'srv-weekday', Date: Y, HistoryDays: 14 });
    const sundaysAfter = after.body.Results[0].History.filter((h: { Date: string }) => weekdayFlag(h.Date) === 1);
    expect(sundaysAfter.every((h: { Status: number; IsScheduled: boolean }) => h.Status === 0 && !h.IsScheduled)).toBe(
      true,
    );
    const [log] = (await logRows('Backup edited')).slice(-1);
    expect(log.before).toMatchObject({ ScheduleName: 'Every day', Notes: null, Tags: ['Gold', 'Servers'] });
    expect(log.after).toMatchObject({ ScheduleName: 'Weekdays', Notes: 'Weekday file server', Tags: ['Servers'] });
  });

  it('refuses a company of another tenant and writes nothing of the batch', async () => {
    const theirs = await addCompany(t, otherId, 'Their Co', []);
    const before = await admin('GET', `/api/backups/${ids['srv-b']}`);
    const r = await admin('PUT', '/api/policy-operation/batch', {
      PolicyIds: [ids['srv-b'], ids['srv-e']],
      Settings: { CompanyId: theirs, Notes: 'changed' },
    });
    expect(r.status).toBe(400);
    expect(r.body.Message).toBe('Company not found');
    expect((await admin('GET', `/api/backups/${ids['srv-b']}`)).body).toEqual(before.body);
  });

  it('refuses bad input with the field named', async () => {
    const r = await admin('PUT', '/api/policy-operation/batch', { PolicyIds: [], Settings: {} });
    expect(r.status).toBe(400);
    const h = await admin('PUT', '/api/policy-operation', { PolicyId: ids['srv-b'], DayStartHour: 24 });
    expect(h.status).toBe(400);
  });

  it('pauses and resumes', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const r = await admin('POST', `/api/backups/${ids['srv-b']}/pause`, { Until: until });
    expect(r.status).toBe(200);
    expect(r.body.PausedUntil).toBe(until);
    const past = await admin('POST', `/api/backups/${ids['srv-b']}/pause`, { Until: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect((await admin('POST', `/api/backups/${ids['srv-b']}/pause`, { Until: null })).body.PausedUntil).toBeNull();
  });
});

describe('retire, reactivate, delete, merge', () => {
  it('retires: the backup leaves the active list and Audit, keeps its results', async () => {
    const r = await admin('PUT', '/api/policy-operation/retire', { PolicyId: ids['srv-e'] });
    expect(r.status).toBe(200);
    expect(devices(await list('active'))).not.toContain('srv-e');
    expect(devices(await list('retire'))).toEqual(['srv-e']);
    expect(await auditDevices()).not.toContain('srv-e');
    expect((await admin('GET', `/api/backups/${ids['srv-e']}`)).body).toMatchObject({
      State: 'Retired',
      ResultCount: 1,
    });
    expect((await admin('GET', '/api/account/policy-count')).body.RetiredPolicies).toBe(1);
  });

  it('reactivates a retired backup back into Audit', async () => {
    const r = await admin('PUT', '/api/policy-operation/reactivate-batch', { PolicyIds: [ids['srv-e']] });
    expect(r.status).toBe(200);
    expect(await auditDevices()).toContain('srv-e');
    // Only retired backups can be reactivated.
    expect((await admin('PUT', '/api/policy-operation/reactivate', { PolicyId: ids['srv-e'] })).status).toBe(404);
  });

  it('merges two backups: results combined, history re-rolled, later e-mails of the source filed to the target', async () => {
    await admin('PUT', '/api/policy-operation/batch', {
      PolicyIds: [ids['srv-c'], ids['srv-d']],
      Activate: true,
      Settings: { Schedule: { kind: 'weekly', weekdays: 127 } },
    });
    const r = await admin('POST', '/api/policy-operation/merge-polices', {
      SourcePolicyId: ids['srv-c'],
      TargetPolicyId: ids['srv-d'],
    });
    expect(r.status).toBe(200);
    expect(devices(await list('active'))).not.toContain('srv-c');
    expect((await admin('GET', `/api/backups/${ids['srv-c']}`)).status).toBe(404);
    const target = await admin('GET', `/api/backups/${ids['srv-d']}`);
    expect(target.body.ResultCount).toBe(2);
    const hist = await admin('POST', '/api/policy/audit-backups', { Search: 'srv-d', Date: Y, HistoryDays: 5 });
    const day = (d: string) => hist.body.Results[0].History.find((h: { Date: string }) => h.Date === d);
    expect(day(addDays(Y, -3)).Status).toBe(3);
    expect(day(addDays(Y, -1)).Status).toBe(1);
    // The source's name keeps arriving: it is filed to the target, not discovered again.
    await sendCsv(t, homeId, [{ device: 'srv-c', status: 'Success', at: at(today, 0, 30) }]);
    expect((await admin('GET', `/api/backups/${ids['srv-d']}`)).body.ResultCount).toBe(3);
    expect(devices(await list('inactive'))).not.toContain('srv-c');
    const merge = await admin('POST', '/api/policy-operation/merge-polices', {
      SourcePolicyId: ids['srv-d'],
      TargetPolicyId: ids['srv-d'],
    });
    expect(merge.status).toBe(400);
  });

  it('deletes with the PSA ticket choice recorded; Close sends ClosePsaTicket true', async () => {
    const r = await admin('POST', '/api/policy-operation/delete', { PolicyId: ids['srv-b'], ClosePsaTicket: true });
    expect(r.status).toBe(200);
    expect(r.body.Message).toBe('Successfully deleted.');
    expect((await admin('GET', `/api/backups/${ids['srv-b']}`)).status).toBe(404);
    const [log] = await logRows('Backup deleted');
    expect(log.after).toEqual({ ClosePsaTicket: true });
    expect(await auditDevices()).not.toContain('srv-b');
  });
});

describe('who may do what', () => {
  it('another tenant gets 404 on every id and changes nothing', async () => {
    const outsider = await t.as('outsider');
    const id = ids['srv-weekday'];
    const before = await admin('GET', `/api/backups/${id}`);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/backups/${id}`],
      ['PUT', `/api/backups/${id}`, { Notes: 'x' }],
      ['POST', `/api/backups/${id}/pause`, { Until: null }],
      ['POST', `/api/backups/${id}/retire`, {}],
      ['GET', `/api/backups/${id}/children`],
      ['GET', `/api/backup/side-menu/${id}`],
      ['GET', `/api/policy/company-source/${id}`],
      ['GET', `/api/policy/last-email?policyId=${id}`],
      ['PUT', '/api/policy-operation', { PolicyId: id, Notes: 'x' }],
      ['PUT', '/api/policy-operation/batch', { PolicyIds: [id], Settings: { Notes: 'x' } }],
      ['PUT', '/api/policy-operation/retire', { PolicyId: id }],
      ['PUT', '/api/policy-operation/retire-batch', { PolicyIds: [id] }],
      ['POST', '/api/policy-operation/delete', { PolicyId: id }],
      ['POST', '/api/policy-operation/delete-batch', { PolicyIds: [id] }],
      ['POST', '/api/policy-operation/merge-polices', { SourcePolicyId: id, TargetPolicyId: ids['DESKTOP-7F2'] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await outsider(method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    expect((await outsider('POST', '/api/policy/by-ids', { PolicyIds: [id] })).body).toEqual([]);
    expect(devices(await (async () => (await outsider('POST', '/api/backup/active', {})).body)())).toEqual([]);
    expect((await admin('GET', `/api/backups/${id}`)).body).toEqual(before.body);
  });

  it('a batch naming one foreign id is refused whole', async () => {
    const theirs = (await backupIds(t, otherId))['their-srv'];
    const r = await admin('PUT', '/api/policy-operation/retire-batch', { PolicyIds: [ids['DESKTOP-7F2'], theirs] });
    expect(r.status).toBe(404);
    expect((await admin('GET', `/api/backups/${ids['DESKTOP-7F2']}`)).body.State).toBe('Active');
  });

  it('client users cannot change backups and see only their companies', async () => {
    const client = await t.as('client');
    expect((await client('PUT', '/api/policy-operation', { PolicyId: ids['srv-weekday'], Notes: 'x' })).status).toBe(
      403,
    );
    const clientUser = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'client@acme.test'");
    const company = await addCompany(t, homeId, 'Client Co', [ids['DESKTOP-7F2']]);
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      clientUser.rows[0].id,
      company,
      homeId,
    ]);
    const r = await client('POST', '/api/policy/audit-backups', { Date: Y, HistoryDays: 3 });
    expect(r.body.Results.map((x: { DeviceName: string }) => x.DeviceName)).toEqual(['DESKTOP-7F2']);
    expect((await client('GET', `/api/backups/${ids['srv-weekday']}`)).status).toBe(404);
  });
});
