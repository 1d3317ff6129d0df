import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TileWithData } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * Tile data (features §3.1) against real history: CSV e-mails filed through the intake,
 * backups activated with an every-day schedule, the daily rollup written by the product.
 * Y is yesterday in the tenant's zone (UTC here).
 *
 *   srv-a  Contoso   Success every day Y-5 … Y
 *   srv-b  Contoso   Success Y-3, No Result Y-2 and Y-1, Failure Y
 *   srv-c  —         Success Y-4, No Result since
 *   srv-d  Fabrikam  Warning Y (never a success)
 *   srv-f  Contoso   Failure Y
 *   srv-x  —         Success Y, never activated: counts nowhere
 */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
let contosoId: number;
let fabrikamId: number;
let dashboardId: number;
const { yesterday: Y } = clock();

type Persona = 'admin' | 'standard' | 'client' | 'outsider';
async function generate(body: Record<string, unknown>, persona: Persona = 'admin') {
  const r = await (await t.as(persona))('POST', '/api/dashboard/tile/generate', { title: 'Preview', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { data: TileWithData['data']; range: { From: string; To: string } };
}
const yesterday = { Preset: 'yesterday' };

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    ...[5, 4, 3, 2, 1, 0].map((n) => ({ device: 'srv-a', status: 'Success' as const, at: at(addDays(Y, -n), 1) })),
    { device: 'srv-b', status: 'Success', at: at(addDays(Y, -3), 2) },
    { device: 'srv-b', status: 'Failed', at: at(Y, 2) },
    { device: 'srv-c', status: 'Success', at: at(addDays(Y, -4), 3) },
    { device: 'srv-d', status: 'Warning', at: at(Y, 4) },
    { device: 'srv-f', status: 'Failed', at: at(Y, 5) },
    { device: 'srv-x', status: 'Success', at: at(Y, 6) },
  ]);
  ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['srv-a']], { schedule: { kind: 'weekly', weekdays: 127 }, tags: ['critical'] });
  await activate(t, homeId, [ids['srv-b'], ids['srv-c'], ids['srv-d'], ids['srv-f']]);
  contosoId = await addCompany(t, homeId, 'Contoso', [ids['srv-a'], ids['srv-b'], ids['srv-f']]);
  fabrikamId = await addCompany(t, homeId, 'Fabrikam', [ids['srv-d']]);
  const client = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'client@acme.test'");
  await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
    client.rows[0].id,
    fabrikamId,
    homeId,
  ]);
  // Open suggestions for srv-a and srv-d, a dismissed one for srv-c.
  await t.database.query(
    `INSERT INTO insights (tenant_id, backup_id, type, detail, fingerprint, dismissed_at)
     VALUES ($1, $2, 'BackupNotUpdating', 'x', 'a', NULL), ($1, $3, 'BackupNotUpdating', 'x', 'd', NULL),
            ($1, $4, 'BackupNotUpdating', 'x', 'c', now()), ($1, $2, 'BackupType', 'x', 'a2', NULL)`,
    [homeId, ids['srv-a'], ids['srv-d'], ids['srv-c']],
  );
  const d = await (await t.as('admin'))('POST', '/api/dashboard', { name: 'NOC' });
  dashboardId = d.body.id;
  // Shared with the client user, who sees no public dashboard otherwise.
  await (
    await t.as('admin')
  )('PUT', `/api/dashboard/${dashboardId}/permissions`, {
    userPermissions: [{ userId: client.rows[0].id, accessType: 0 }],
  });
});
afterAll(async () => t.close());

