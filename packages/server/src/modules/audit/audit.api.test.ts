import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { SESSION_USER_SQL } from '../../platform/auth/guard.ts';
import { addDays, businessDay } from '../../status/index.ts';
import {
  activate,
  addCompany,
  at,
  backupIds,
  clock,
  EVERY_DAY,
  homeTenantId,
  sendCsv,
  setTimeZone,
} from './test-data.ts';

/**
 * The Audit grid (POST api/policy/audit-backups): rows, history bars, every filter, ordering
 * and paging, as an API client sees them after real e-mails were filed and backups activated.
 */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
let contosoId: number;
const { today, yesterday: Y, day } = clock();

type Row = {
  PolicyId: number;
  DeviceName: string;
  CompanyName: string;
  ClientId: string;
  Status: number;
  CurrentStatus: number;
  DaysInStatus: number | null;
  DaysWithoutSuccess: number | null;
  LastSuccess: string | null;
  Tags: string[];
  ScheduleName: string;
  VendorName: string;
  Verified: boolean;
  History: {
    Date: string;
    Status: number;
    CountSuccess: number;
    CountFailure: number;
    CountNoResult: number;
    IsScheduled: boolean;
  }[];
};

async function audit(body: Record<string, unknown> = {}, persona: 'admin' | 'standard' | 'client' = 'admin') {
  const r = await (await t.as(persona))('POST', '/api/policy/audit-backups', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { Results: Row[]; Total: number; TotalPages: number; Page: number; PageSize: number };
}
const devices = (b: { Results: Row[] }) => b.Results.map((r) => r.DeviceName);
const sorted = (b: { Results: Row[] }) => devices(b).sort();

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    // srv-a succeeds every day from Y-5 to Y.
    ...[5, 4, 3, 2, 1, 0].map((n) => ({ device: 'srv-a', status: 'Success' as const, at: at(addDays(Y, -n), 1) })),
    // srv-b succeeded on Y-3 and failed on Y.
    { device: 'srv-b', status: 'Success', at: at(addDays(Y, -3), 2), client: 'CUST-7' },
    { device: 'srv-b', status: 'Failed', at: at(Y, 2), client: 'CUST-7' },
    // srv-c succeeded on Y-4, then nothing: No Result on the scheduled days since.
    { device: 'srv-c', status: 'Success', at: at(addDays(Y, -4), 3) },
    // srv-d only ever warned, on Y.
    { device: 'srv-d', status: 'Warning', at: at(Y, 4) },
    // srv-e has no schedule; succeeded on Y-2.
    { device: 'srv-e', status: 'Success', at: at(addDays(Y, -2), 5) },
    // srv-x is never activated.
    { device: 'srv-x', status: 'Success', at: at(Y, 6) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['srv-a']], { schedule: EVERY_DAY, tags: ['critical'] });
  await activate(t, homeId, [ids['srv-b'], ids['srv-c'], ids['srv-d']], { schedule: EVERY_DAY });
  await activate(t, homeId, [ids['srv-e']], { schedule: null });
  contosoId = await addCompany(t, homeId, 'Contoso', [ids['srv-a'], ids['srv-b']]);
});
afterAll(async () => t.close());

