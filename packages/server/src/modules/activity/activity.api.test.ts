import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityAction } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { homeTenantId } from '../audit/test-data.ts';

/** Manage → Activity Logs: what users changed, filtered and paged (`POST /api/user/activity-logs`). */
let t: TestApp;
let homeId: number;
let adminId: number;
let standardId: number;
let scheduleId: number;
let start: string;

interface Row {
  Id: number;
  CreatedAt: string;
  UserId: number | null;
  UserName: string;
  Action: string;
  EntityType: string;
  EntityId: string | null;
  EntityName: string;
  Before: unknown;
  After: unknown;
}

async function logs(body: unknown = {}, persona: 'admin' | 'standard' | 'outsider' = 'admin') {
  const r = await (await t.as(persona))('POST', '/api/user/activity-logs', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { Results: Row[]; Page: number; PageSize: number; Total: number; TotalPages: number };
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  const ids = await t.database.query<{ id: number; email: string }>(
    'SELECT id, email FROM users WHERE tenant_id = $1',
    [homeId],
  );
  adminId = ids.rows.find((u) => u.email === 'admin@acme.test')!.id;
  standardId = ids.rows.find((u) => u.email === 'standard@acme.test')!.id;
  start = new Date(Date.now() - 1000).toISOString();

  // Real changes through the API, by two users.
  const admin = await t.as('admin');
  const standard = await t.as('standard');
  const s = await admin('POST', '/api/schedule', { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 127 } });
  scheduleId = s.body.ScheduleId;
  await admin('POST', '/api/schedule', {
    ScheduleId: scheduleId,
    Name: 'Weeknights',
    Rule: { kind: 'weekly', weekdays: 62 },
  });
  // Saving a schedule unchanged records nothing.
  await admin('POST', '/api/schedule', {
    ScheduleId: scheduleId,
    Name: 'Weeknights',
    Rule: { kind: 'weekly', weekdays: 62 },
  });
  const tag = await standard('POST', '/api/tags', { TagValue: 'Servers' });
  await standard('PUT', '/api/tags', { Id: tag.body.Id, TagValue: 'Server fleet' });
  await admin('POST', '/api/tags', { TagValue: 'Offsite' });
  await admin('DELETE', `/api/schedule/${scheduleId}`);
  // A refused change records nothing.
  await admin('POST', '/api/tags', { TagValue: 'offsite' });
});
afterAll(async () => t.close());

describe('the log', () => {
  it('lists every change newest first, with who, what and the values before and after', async () => {
    const page = await logs();
    expect(page.Total).toBe(6);
    expect(page.Page).toBe(1);
    expect(page.PageSize).toBe(50);
    expect(page.TotalPages).toBe(1);
    expect(page.Results.map((r) => [r.Action, r.EntityName, r.UserName])).toEqual([
      ['Schedule deleted', 'Weeknights', 'Ada Admin'],
      ['Tag created', 'Offsite', 'Ada Admin'],
      ['Tag renamed', 'Server fleet', 'Stan Dard'],
      ['Tag created', 'Servers', 'Stan Dard'],
      ['Schedule edited', 'Weeknights', 'Ada Admin'],
      ['Schedule created', 'Nightly', 'Ada Admin'],
    ]);
    const times = page.Results.map((r) => r.CreatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const edited = page.Results[4];
    expect(edited).toMatchObject({
      UserId: adminId,
      EntityType: 'Schedule',
      EntityId: String(scheduleId),
      Before: { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 127 }, Description: 'Every day' },
      After: { Name: 'Weeknights', Rule: { kind: 'weekly', weekdays: 62 }, Description: 'Weekdays' },
    });
    expect(page.Results[5]).toMatchObject({
      Before: null,
      After: { Name: 'Nightly', Rule: { kind: 'weekly', weekdays: 127 }, Description: 'Every day' },
    });
    expect(page.Results[0]).toMatchObject({
      EntityType: 'Schedule',
      Before: { Name: 'Weeknights', Description: 'Weekdays', BackupsCount: 0 },
      After: null,
    });
    expect(page.Results[2]).toMatchObject({
      UserId: standardId,
      EntityType: 'Tag',
      Before: { TagValue: 'Servers', BackupCount: 0 },
      After: { TagValue: 'Server fleet', BackupCount: 0 },
    });
  });

  it('sorts oldest first when asked', async () => {
    const page = await logs({ OrderAscending: true });
    expect(page.Results.map((r) => r.Action)[0]).toBe('Schedule created');
  });

  it('pages', async () => {
    const all = (await logs()).Results.map((r) => r.Id);
    const p1 = await logs({ Page: 1, Size: 4 });
    const p2 = await logs({ Page: 2, Size: 4 });
    expect([p1.Total, p1.TotalPages, p2.Total, p2.TotalPages, p2.Page, p2.PageSize]).toEqual([6, 2, 6, 2, 2, 4]);
    expect([...p1.Results, ...p2.Results].map((r) => r.Id)).toEqual(all);
    const beyond = await logs({ Page: 5, Size: 4 });
    expect(beyond.Results).toEqual([]);
    expect(beyond.Total).toBe(6);
  });
});