describe('histogram', () => {
  it('counts active backups per day status over the last 7 days', async () => {
    const { data, range } = await generate({ type: 'Histogram', filters: { DateRange: { Preset: 'last7days' } } });
    expect(range).toEqual({ From: addDays(Y, -6), To: Y });
    if (data.kind !== 'Histogram') throw new Error(data.kind);
    expect(data.rows.map((r) => r.Date)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => addDays(Y, -n)));
    const pick = (r: (typeof data.rows)[number]) => [r.PassCount, r.WarningCount, r.FailCount, r.NoEmailCount];
    expect(data.rows.map(pick)).toEqual([
      [0, 0, 0, 0],
      [1, 0, 0, 0],
      [2, 0, 0, 0],
      [2, 0, 0, 1],
      [1, 0, 0, 2],
      [1, 0, 0, 2],
      [1, 1, 2, 1],
    ]);
    expect(data.rows.every((r) => r.PendingCount === 0 && r.SuppressedNoResultCount === 0)).toBe(true);
  });

  it('counts only the statuses of the status filter, and narrows by company and tag', async () => {
    const failures = await generate({
      type: 'Histogram',
      filters: { Status: [3], DateRange: { Preset: 'last7days' } },
    });
    if (failures.data.kind !== 'Histogram') throw new Error();
    expect(failures.data.rows.map((r) => r.FailCount)).toEqual([0, 0, 0, 0, 0, 0, 2]);
    expect(failures.data.rows.every((r) => r.PassCount === 0 && r.NoEmailCount === 0)).toBe(true);

    const tagged = await generate({ type: 'Histogram', filters: { Tags: ['critical'], DateRange: yesterday } });
    if (tagged.data.kind !== 'Histogram') throw new Error();
    expect(tagged.data.rows).toEqual([expect.objectContaining({ Date: Y, PassCount: 1, FailCount: 0 })]);

    const noCompany = await generate({ type: 'Histogram', filters: { IncludeNoCompany: true, DateRange: yesterday } });
    if (noCompany.data.kind !== 'Histogram') throw new Error();
    expect(noCompany.data.rows[0]).toMatchObject({ PassCount: 0, NoEmailCount: 1, FailCount: 0 });
  });
});

describe('pie', () => {
  it('has one slice per status of the last day, with its companies', async () => {
    const { data } = await generate({ type: 'PieChart', filters: { DateRange: yesterday } });
    if (data.kind !== 'PieChart') throw new Error(data.kind);
    expect(data.total).toBe(5);
    expect(data.items.map((i) => [i.Title, i.Status, i.Value])).toEqual([
      ['Success', 1, 1],
      ['Warning', 2, 1],
      ['Failure', 3, 2],
      ['No Result', 4, 1],
      ['Pending', 5, 0],
    ]);
    expect(data.items[2].Drilldown).toEqual([{ Title: 'Contoso', Value: 2, CompanyId: contosoId }]);
    expect(data.items[3].Drilldown).toEqual([{ Title: '- No company assigned -', Value: 1, CompanyId: null }]);
  });

  it('follows the status order and the status filter', async () => {
    const { data } = await generate({
      type: 'PieChart',
      filters: { Status: [3, 4], DateRange: yesterday },
      uiSettings: { statusOrder: [4, 3, 2, 1, 5] },
    });
    if (data.kind !== 'PieChart') throw new Error();
    expect(data.items.map((i) => [i.Status, i.Value])).toEqual([
      [4, 1],
      [3, 2],
    ]);
    expect(data.total).toBe(3);
  });
});

