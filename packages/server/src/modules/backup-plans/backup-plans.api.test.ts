import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { activate, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** Backup plans (api/backup-plans) behind brBackupPlans, on backups discovered from real e-mails. */
let t: TestApp;
let homeId: number;
let otherId: number;
let ids: Record<string, number>;
const { yesterday: Y } = clock();

type Plan = {
  Id: number;
  Name: string;
  IsEnabled: boolean;
  Position: number;
  AfterId: number | null;
  BackupsCount: number;
};

const rulesFor = (Field: string, Operator: string, Value: string) => ({
  Groups: [{ Conditions: [{ Field, Operator, Value }] }],
});

/** Switches brBackupPlans on for the listed tenants only (Admin Portal → Feature Flags). */
async function flagFor(tenantIds: number[]) {
  const root = await t.as('root');
  const flags = await root('GET', '/api/admin/feature-flag');
  const flag = (flags.body as { Id: number; Key: string }[]).find((f) => f.Key === 'brBackupPlans')!;
  const r = await root('PUT', `/api/admin/feature-flag/${flag.Id}/${tenantIds.length ? 2 : 0}`, {
    TenantIds: tenantIds,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function createPlan(body: Record<string, unknown>): Promise<Plan> {
  const r = await (await t.as('admin'))('POST', '/api/backup-plans/create', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Plan;
}

async function order(): Promise<string[]> {
  const r = await (await t.as('admin'))('POST', '/api/backup-plans/list', {});
  return (r.body.Results as Plan[]).map((p) => p.Name);
}

async function backup(id: number) {
  const r = await t.database.query<{
    backup_plan_id: number | null;
    day_start_hour: number;
    notes: string | null;
    state: string;
  }>('SELECT backup_plan_id, day_start_hour, notes, state FROM backups WHERE id = $1', [id]);
  return r.rows[0];
}

async function tagsOf(id: number) {
  const r = await t.database.query<{ tag: string; plan_id: number | null }>(
    'SELECT tag, plan_id FROM backup_tags WHERE backup_id = $1 ORDER BY tag',
    [id],
  );
  return r.rows;
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'sql-01', status: 'Success', at: at(Y, 1) },
    { device: 'sql-02', status: 'Success', at: at(Y, 2) },
    { device: 'file-01', status: 'Success', at: at(Y, 3) },
    { device: 'old-01', status: 'Success', at: at(Y, 4) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['sql-01'], ids['sql-02'], ids['file-01']]);
  await t.database.query(`UPDATE backups SET state = 'Retired' WHERE id = $1`, [ids['old-01']]);
});
afterAll(async () => t?.close());

describe('the brBackupPlans flag', () => {
  it('answers 404 on every route while the flag is off for the tenant', async () => {
    await flagFor([]);
    const call = await t.as('admin');
    expect((await call('POST', '/api/backup-plans/list', {})).status).toBe(404);
    expect((await call('POST', '/api/backup-plans/create', { Name: 'x' })).status).toBe(404);
    expect((await call('POST', '/api/backup-plans/apply')).status).toBe(404);
    expect((await call('POST', '/api/backup-plans/date-flags', { From: Y, To: Y })).status).toBe(404);
    await flagFor([homeId]);
    expect((await call('POST', '/api/backup-plans/list', {})).status).toBe(200);
  });
});

describe('plans', () => {
  let sql: Plan;
  let all: Plan;
  let file: Plan;

  it('creates plans in order, refusing duplicate names', async () => {
    sql = await createPlan({
      Name: 'SQL servers',
      Rules: rulesFor('DeviceName', 'StartsWith', 'sql-'),
      Settings: { DayStartHour: 5, Tags: ['db'] },
    });
    all = await createPlan({
      Name: 'Everything',
      Rules: rulesFor('DeviceName', 'Contains', '-0'),
      Settings: { DayStartHour: 1, Notes: 'all' },
    });
    expect(sql).toMatchObject({ Position: 1, AfterId: null, IsEnabled: true });
    expect(all).toMatchObject({ Position: 2, AfterId: sql.Id });
    const call = await t.as('admin');
    const dup = await call('POST', '/api/backup-plans/create', { Name: 'sql SERVERS' });
    expect(dup.status).toBe(400);
    expect(dup.body.Errors[0].Field).toBe('Name');
    expect((await call('POST', '/api/backup-plans/is-name-unique', { Name: 'Sql servers' })).body).toEqual({
      IsUnique: false,
    });
    expect((await call('POST', '/api/backup-plans/is-name-unique', { Name: 'Sql servers', Id: sql.Id })).body).toEqual({
      IsUnique: true,
    });
    expect((await call('GET', `/api/backup-plans/${sql.Id}/rules`)).body).toEqual(
      rulesFor('DeviceName', 'StartsWith', 'sql-'),
    );
    expect((await call('GET', `/api/backup-plans/${all.Id}`)).body.Name).toBe('Everything');
  });

  it('previews matches with the plan that wins for each', async () => {
    const r = await (await t.as('admin'))('POST', '/api/backup-plans/backups', { Id: all.Id });
    expect(r.status).toBe(200);
    const rows = r.body.Results as { DeviceName: string; WinningPlanName: string | null }[];
    expect(rows.map((x) => [x.DeviceName, x.WinningPlanName])).toEqual([
      ['file-01', 'Everything'],
      ['sql-01', 'SQL servers'],
      ['sql-02', 'SQL servers'],
    ]);
  });

  it('applies: the first enabled matching plan wins; plan tags carry the plan', async () => {
    const r = await (await t.as('admin'))('POST', '/api/backup-plans/apply');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ Applied: 3, Kept: 0 });
    expect(await backup(ids['sql-01'])).toMatchObject({ backup_plan_id: sql.Id, day_start_hour: 5 });
    expect(await backup(ids['file-01'])).toMatchObject({ backup_plan_id: all.Id, day_start_hour: 1, notes: 'all' });
    expect(await backup(ids['old-01'])).toMatchObject({ backup_plan_id: null, state: 'Retired' });
    expect(await tagsOf(ids['sql-01'])).toEqual([{ tag: 'db', plan_id: sql.Id }]);
    const preview = await (await t.as('admin'))('POST', '/api/backup-plans/backups', { Id: sql.Id });
    expect(preview.body.Results[0].Tags).toEqual([{ Value: 'db', PlanId: sql.Id, PlanName: 'SQL servers' }]);
    expect(preview.body.Results[0].BackupPlanName).toBe('SQL servers');
    const list = await (await t.as('admin'))('POST', '/api/backup-plans/list', {});
    expect(list.body.Results.map((p: Plan) => p.BackupsCount)).toEqual([2, 1]);
  });

  it('reorders after another plan (null = first) and logs it', async () => {
    const call = await t.as('admin');
    file = await createPlan({
      Name: 'Files',
      Rules: rulesFor('DeviceName', 'StartsWith', 'file'),
      Settings: { DayStartHour: 9 },
    });
    expect(await order()).toEqual(['SQL servers', 'Everything', 'Files']);
    const r = await call('POST', '/api/backup-plans/reorder', { Id: all.Id, AfterId: null });
    expect(r.status).toBe(200);
    expect(r.body.map((p: Plan) => [p.Name, p.Position])).toEqual([
      ['Everything', 1],
      ['SQL servers', 2],
      ['Files', 3],
    ]);
    await call('POST', '/api/backup-plans/reorder', { Id: file.Id, AfterId: all.Id });
    expect(await order()).toEqual(['Everything', 'Files', 'SQL servers']);
    expect((await call('POST', '/api/backup-plans/reorder', { Id: file.Id, AfterId: file.Id })).status).toBe(400);
    expect((await call('POST', '/api/backup-plans/reorder', { Id: file.Id, AfterId: 999999 })).status).toBe(404);
    const logged = await t.database.query(
      `SELECT count(*)::int AS n FROM activity_logs WHERE tenant_id = $1 AND action = 'Backup plans reordered'`,
      [homeId],
    );
    expect(logged.rows[0]).toEqual({ n: 2 });
  });

  it('without override, backups another plan governs keep it; with override all are re-applied', async () => {
    const call = await t.as('admin');
    // "Everything" now comes first and wins for every backup.
    const keep = await call('POST', '/api/backup-plans/apply?overrideBackupPlans=false');
    expect(keep.body).toMatchObject({ Applied: 1, Kept: 2 });
    expect((await backup(ids['sql-01'])).backup_plan_id).toBe(sql.Id);
    const over = await call('POST', '/api/backup-plans/apply?overrideBackupPlans=true');
    expect(over.body).toMatchObject({ Applied: 3, Kept: 0 });
    expect(await backup(ids['sql-01'])).toMatchObject({ backup_plan_id: all.Id, day_start_hour: 1 });
    // The earlier plan's tag went with it.
    expect(await tagsOf(ids['sql-01'])).toEqual([]);
  });

  it('a disabled plan no longer wins', async () => {
    const call = await t.as('admin');
    const off = await call('PATCH', `/api/backup-plans/${all.Id}/false`);
    expect(off.body.IsEnabled).toBe(false);
    const r = await call('POST', '/api/backup-plans/apply?overrideBackupPlans=true');
    expect(r.body.Plans.map((p: { Name: string; Applied: number }) => [p.Name, p.Applied])).toEqual([
      ['Files', 1],
      ['SQL servers', 2],
    ]);
    expect(await backup(ids['file-01'])).toMatchObject({ backup_plan_id: file.Id, day_start_hour: 9 });
    const toggled = await t.database.query(
      `SELECT after FROM activity_logs WHERE tenant_id = $1 AND action = 'Backup plan toggled' ORDER BY id DESC LIMIT 1`,
      [homeId],
    );
    expect(toggled.rows[0]).toEqual({ after: { IsEnabled: false } });
  });

  it('updates and deletes; a deleted plan takes its tags and the order closes up', async () => {
    const call = await t.as('admin');
    const u = await call('PUT', '/api/backup-plans/update', {
      Id: sql.Id,
      Name: 'SQL',
      Rules: rulesFor('DeviceName', 'StartsWith', 'sql-'),
      Settings: { Tags: ['sql'] },
    });
    expect(u.status).toBe(200);
    await call('POST', '/api/backup-plans/apply', { Ids: [sql.Id] });
    expect(await tagsOf(ids['sql-02'])).toEqual([{ tag: 'sql', plan_id: sql.Id }]);
    expect((await call('DELETE', `/api/backup-plans/${sql.Id}`)).status).toBe(200);
    expect(await tagsOf(ids['sql-02'])).toEqual([]);
    expect((await backup(ids['sql-02'])).backup_plan_id).toBeNull();
    const list = await call('POST', '/api/backup-plans/list', {});
    expect(list.body.Results.map((p: Plan) => [p.Name, p.Position])).toEqual([
      ['Everything', 1],
      ['Files', 2],
    ]);
  });
});