describe('filters', () => {
  it('by action', async () => {
    const page = await logs({ Actions: ['Tag created', 'Tag renamed'] });
    expect(page.Results.map((r) => r.Action)).toEqual(['Tag created', 'Tag renamed', 'Tag created']);
  });

  it('refuses an action that is not one of the list', async () => {
    const r = await (await t.as('admin'))('POST', '/api/user/activity-logs', { Actions: ['Made coffee'] });
    expect(r.status).toBe(400);
  });

  it('by user', async () => {
    const page = await logs({ UserIds: [standardId] });
    expect(page.Results.map((r) => r.EntityName)).toEqual(['Server fleet', 'Servers']);
  });

  it('by entity, and one entity by its id', async () => {
    expect((await logs({ EntityType: 'Schedule' })).Total).toBe(3);
    const one = await logs({ EntityType: 'Schedule', EntityId: String(scheduleId) });
    expect(one.Results.map((r) => r.Action)).toEqual(['Schedule deleted', 'Schedule edited', 'Schedule created']);
  });

  it('by a search over the entity name and the user name', async () => {
    expect((await logs({ Search: 'fleet' })).Results.map((r) => r.Action)).toEqual(['Tag renamed']);
    expect((await logs({ Search: 'stan' })).Total).toBe(2);
    expect((await logs({ Search: '100%' })).Total).toBe(0);
  });

  it('by date range', async () => {
    const now = new Date(Date.now() + 1000).toISOString();
    expect((await logs({ DateFrom: start, DateTo: now })).Total).toBe(6);
    expect((await logs({ DateTo: start })).Total).toBe(0);
    expect((await logs({ DateFrom: now })).Total).toBe(0);
    const bad = await (await t.as('admin'))('POST', '/api/user/activity-logs', { DateFrom: now, DateTo: start });
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe('Date Filter To must be later than Date Filter From');
    expect((await (await t.as('admin'))('POST', '/api/user/activity-logs', { DateFrom: 'yesterday' })).status).toBe(
      400,
    );
  });
});

describe('the actions dropdown', () => {
  it('offers every action', async () => {
    const r = await (await t.as('standard'))('GET', '/api/user/activity-logs/actions/dropdown');
    expect(r.status).toBe(200);
    expect(r.body).toEqual(ActivityAction.options.map((a) => ({ Value: a, Label: a })));
    expect(r.body).toContainEqual({ Value: 'Schedule created', Label: 'Schedule created' });
  });
});

describe('who may', () => {
  it('client users neither read the log nor its actions', async () => {
    const client = await t.as('client');
    expect((await client('POST', '/api/user/activity-logs', {})).status).toBe(403);
    expect((await client('GET', '/api/user/activity-logs/actions/dropdown')).status).toBe(403);
  });

  it('another tenant sees none of ours, and its own changes stay out of ours', async () => {
    expect((await logs({}, 'outsider')).Results).toEqual([]);
    expect((await logs({ EntityType: 'Schedule', EntityId: String(scheduleId) }, 'outsider')).Total).toBe(0);
    const outsider = await t.as('outsider');
    await outsider('POST', '/api/tags', { TagValue: 'Theirs' });
    const theirs = await logs({}, 'outsider');
    expect(theirs.Results.map((r) => [r.Action, r.EntityName, r.UserName])).toEqual([
      ['Tag created', 'Theirs', 'Otto Sider'],
    ]);
    expect((await logs()).Total).toBe(6);
  });
});