describe('count', () => {
  it('counts filtered active backups, with status on the last day and days without success', async () => {
    const all = await generate({ type: 'Count', filters: { DateRange: yesterday } });
    expect(all.data).toEqual({ kind: 'Count', Count: 5, color: 'default' });
    const problems = await generate({ type: 'Count', filters: { Status: [3, 4], DateRange: yesterday } });
    expect(problems.data).toMatchObject({ Count: 3 });
    // Last success on or before Y-3, or never: srv-b, srv-c, srv-d, srv-f.
    const stale = await generate({ type: 'Count', daysWithoutSuccess: 3, filters: { DateRange: yesterday } });
    expect(stale.data).toMatchObject({ Count: 4 });
    const vendors = await generate({ type: 'Count', filters: { Vendors: ['no-such-vendor'], DateRange: yesterday } });
    expect(vendors.data).toMatchObject({ Count: 0 });
  });

  it('counts backups with at least one day in the chosen statuses over the whole range', async () => {
    // Over the last 7 days: srv-b (No Result Y-2, Y-1; Failure Y), srv-c (No Result Y-3 … Y), srv-f (Failure Y).
    const week = { Preset: 'last7days' };
    const failures = await generate({ type: 'Count', filters: { Status: [3], DateRange: week } });
    expect(failures.data).toMatchObject({ Count: 2 });
    // No Result only before the last day counts too; each backup once.
    const noResult = await generate({ type: 'Count', filters: { Status: [4], DateRange: week } });
    expect(noResult.data).toMatchObject({ Count: 2 });
    const before = { Preset: 'custom', From: addDays(Y, -6), To: addDays(Y, -1) };
    const earlier = await generate({ type: 'Count', filters: { Status: [4], DateRange: before } });
    expect(earlier.data).toMatchObject({ Count: 2 });
    const success = await generate({ type: 'Count', filters: { Status: [1], DateRange: before } });
    // srv-a every day, srv-b on Y-3, srv-c on Y-4.
    expect(success.data).toMatchObject({ Count: 3 });
  });

  it('drills down to Audit with the same range and statuses: the same backups', async () => {
    const admin = await t.as('admin');
    const audit = async (body: Record<string, unknown>) => {
      const r = await admin('POST', '/api/policy/audit-backups', { HistoryDays: 1, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as { Results: { DeviceName: string }[] }).Results.map((x) => x.DeviceName).sort();
    };
    // Audit opens on the range's last day, the statuses over the range's 7 days.
    expect(await audit({ Date: Y, Statuses: [4], StatusDays: 7 })).toEqual(['srv-b', 'srv-c']);
    expect(await audit({ Date: addDays(Y, -1), Statuses: [1], StatusDays: 6 })).toEqual(['srv-a', 'srv-b', 'srv-c']);
    // One day (or none given): the selected day only.
    expect(await audit({ Date: Y, Statuses: [4], StatusDays: 1 })).toEqual(['srv-c']);
  });

  it('takes the colour of the highest enabled threshold not above the count', async () => {
    const metrics = (red: string, yellow: string, green: string) => ({
      colorMetrics: [
        { color: 'red', value: red, isEnabled: true },
        { color: 'yellow', value: yellow, isEnabled: true },
        { color: 'green', value: green, isEnabled: true },
      ],
    });
    const at = async (m: ReturnType<typeof metrics>) =>
      (await generate({ type: 'Count', filters: { DateRange: yesterday }, uiSettings: m })).data;
    expect(await at(metrics('5', '3', '0'))).toMatchObject({ Count: 5, color: 'red' });
    expect(await at(metrics('6', '3', '0'))).toMatchObject({ color: 'yellow' });
    expect(await at(metrics('9', '8', '6'))).toMatchObject({ color: 'default' });
  });
});

describe('bar and column', () => {
  it('groups by status on the last day', async () => {
    const { data } = await generate({ type: 'Bar', barChartGroupBy: 0, filters: { DateRange: yesterday } });
    if (data.kind !== 'Bar') throw new Error();
    expect(data.items.map((i) => [i.Title, i.Value])).toEqual([
      ['Success', 1],
      ['Warning', 1],
      ['Failure', 2],
      ['No Result', 1],
      ['Pending', 0],
    ]);
  });

  it('groups by company, the company with most problems first', async () => {
    const { data } = await generate({ type: 'Column', barChartGroupBy: 1, filters: { DateRange: yesterday } });
    if (data.kind !== 'Column') throw new Error();
    expect(data.items).toHaveLength(3);
    expect(data.items[0]).toMatchObject({ Title: 'Contoso', CompanyId: contosoId, Status: null, Value: 3 });
    expect(data.items[0].ByStatus).toMatchObject({ '1': 1, '3': 2, '4': 0 });
    const fabrikam = data.items.find((i) => i.CompanyId === fabrikamId)!;
    expect(fabrikam).toMatchObject({ Value: 1, ByStatus: expect.objectContaining({ '2': 1 }) });
    expect(data.items.find((i) => i.CompanyId === null)).toMatchObject({ Title: '- No company assigned -', Value: 1 });
  });
});

describe('insight', () => {
  it('counts open suggestions of its type', async () => {
    const { data } = await generate({ type: 'Insight', insightType: 'BackupNotUpdating' });
    expect(data).toEqual({ kind: 'Insight', Count: 2, insightType: 'BackupNotUpdating' });
  });
});

describe('visibility', () => {
  it('shows a client only the data of their companies', async () => {
    const c = await t.as('client');
    const tiles = [
      { title: 'Pie', type: 'PieChart', filters: { DateRange: yesterday } },
      { title: 'Count', type: 'Count', filters: { DateRange: yesterday } },
      { title: 'Insight', type: 'Insight', insightType: 'BackupNotUpdating' },
      { title: 'Companies', type: 'Column', barChartGroupBy: 1, filters: { DateRange: yesterday } },
    ];
    const admin = await t.as('admin');
    for (const tile of tiles)
      expect((await admin('POST', `/api/dashboard/${dashboardId}/tile`, tile)).status).toBe(200);
    const r = await c('GET', `/api/dashboard/${dashboardId}/tile`);
    expect(r.status).toBe(200);
    const byTitle = Object.fromEntries((r.body as TileWithData[]).map((x) => [x.title, x.data]));
    expect(byTitle.Pie).toMatchObject({ total: 1 });
    if (byTitle.Pie.kind !== 'PieChart') throw new Error();
    expect(byTitle.Pie.items.find((i) => i.Status === 2)?.Drilldown).toEqual([
      { Title: 'Fabrikam', Value: 1, CompanyId: fabrikamId },
    ]);
    expect(byTitle.Count).toMatchObject({ Count: 1 });
    expect(byTitle.Insight).toMatchObject({ Count: 1 });
    if (byTitle.Companies.kind !== 'Column') throw new Error();
    expect(byTitle.Companies.items.map((i) => i.CompanyId)).toEqual([fabrikamId]);
    // The same tiles for the admin: everything.
    const all = await admin('GET', `/api/dashboard/${dashboardId}/tile`);
    expect(Object.fromEntries((all.body as TileWithData[]).map((x) => [x.title, x.data])).Count).toMatchObject({
      Count: 5,
    });
  });

  it('shows another tenant nothing of this one', async () => {
    const o = await t.as('outsider');
    expect((await o('GET', `/api/dashboard/${dashboardId}/tile`)).status).toBe(404);
    const { data } = await generate({ type: 'Count', filters: { DateRange: yesterday } }, 'outsider');
    expect(data).toMatchObject({ Count: 0 });
  });
});

describe('retired backups', () => {
  it('stop counting in every tile, with or without filters', async () => {
    const admin = await t.as('admin');
    const r = await admin('PUT', '/api/policy-operation/retire', { PolicyId: ids['srv-a'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const all = await generate({ type: 'Histogram', filters: { DateRange: { Preset: 'last7days' } } });
    if (all.data.kind !== 'Histogram') throw new Error();
    expect(all.data.rows.map((x) => x.PassCount)).toEqual([0, 0, 1, 1, 0, 0, 0]);
    const contoso = await generate({
      type: 'Histogram',
      filters: { Companies: [contosoId], DateRange: { Preset: 'last7days' } },
    });
    if (contoso.data.kind !== 'Histogram') throw new Error();
    expect(contoso.data.rows.map((x) => x.PassCount)).toEqual([0, 0, 0, 1, 0, 0, 0]);
    expect((await generate({ type: 'Count', filters: { DateRange: yesterday } })).data).toMatchObject({ Count: 4 });
  });
});
