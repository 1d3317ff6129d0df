import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from './test-data.ts';

/** Daily Activity: every result of one business day, its status log and group details. */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
let fabrikam: number;
const { yesterday: Y, day } = clock();

type Row = {
  ResultID: number;
  PolicyId: number;
  Time: string;
  Status: number;
  DayStatus: number;
  DeviceName: string;
  CompanyName: string;
  Subject: string | null;
  Source: string;
};

async function daily(body: Record<string, unknown>) {
  const r = await (await t.as('admin'))('POST', '/api/daily-activity/daily-backups', { Date: Y, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { Results: Row[]; Total: number; TotalPages: number };
}
const names = (b: { Results: Row[] }) => b.Results.map((r) => `${r.DeviceName}@${r.Time.slice(11, 16)}`);

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(
    t,
    homeId,
    [
      { device: 'app-01', status: 'Success', at: at(Y, 1) },
      { device: 'app-01', status: 'Failed', at: at(Y, 5) },
      { device: 'sql-01', status: 'Warning', at: at(Y, 3) },
      { device: 'sql-01', status: 'Success', at: at(addDays(Y, -1), 3) },
      { device: 'off-01', status: 'Success', at: at(Y, 2) },
    ],
    'Backup Report CSV - datacentre',
  );
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['app-01'], ids['sql-01']]);
  fabrikam = await addCompany(t, homeId, 'Fabrikam', [ids['sql-01']]);
  const manual = await (
    await t.as('admin')
  )('POST', '/api/audit-result', {
    PolicyId: ids['sql-01'],
    Status: 1,
    ParsedDateTime: at(Y, 9).toISOString(),
    Notes: 'Restarted by hand',
  });
  expect(manual.status).toBe(200);
});
afterAll(async () => t.close());

describe('daily backups', () => {
  it("lists every result of the day's active backups, newest first, with the e-mail subject", async () => {
    const b = await daily({});
    expect(b.Total).toBe(4);
    expect(names(b)).toEqual(['sql-01@09:00', 'app-01@05:00', 'sql-01@03:00', 'app-01@01:00']);
    expect(b.Results[0]).toMatchObject({ Source: 'manual', Subject: null, CompanyName: 'Fabrikam', Status: 1 });
    expect(b.Results[1]).toMatchObject({
      Source: 'email',
      Subject: 'Backup Report CSV - datacentre',
      Status: 3,
      // Success then failure on one day: the day is a warning.
      DayStatus: 2,
      CompanyName: '- No company assigned -',
      PolicyId: ids['app-01'],
    });
    expect(b.Results[2].DayStatus).toBe(2);
  });

  it('lists another day on its own', async () => {
    expect(names(await daily({ Date: addDays(Y, -1) }))).toEqual(['sql-01@03:00']);
    expect((await daily({ Date: addDays(Y, -5) })).Total).toBe(0);
  });

  it('filters by status, company, vendor and search', async () => {
    expect(names(await daily({ Statuses: [3] }))).toEqual(['app-01@05:00']);
    expect(names(await daily({ Statuses: [1, 2], Companies: [fabrikam] }))).toEqual(['sql-01@09:00', 'sql-01@03:00']);
    expect(names(await daily({ IncludeNoCompany: true }))).toEqual(['app-01@05:00', 'app-01@01:00']);
    expect((await daily({ Vendors: ['generic-csv'] })).Total).toBe(4);
    expect((await daily({ Vendors: ['veeam-br'] })).Total).toBe(0);
    expect(names(await daily({ Search: 'fabri' }))).toEqual(['sql-01@09:00', 'sql-01@03:00']);
    expect(names(await daily({ Search: 'APP-' }))).toEqual(['app-01@05:00', 'app-01@01:00']);
  });

  it('orders and pages', async () => {
    expect(names(await daily({ OrderBy: 'Time', OrderAscending: true }))).toEqual([
      'app-01@01:00',
      'sql-01@03:00',
      'app-01@05:00',
      'sql-01@09:00',
    ]);
    expect(names(await daily({ OrderBy: 'Status', OrderAscending: false }))).toEqual([
      'app-01@05:00',
      'sql-01@03:00',
      'sql-01@09:00',
      'app-01@01:00',
    ]);
    expect(names(await daily({ OrderBy: 'DeviceName' }))).toEqual([
      'app-01@01:00',
      'app-01@05:00',
      'sql-01@03:00',
      'sql-01@09:00',
    ]);
    const p2 = await daily({ OrderBy: 'Time', OrderAscending: true, Size: 3, Page: 2 });
    expect(names(p2)).toEqual(['sql-01@09:00']);
    expect(p2).toMatchObject({ Total: 4, TotalPages: 2 });
  });

  it('refuses future and impossible dates', async () => {
    const admin = await t.as('admin');
    const future = await admin('POST', '/api/daily-activity/daily-backups', { Date: day(1) });
    expect(future.status).toBe(400);
    expect(future.body.Message).toBe('Future Date is not allowed');
    expect((await admin('POST', '/api/daily-activity/daily-backups', { Date: '2026-04-31' })).status).toBe(400);
    expect((await admin('POST', '/api/daily-activity/daily-backups', {})).status).toBe(400);
  });
});

