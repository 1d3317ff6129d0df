import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import {
  activate,
  at,
  backupIds,
  clock,
  EVERY_DAY,
  homeTenantId,
  sendCsv,
  setTimeZone,
  weekdayFlag,
} from './test-data.ts';

/** Named schedules (api/schedule): descriptions, options, and re-rolling the backups that use them. */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
const { yesterday: Y } = clock();
const D = addDays(Y, -1);

/** Status and IsScheduled of day D for a backup, from the Audit grid. */
async function dayD(device: string): Promise<[number, boolean]> {
  const r = await (
    await t.as('admin')
  )('POST', '/api/policy/audit-backups', { Search: device, Date: D, HistoryDays: 1 });
  const h = r.body.Results.find((x: { DeviceName: string }) => x.DeviceName === device).History[0];
  return [h.Status, h.IsScheduled];
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'nas-01', status: 'Success', at: at(addDays(Y, -8), 1) },
    { device: 'nas-02', status: 'Success', at: at(addDays(Y, -8), 1) },
    { device: 'nas-03', status: 'Success', at: at(addDays(Y, -8), 1) },
  ]);
  ids = await backupIds(t, homeId);
});
afterAll(async () => t.close());

describe('describing schedules', () => {
  it('names each rule in a sentence', async () => {
    const admin = await t.as('admin');
    const cases: [unknown, string][] = [
      [{ kind: 'weekly', weekdays: 127 }, 'Every day'],
      [{ kind: 'weekly', weekdays: 62 }, 'Weekdays'],
      [{ kind: 'weekly', weekdays: 65 }, 'Weekends'],
      [{ kind: 'weekly', weekdays: 2 }, 'Every Monday'],
      [{ kind: 'weekly', weekdays: 42 }, 'Monday, Wednesday and Friday'],
      [{ kind: 'weekly', weekdays: 3 }, 'Monday and Sunday'],
      [{ kind: 'interval', everyDays: 3, startDate: '2026-01-05' }, 'Every 3 days from 2026-01-05'],
      [{ kind: 'monthlyNth', nth: 3, weekdays: 32 }, 'Third Friday of the month'],
      [{ kind: 'monthlyNth', nth: -1, weekdays: 1 }, 'Last Sunday of the month'],
      [{ kind: 'weekly', weekdays: 62, months: [10, 1, 7, 4] }, 'Weekdays in January, April, July and October'],
      [{ kind: 'monthlyNth', nth: 1, weekdays: 2, months: [3] }, 'First Monday of the month in March'],
    ];
    for (const [i, [rule, text]] of cases.entries()) {
      const r = await admin('POST', '/api/schedule', { Name: `Rule ${i}`, Rule: rule });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.Description).toBe(text);
    }
    const list = await admin('GET', '/api/schedule');
    expect(list.body).toHaveLength(cases.length);
    expect(list.body.find((s: { Name: string }) => s.Name === 'Rule 9').Rule).toEqual({
      kind: 'weekly',
      weekdays: 62,
      months: [1, 4, 7, 10],
    });
    for (const s of list.body) expect((await admin('DELETE', `/api/schedule/${s.ScheduleId}`)).status).toBe(200);
    expect((await admin('GET', '/api/schedule')).body).toEqual([]);
  });

  it('refuses rules that are not valid and names that are taken', async () => {
    const admin = await t.as('admin');
    expect((await admin('POST', '/api/schedule', { Name: 'x', Rule: { kind: 'weekly', weekdays: 0 } })).status).toBe(
      400,
    );
    const badDay = await admin('POST', '/api/schedule', {
      Name: 'x',
      Rule: { kind: 'interval', everyDays: 2, startDate: '2026-02-30' },
    });
    expect(badDay.status).toBe(400);
    expect((await admin('POST', '/api/schedule', { Name: '', Rule: EVERY_DAY })).status).toBe(400);
    await admin('POST', '/api/schedule', { Name: 'Office hours', Rule: { kind: 'weekly', weekdays: 62 } });
    const dup = await admin('POST', '/api/schedule', { Name: 'OFFICE HOURS', Rule: EVERY_DAY });
    expect(dup.status).toBe(400);
    expect(dup.body.Message).toBe('A schedule named "OFFICE HOURS" already exists.');
    expect((await admin('POST', '/api/schedule', { ScheduleId: 99999999, Name: 'Gone', Rule: EVERY_DAY })).status).toBe(
      404,
    );
    expect((await admin('DELETE', '/api/schedule/99999999')).status).toBe(404);
  });

  it('offers the built-in rules first, then the named schedules', async () => {
    const r = await (await t.as('standard'))('GET', '/api/schedule/options');
    expect(r.status).toBe(200);
    expect(r.body.slice(0, 4)).toEqual([
      { ScheduleId: null, Name: 'Every day', Rule: { kind: 'weekly', weekdays: 127 } },
      { ScheduleId: null, Name: 'Weekdays', Rule: { kind: 'weekly', weekdays: 62 } },
      { ScheduleId: null, Name: 'Monday to Saturday', Rule: { kind: 'weekly', weekdays: 126 } },
      { ScheduleId: null, Name: 'Weekends', Rule: { kind: 'weekly', weekdays: 65 } },
    ]);
    const named = r.body.filter((o: { ScheduleId: number | null }) => o.ScheduleId !== null);
    expect(named.map((o: { Name: string }) => o.Name)).toEqual(['Office hours']);
    expect(r.body[r.body.length - 1].Name).toBe('Office hours');
  });

  it('is shown to staff and changed by those who may edit backups; client users are refused', async () => {
    const client = await t.as('client');
    expect((await client('GET', '/api/schedule')).status).toBe(403);
    expect((await client('GET', '/api/schedule/options')).status).toBe(403);
    expect((await client('POST', '/api/schedule', { Name: 'Client', Rule: EVERY_DAY })).status).toBe(403);
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/schedule')).status).toBe(200);
    expect((await standard('POST', '/api/schedule', { Name: 'Standard', Rule: EVERY_DAY })).status).toBe(200);
  });
});