describe('schedule previews', () => {
  it('lists the scheduled days of a range', async () => {
    const call = await t.as('admin');
    const r = await call('POST', '/api/backup-plans/scheduled-days', {
      Schedule: { kind: 'weekly', weekdays: 2 },
      From: '2026-03-01',
      To: '2026-03-31',
    });
    expect(r.body).toEqual({ Days: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30'], Count: 5 });
    expect(
      (await call('POST', '/api/backup-plans/scheduled-days', { From: '2026-03-01', To: '2026-03-02' })).status,
    ).toBe(400);
    const long = await call('POST', '/api/backup-plans/scheduled-days', {
      Schedule: { kind: 'weekly', weekdays: 2 },
      From: '2026-01-01',
      To: '2027-06-01',
    });
    expect(long.status).toBe(400);
  });

  it('gives each day its weekday and month flags', async () => {
    const r = await (
      await t.as('admin')
    )('POST', '/api/backup-plans/date-flags', { From: '2026-03-27', To: '2026-03-28' });
    expect(r.body.Days).toEqual([
      { Date: '2026-03-27', Weekday: 32, WeekdayName: 'Friday', Month: 3, Nth: 4, IsLast: true },
      { Date: '2026-03-28', Weekday: 64, WeekdayName: 'Saturday', Month: 3, Nth: 4, IsLast: true },
    ]);
  });
});

describe('access', () => {
  it('client users are refused', async () => {
    const client = await t.as('client');
    expect((await client('POST', '/api/backup-plans/list', {})).status).toBe(403);
    expect((await client('POST', '/api/backup-plans/apply')).status).toBe(403);
  });

  it('another tenant (with the flag on) gets 404 on every id route and changes nothing', async () => {
    await flagFor([homeId, otherId]);
    const p = await createPlan({ Name: 'Mine', Rules: rulesFor('DeviceName', 'StartsWith', 'sql') });
    const snapshot = async () =>
      (
        await t.database.query(
          `SELECT (SELECT json_agg(x ORDER BY x.id) FROM backup_plans x WHERE tenant_id = $1) AS p,
                  (SELECT json_agg(json_build_array(b.id, b.backup_plan_id, b.day_start_hour) ORDER BY b.id)
                     FROM backups b WHERE tenant_id = $1) AS b`,
          [homeId],
        )
      ).rows[0];
    const before = await snapshot();
    const out = await t.as('outsider');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/backup-plans/${p.Id}`],
      ['GET', `/api/backup-plans/${p.Id}/rules`],
      ['DELETE', `/api/backup-plans/${p.Id}`],
      ['PATCH', `/api/backup-plans/${p.Id}/false`],
      ['PUT', '/api/backup-plans/update', { Id: p.Id, Name: 'x', Rules: { Groups: [] }, Settings: {} }],
      ['POST', '/api/backup-plans/reorder', { Id: p.Id, AfterId: null }],
      ['POST', '/api/backup-plans/apply', { Ids: [p.Id] }],
      ['POST', '/api/backup-plans/backups', { Id: p.Id }],
    ];
    for (const [method, url, body] of calls) {
      const r = await out(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    expect((await out('POST', '/api/backup-plans/list', {})).body.Total).toBe(0);
    const apply = await out('POST', '/api/backup-plans/apply?overrideBackupPlans=true');
    expect(apply.body.Applied).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