describe('status log and group details', () => {
  it("gives a backup's day: its results in time order and the day's status", async () => {
    const admin = await t.as('admin');
    const r = await admin('GET', `/api/daily-activity/status-log/${ids['app-01']}?date=${Y}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ PolicyId: ids['app-01'], Date: Y, DayStatus: 2 });
    expect(r.body.Results.map((x: { Status: number }) => x.Status)).toEqual([1, 3]);
    expect(r.body.Results[0].Subject).toBe('Backup Report CSV - datacentre');
  });

  it('gives the day in counts with schedule and audit marks', async () => {
    const admin = await t.as('admin');
    await admin('PUT', '/api/audit-result/verify', { PolicyIds: [ids['sql-01']], Date: Y, Notes: 'ok' });
    const r = await admin('GET', `/api/daily-activity/group-details/${ids['sql-01']}?date=${Y}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      PolicyId: ids['sql-01'],
      Date: Y,
      CompanyName: 'Fabrikam',
      VendorName: 'Generic CSV',
      DeviceName: 'sql-01',
      JobName: 'sql-01',
      ScheduleName: 'Every day',
      IsScheduled: true,
      DayStatus: 2,
      CountSuccess: 1,
      CountWarning: 1,
      CountFailure: 0,
    });
    expect(r.body.Actions.map((a: { Kind: string; Notes: string }) => [a.Kind, a.Notes])).toEqual([['verify', 'ok']]);
    const blank = await admin('GET', `/api/daily-activity/group-details/${ids['sql-01']}?date=${addDays(Y, -9)}`);
    expect(blank.body).toMatchObject({ DayStatus: 0, IsScheduled: false, CountSuccess: 0, Actions: [] });
    expect((await admin('GET', `/api/daily-activity/group-details/99999999?date=${Y}`)).status).toBe(404);
    expect((await admin('GET', `/api/daily-activity/status-log/99999999?date=${Y}`)).status).toBe(404);
    expect((await admin('GET', `/api/daily-activity/status-log/${ids['sql-01']}?date=${day(1)}`)).status).toBe(400);
  });
});

describe('who may see daily activity', () => {
  it('tenant admins and standard users; client users are refused', async () => {
    const standard = await t.as('standard');
    expect((await standard('POST', '/api/daily-activity/daily-backups', { Date: Y })).body.Total).toBe(4);
    const client = await t.as('client');
    const refused = await client('POST', '/api/daily-activity/daily-backups', { Date: Y });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe("You don't have a permission.");
    expect((await client('GET', `/api/daily-activity/status-log/${ids['app-01']}?date=${Y}`)).status).toBe(403);
    expect((await client('GET', `/api/daily-activity/group-details/${ids['app-01']}?date=${Y}`)).status).toBe(403);
  });
});
