import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientHome, UserListItem } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { enableFlagForTenant } from '../admin-portal/flags-service.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * What a client user sees of the provider (issue: views that fit each user): their companies'
 * protection on Home, no administrative report and no dashboard that was not shared with them.
 */
let t: TestApp;
let homeId: number;
let clientId: number;
let contoso: number;
let fabrikam: number;
const { yesterday: Y } = clock();

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'srv-a', status: 'Success', at: at(Y, 1) },
    { device: 'srv-b', status: 'Success', at: at(addDays(Y, -2), 2) },
    { device: 'srv-b', status: 'Failed', at: at(Y, 2) },
    { device: 'srv-c', status: 'Warning', at: at(Y, 3) },
    { device: 'srv-e', status: 'Success', at: at(addDays(Y, -3), 4) },
    { device: 'srv-n', status: 'Failed', at: at(Y, 5) },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, Object.values(ids));
  contoso = await addCompany(t, homeId, 'Contoso', [ids['srv-a'], ids['srv-b']]);
  fabrikam = await addCompany(t, homeId, 'Fabrikam', [ids['srv-c'], ids['srv-e']]);
  await addCompany(t, homeId, 'Northwind', [ids['srv-n']]);
  const r = await t.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'client@acme.test'");
  clientId = r.rows[0].id;
});
afterAll(async () => t.close());

const assign = (companyId: number) =>
  t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
    clientId,
    companyId,
    homeId,
  ]);

describe('GET /api/home/companies', () => {
  it('gives a client user without companies an empty list', async () => {
    const r = await (await t.as('client'))('GET', '/api/home/companies');
    expect(r.status).toBe(200);
    expect(ClientHome.parse(r.body)).toEqual({ Day: Y, TimeZoneId: 'UTC', Companies: [] });
  });

  it('shows a client user only their companies, with the last day’s counts and latest failures', async () => {
    await assign(contoso);
    await assign(fabrikam);
    const r = await (await t.as('client'))('GET', '/api/home/companies');
    expect(r.status).toBe(200);
    const home = ClientHome.parse(r.body);
    expect(home.Companies.map((c) => c.Name)).toEqual(['Contoso', 'Fabrikam']);
    const [c, f] = home.Companies;
    expect(c).toMatchObject({ Id: contoso, Backups: 2, Success: 1, Warning: 0, Failure: 1, Missed: 0 });
    expect(c.LastFailures).toEqual([expect.objectContaining({ DeviceName: 'srv-b', Day: Y })]);
    expect(f).toMatchObject({ Id: fabrikam, Backups: 2, Success: 0, Warning: 1, Failure: 0, Missed: 1 });
    expect(f.LastFailures).toEqual([]);
    expect(JSON.stringify(r.body)).not.toContain('Northwind');
  });

  it('shows an unrestricted administrator every company', async () => {
    const r = await (await t.as('admin'))('GET', '/api/home/companies');
    expect(r.status).toBe(200);
    expect(ClientHome.parse(r.body).Companies.map((c) => c.Name)).toEqual(['Contoso', 'Fabrikam', 'Northwind']);
  });
});

describe('administrative reports', () => {
  it('leaves them out of a client user’s report list, and refuses to run them', async () => {
    const client = await t.as('client');
    const list = await client('GET', '/api/reports');
    expect(list.status).toBe(200);
    const categories = (list.body as { category: string }[]).map((c) => c.category);
    expect(categories).not.toContain('Administrative Reports');
    expect(categories).toContain('Backup Reports');

    for (const [method, url, body] of [
      ['POST', '/api/reports/report/UserActivity/client-run-0001', { filters: {} }],
      ['POST', '/api/reports/csv', { type: 'InactiveAndRetired' }],
      ['POST', '/api/backup-methods/report?reportType=4', {}],
    ] as const) {
      const r = await client(method, url, body);
      expect(r.status, url).toBe(403);
      expect(r.body).toMatchObject({ statusCode: 403, title: 'Forbidden' });
    }
    // A backup report still runs for them.
    expect((await client('POST', '/api/reports/csv', { type: 'DailyResults' })).status).toBe(200);
  });

  it('still lists and runs them for staff', async () => {
    const admin = await t.as('admin');
    const list = await admin('GET', '/api/reports');
    expect((list.body as { category: string }[]).map((c) => c.category)).toContain('Administrative Reports');
    expect((await admin('POST', '/api/reports/csv', { type: 'InactiveAndRetired' })).status).toBe(200);
  });
});

describe('dashboards', () => {
  it('shows a client user a public dashboard only once it is shared with them', async () => {
    const admin = await t.as('admin');
    const client = await t.as('client');
    const d = await admin('POST', '/api/dashboard', { name: 'NOC wall' });
    expect(d.status).toBe(200);
    const listed = async () => ((await client('GET', '/api/dashboard')).body as { id: number }[]).map((x) => x.id);
    expect(await listed()).not.toContain(d.body.id);
    expect((await client('GET', `/api/dashboard/${d.body.id}/tile`)).status).toBe(404);

    const shared = await admin('PUT', `/api/dashboard/${d.body.id}/permissions`, {
      userPermissions: [{ userId: clientId, accessType: 0 }],
    });
    expect(shared.status).toBe(200);
    expect(await listed()).toContain(d.body.id);
    expect((await client('GET', `/api/dashboard/${d.body.id}/tile`)).status).toBe(200);
  });
});

describe('User Management', () => {
  it('names the companies of a client user in the users list', async () => {
    const r = await (await t.as('admin'))('GET', '/api/user/client');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const client = (r.body as UserListItem[]).find((u) => u.Email === 'client@acme.test');
    expect(client?.CompanyNames).toEqual(['Contoso', 'Fabrikam']);
  });
});

describe('the backup-plans setting', () => {
  it('is off by default, answers 404 without the flag, and is a tenant admin’s switch', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', '/api/common/settings')).body.BackupPlansEnabled).toBe(false);
    expect((await admin('PUT', '/api/backup-plans/setting/true')).status).toBe(404);

    await enableFlagForTenant(t.database, 'brBackupPlans', homeId);
    expect((await (await t.as('standard'))('PUT', '/api/backup-plans/setting/true')).status).toBe(403);
    const on = await admin('PUT', '/api/backup-plans/setting/true');
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ BackupPlansEnabled: true });
    expect((await admin('GET', '/api/common/settings')).body.BackupPlansEnabled).toBe(true);
    expect((await (await t.as('outsider'))('GET', '/api/common/settings')).body.BackupPlansEnabled).toBe(false);
  });
});