describe('audit rows', () => {
  it('lists the active backups of the selected day (yesterday by default), Contoso first', async () => {
    const b = await audit();
    expect(b.Total).toBe(5);
    expect(devices(b)).toEqual(['srv-a', 'srv-b', 'srv-c', 'srv-d', 'srv-e']);
    const [a, bb, c, d, e] = b.Results;
    expect(a).toMatchObject({ CompanyName: 'Contoso', Status: 1, Tags: ['critical'], VendorName: 'Generic CSV' });
    expect(a.ScheduleName).toBe('Every day');
    expect(bb).toMatchObject({ Status: 3, ClientId: 'CUST-7' });
    expect(c).toMatchObject({ Status: 4, CompanyName: '- No company assigned -', ClientId: '- None -' });
    expect(d.Status).toBe(2);
    expect(e).toMatchObject({ Status: 0, ScheduleName: 'No schedule' });
    for (const r of b.Results) {
      expect(r.History).toHaveLength(30);
      expect(r.History[29].Date).toBe(Y);
      expect(r.History[0].Date).toBe(addDays(Y, -29));
    }
  });

  it('builds the history bar from the daily rollup: successes, No Result, not scheduled, blank days', async () => {
    const b = await audit({ HistoryDays: 7 });
    const row = (dev: string) => b.Results.find((r) => r.DeviceName === dev)!;
    expect(row('srv-a').History.map((h) => h.Status)).toEqual([0, 1, 1, 1, 1, 1, 1]);
    expect(row('srv-a').History[0]).toEqual({
      Date: addDays(Y, -6),
      CountSuccess: 0,
      CountWarning: 0,
      CountFailure: 0,
      CountNoResult: 0,
      Status: 0,
      IsScheduled: false,
    });
    expect(row('srv-a').History[6]).toMatchObject({ CountSuccess: 1, CountNoResult: 0, IsScheduled: true });
    // srv-c: its first result on Y-4, then scheduled days without results.
    expect(row('srv-c').History.map((h) => h.Status)).toEqual([0, 0, 1, 4, 4, 4, 4]);
    expect(row('srv-c').History[6]).toMatchObject({ CountNoResult: 1, CountSuccess: 0, IsScheduled: true });
    // srv-b: success, three No Result days, failure.
    expect(row('srv-b').History.map((h) => h.Status)).toEqual([0, 0, 0, 1, 4, 4, 3]);
    expect(row('srv-b').History[6]).toMatchObject({ CountFailure: 1, CountNoResult: 0 });
    // srv-e has no schedule: days without results are not scheduled, never No Result.
    expect(row('srv-e').History.map((h) => [h.Status, h.IsScheduled])).toEqual([
      [0, false],
      [0, false],
      [0, false],
      [0, false],
      [1, false],
      [0, false],
      [0, false],
    ]);
  });

  it('shows today as Pending for scheduled backups without a result yet', async () => {
    const b = await audit({ Date: today, HistoryDays: 2 });
    const row = (dev: string) => b.Results.find((r) => r.DeviceName === dev)!;
    expect(row('srv-c').Status).toBe(5);
    expect(row('srv-c').History[1]).toMatchObject({ Date: today, Status: 5, IsScheduled: true, CountNoResult: 0 });
    expect(row('srv-e').History[1]).toMatchObject({ Date: today, Status: 0, IsScheduled: false });
  });

  it('summarises each backup as of the selected day: status, days in it, days without success', async () => {
    const b = await audit();
    const row = (dev: string) => b.Results.find((r) => r.DeviceName === dev)!;
    // srv-b failed on Y: its Failure began that day; its last success was three days before.
    expect(row('srv-b')).toMatchObject({ CurrentStatus: 3, DaysInStatus: 0, DaysWithoutSuccess: 3 });
    expect(row('srv-b').LastSuccess).toBe(at(addDays(Y, -3), 2).toISOString());
    expect(row('srv-a')).toMatchObject({ CurrentStatus: 1, DaysInStatus: 5, DaysWithoutSuccess: 0 });
    expect(row('srv-d')).toMatchObject({ DaysWithoutSuccess: null, LastSuccess: null });
  });

  it('defaults the date to yesterday in the tenant time zone', async () => {
    await setTimeZone(t, homeId, 'Pacific/Kiritimati');
    try {
      const b = await audit({ HistoryDays: 1 });
      expect(b.Results[0].History[0].Date).toBe(addDays(businessDay(new Date(), 'Pacific/Kiritimati', 0), -1));
      const future = await (
        await t.as('admin')
      )('POST', '/api/policy/audit-backups', {
        Date: addDays(businessDay(new Date(), 'Pacific/Kiritimati', 0), 1),
      });
      expect(future.status).toBe(400);
    } finally {
      await setTimeZone(t, homeId, 'UTC');
    }
  });
});