describe('schedules and the backups that use them', () => {
  let scheduleId: number;

  it('counts its backups and rolls them up by its rule', async () => {
    const admin = await t.as('admin');
    const s = await admin('POST', '/api/schedule', { Name: 'Nightly', Rule: EVERY_DAY });
    scheduleId = s.body.ScheduleId;
    expect(s.body.BackupsCount).toBe(0);
    // nas-01 and nas-02 use the schedule (their own rule would be every day too); nas-03 has its own.
    await activate(t, homeId, [ids['nas-01'], ids['nas-02']], { schedule: EVERY_DAY, scheduleId });
    await activate(t, homeId, [ids['nas-03']], { schedule: EVERY_DAY });
    const list = await admin('GET', '/api/schedule');
    expect(list.body.find((x: { ScheduleId: number }) => x.ScheduleId === scheduleId).BackupsCount).toBe(2);
    expect(await dayD('nas-01')).toEqual([4, true]);
    const grid = await admin('POST', '/api/policy/audit-backups', { Search: 'nas-0' });
    expect(grid.body.Results.map((r: { ScheduleName: string }) => r.ScheduleName)).toEqual([
      'Nightly',
      'Nightly',
      'Every day',
    ]);
  });

  it('re-rolls every backup using it when the rule changes: a dropped weekday is no longer No Result', async () => {
    const admin = await t.as('admin');
    const rule = { kind: 'weekly', weekdays: 127 & ~weekdayFlag(D) };
    const r = await admin('POST', '/api/schedule', { ScheduleId: scheduleId, Name: 'Nightly', Rule: rule });
    expect(r.status).toBe(200);
    expect(r.body.Rule).toEqual(rule);
    expect(await dayD('nas-01')).toEqual([0, false]);
    expect(await dayD('nas-02')).toEqual([0, false]);
    expect(await dayD('nas-03')).toEqual([4, true]);
  });

  it('re-rolls nothing when only the name changes', async () => {
    const admin = await t.as('admin');
    const rollup = t.deps.rollup;
    const original = rollup.rerollAll;
    const calls: number[][] = [];
    rollup.rerollAll = async (ids: number[], now?: Date) => {
      calls.push(ids);
      return original.call(rollup, ids, now);
    };
    try {
      const current = (await admin('GET', '/api/schedule')).body.find(
        (x: { ScheduleId: number }) => x.ScheduleId === scheduleId,
      );
      const renamed = await admin('POST', '/api/schedule', { ...current, Name: 'Nightly (servers)' });
      expect(renamed.body.Name).toBe('Nightly (servers)');
      expect(calls).toEqual([]);
      await admin('POST', '/api/schedule', { ScheduleId: scheduleId, Name: 'Nightly', Rule: current.Rule });
      expect(calls).toEqual([]);
    } finally {
      rollup.rerollAll = original;
    }
  });

  it('deleting it sends its backups back to their own rule, re-rolled', async () => {
    const admin = await t.as('admin');
    const r = await admin('DELETE', `/api/schedule/${scheduleId}`);
    expect(r.status).toBe(200);
    expect(r.body.BackupIds.sort()).toEqual([ids['nas-01'], ids['nas-02']].sort());
    expect(await dayD('nas-01')).toEqual([4, true]);
    const grid = await admin('POST', '/api/policy/audit-backups', { Search: 'nas-01' });
    expect(grid.body.Results[0].ScheduleName).toBe('Every day');
  });
});