describe('audit filters', () => {
  it('filters by the status of the selected date', async () => {
    expect(devices(await audit({ Statuses: [3] }))).toEqual(['srv-b']);
    expect(devices(await audit({ Statuses: [4] }))).toEqual(['srv-c']);
    expect(sorted(await audit({ Statuses: [0, 2] }))).toEqual(['srv-d', 'srv-e']);
    expect(devices(await audit({ Statuses: [1], Date: addDays(Y, -4) }))).toEqual(['srv-a', 'srv-c']);
  });

  it('filters by company, including "no company"', async () => {
    expect(devices(await audit({ Companies: [contosoId] }))).toEqual(['srv-a', 'srv-b']);
    expect(devices(await audit({ IncludeNoCompany: true }))).toEqual(['srv-c', 'srv-d', 'srv-e']);
    expect((await audit({ Companies: [contosoId], IncludeNoCompany: true })).Total).toBe(5);
    expect((await audit({ Companies: [999999] })).Total).toBe(0);
  });

  it('filters by vendor, method and tag', async () => {
    expect((await audit({ Vendors: ['generic-csv'] })).Total).toBe(5);
    expect((await audit({ Vendors: ['veeam-br'] })).Total).toBe(0);
    expect((await audit({ Methods: ['Email'] })).Total).toBe(5);
    expect((await audit({ Methods: ['Api'] })).Total).toBe(0);
    expect(devices(await audit({ Tags: ['critical'] }))).toEqual(['srv-a']);
    expect((await audit({ Tags: ['nope'] })).Total).toBe(0);
  });

  it('filters by days without success relative to the selected date (never counts)', async () => {
    expect(sorted(await audit({ DaysWithoutSuccess: 2 }))).toEqual(['srv-b', 'srv-c', 'srv-d', 'srv-e']);
    expect(sorted(await audit({ DaysWithoutSuccess: 4 }))).toEqual(['srv-c', 'srv-d']);
    expect(sorted(await audit({ DaysWithoutSuccess: 0 }))).toEqual(['srv-a', 'srv-b', 'srv-c', 'srv-d', 'srv-e']);
    // Relative to Date: a last success on Y-4 or earlier, or none up to Y-3 (srv-e first succeeded on Y-2).
    expect(sorted(await audit({ DaysWithoutSuccess: 1, Date: addDays(Y, -3) }))).toEqual(['srv-c', 'srv-d', 'srv-e']);
  });

  it('filters to backups scheduled on the date', async () => {
    expect(devices(await audit({ FilterScheduled: true }))).toEqual(['srv-a', 'srv-b', 'srv-c', 'srv-d']);
  });

  it('searches company, job, device, vendor and client id', async () => {
    expect(devices(await audit({ Search: 'SRV-B' }))).toEqual(['srv-b']);
    expect(devices(await audit({ Search: 'contoso' }))).toEqual(['srv-a', 'srv-b']);
    expect(devices(await audit({ Search: 'cust-7' }))).toEqual(['srv-b']);
    expect((await audit({ Search: 'Generic CSV' })).Total).toBe(5);
    expect((await audit({ Search: 'generic-csv' })).Total).toBe(5);
    expect((await audit({ Search: '100%_' })).Total).toBe(0);
  });

  it('combines filters', async () => {
    expect(devices(await audit({ IncludeNoCompany: true, Statuses: [4], FilterScheduled: true }))).toEqual(['srv-c']);
  });
});

describe('ordering and paging', () => {
  it('orders by any column either way', async () => {
    expect(devices(await audit({ OrderBy: 'DeviceName', OrderAscending: false }))).toEqual([
      'srv-e',
      'srv-d',
      'srv-c',
      'srv-b',
      'srv-a',
    ]);
    expect(devices(await audit({ OrderBy: 'Status', OrderAscending: false }))).toEqual([
      'srv-c',
      'srv-b',
      'srv-d',
      'srv-a',
      'srv-e',
    ]);
    expect(devices(await audit({ OrderBy: 'PolicyId' }))).toEqual(
      ['srv-a', 'srv-b', 'srv-c', 'srv-d', 'srv-e'].sort((x, y) => ids[x] - ids[y]),
    );
    // Longest in its status first: srv-a succeeds since Y-5, srv-c has had No Result since Y-3.
    const byDays = devices(await audit({ OrderBy: 'DaysInStatus', OrderAscending: false }));
    expect(byDays.slice(0, 2)).toEqual(['srv-a', 'srv-c']);
    const byLast = devices(await audit({ OrderBy: 'LastSuccess', OrderAscending: true }));
    expect(byLast).toEqual(['srv-c', 'srv-b', 'srv-e', 'srv-a', 'srv-d']);
  });

  it('pages the result', async () => {
    const p2 = await audit({ OrderBy: 'DeviceName', Size: 2, Page: 2 });
    expect(devices(p2)).toEqual(['srv-c', 'srv-d']);
    expect(p2).toMatchObject({ Total: 5, TotalPages: 3, Page: 2, PageSize: 2 });
    expect(devices(await audit({ OrderBy: 'DeviceName', Size: 2, Page: 3 }))).toEqual(['srv-e']);
    expect((await audit({ Size: 2, Page: 4 })).Results).toEqual([]);
  });
});

describe('validation, access and cost', () => {
  it('refuses a date in the future and days that do not exist', async () => {
    const admin = await t.as('admin');
    const future = await admin('POST', '/api/policy/audit-backups', { Date: day(1) });
    expect(future.status).toBe(400);
    expect(future.body.Message).toBe('Future Date is not allowed');
    expect(future.body.Errors).toEqual([{ Field: 'Date', Message: 'Future Date is not allowed' }]);
    const bad = await admin('POST', '/api/policy/audit-backups', { Date: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Date: Date must be valid');
    expect((await admin('POST', '/api/policy/audit-backups', { HistoryDays: 0 })).status).toBe(400);
    expect((await admin('POST', '/api/policy/audit-backups', { OrderBy: 'Nope' })).status).toBe(400);
  });

  it('lets standard users read every backup and client users only their companies', async () => {
    expect((await audit({}, 'standard')).Total).toBe(5);
    expect((await audit({}, 'client')).Total).toBe(0);
    const client = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'client@acme.test'");
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      client.rows[0].id,
      contosoId,
      homeId,
    ]);
    try {
      const seen = await audit({}, 'client');
      expect(seen.Results.map((r: { DeviceName: string }) => r.DeviceName).sort()).toEqual(['srv-a', 'srv-b']);
    } finally {
      await t.database.query('DELETE FROM user_companies WHERE user_id = $1', [client.rows[0].id]);
    }
  });

  it('costs the same few queries whatever the page size and history, and never reads results', async () => {
    const seen: string[] = [];
    const db = t.deps.database;
    const original = db.query;
    db.query = ((text: string, params?: unknown[]) => {
      // The session check every signed-in request makes is not the Audit's own.
      if (text !== SESSION_USER_SQL) seen.push(text);
      return original.call(db, text, params);
    }) as typeof db.query;
    try {
      await audit({ Size: 1, HistoryDays: 1 });
      const small = seen.length;
      seen.length = 0;
      const big = await audit({ Size: 500, HistoryDays: 90, Tags: ['critical'], Search: 'srv', DaysWithoutSuccess: 0 });
      expect(big.Results).toHaveLength(1);
      expect(seen.length).toBe(small);
      expect(small).toBeLessThanOrEqual(3);
      for (const q of seen) expect(q).not.toMatch(/\bresults\b/);
    } finally {
      db.query = original;
    }
  });
});
