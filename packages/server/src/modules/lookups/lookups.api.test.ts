import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { addDays } from '../../status/index.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/**
 * The lookups behind the filter pickers and editors (platform §7 Backup and Common): vendor
 * classifications, policy enumerations, the tenant's filter values, backup methods, extra backup
 * fields, the caller's saved filters and the schedules a backup's editor offers.
 */
let t: TestApp;
let homeId: number;
const { yesterday: Y } = clock();

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  await sendCsv(t, homeId, [
    { device: 'lk-a', status: 'Success', at: at(Y, 1) },
    { device: 'lk-b', status: 'Failed', at: at(addDays(Y, -1), 2) },
    { device: 'lk-idle', status: 'Success', at: at(Y, 3) },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['lk-a']], { schedule: null, tags: ['gold'] });
  await activate(t, homeId, [ids['lk-b']], { schedule: null });
  await addCompany(t, homeId, 'Lookup Co', [ids['lk-a']]);
});
afterAll(async () => t.close());

describe('GET /api/backup/vendor/classifications', () => {
  it('groups every known vendor once by what it protects, with names and logos', async () => {
    const r = await (await t.as('standard'))('GET', '/api/backup/vendor/classifications');
    expect(r.status).toBe(200);
    const byClass = Object.fromEntries(
      (r.body as { Classification: string; Name: string; Vendors: { Id: string; Name: string }[] }[]).map((c) => [
        c.Classification,
        c,
      ]),
    );
    expect(byClass.image.Name).toBe('Image and appliance');
    expect(byClass['cloud-to-cloud'].Vendors.map((v) => v.Id)).toEqual(
      expect.arrayContaining(['datto-saas', 'dropsuite', 'skykick', 'veeam-m365']),
    );
    expect(byClass.nas.Vendors.map((v) => v.Name)).toContain('Synology Hyper Backup');
    const veeam = byClass.image.Vendors.find((v) => v.Id === 'veeam-br');
    expect(veeam).toMatchObject({ Logo: '/vendors/veeam.svg', Methods: ['Email', 'Api'] });
    expect(byClass.cloud.Vendors.map((v) => v.Id)).toEqual(expect.arrayContaining(['aws', 'azure']));
    const ids = Object.values(byClass).flatMap((c) => c.Vendors.map((v) => v.Id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is refused to a caller without a session', async () => {
    expect((await t.call('GET', '/api/backup/vendor/classifications')).status).toBe(401);
  });
});

describe('GET /api/common/policy-enums', () => {
  it('names the day statuses, methods and field types', async () => {
    const r = await (await t.as('client'))('GET', '/api/common/policy-enums');
    expect(r.status).toBe(200);
    expect(r.body.DayStatuses).toContainEqual({ Value: 4, Name: 'No Result' });
    expect(r.body.Methods).toEqual([
      { Value: 'Email', Name: 'E-mail' },
      { Value: 'Api', Name: 'API' },
    ]);
    expect(r.body.AdditionalFieldTypes.map((x: { Value: string }) => x.Value)).toEqual([
      'text',
      'number',
      'date',
      'choice',
    ]);
  });
});

describe('GET /api/common/tenant-filters and all-backup-methods', () => {
  it('offers the companies, vendors, tags and methods of the active backups', async () => {
    const r = await (await t.as('admin'))('GET', '/api/common/tenant-filters');
    expect(r.status).toBe(200);
    expect(r.body.Companies).toEqual(
      expect.arrayContaining([
        { Id: expect.any(Number), Name: 'Lookup Co', Count: 1 },
        { Id: null, Name: '- No company assigned -', Count: expect.any(Number) },
      ]),
    );
    expect(r.body.Vendors).toContainEqual({ Id: 'generic-csv', Name: 'Generic CSV', Count: expect.any(Number) });
    expect(r.body.Tags).toContain('gold');
    expect(r.body.Methods.find((m: { Value: string }) => m.Value === 'Email').Count).toBeGreaterThanOrEqual(2);
  });

  it('counts the active backups per method', async () => {
    const r = await (await t.as('admin'))('GET', '/api/common/user-filters/all-backup-methods');
    expect(r.status).toBe(200);
    expect(r.body.map((m: { Value: string }) => m.Value)).toEqual(['Email', 'Api']);
    const active = await t.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM backups WHERE tenant_id = $1 AND state = 'Active' AND method = 'Email'`,
      [homeId],
    );
    expect(r.body[0]).toEqual({ Value: 'Email', Name: 'E-mail', Count: Number(active.rows[0].n) });
  });
});

describe('additional backup fields', () => {
  const url = '/api/common/user-filters/additional-backup-fields';

  it('stores the set of fields per tenant and answers it', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', url)).body).toEqual([]);
    const r = await admin('POST', url, {
      Fields: [
        { Name: 'Contract', Type: 'text' },
        { Name: 'Retention days', Type: 'number' },
        { Name: 'Tier', Type: 'choice', Choices: ['Gold', 'Silver'] },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.map((f: { Name: string; Type: string }) => `${f.Name}:${f.Type}`)).toEqual([
      'Contract:text',
      'Retention days:number',
      'Tier:choice',
    ]);
    expect(r.body[2].Choices).toEqual(['Gold', 'Silver']);
    // The outsider's tenant has none of them.
    expect((await (await t.as('outsider'))('GET', url)).body).toEqual([]);
    // Renaming keeps the field (its id); leaving one out removes it.
    const [contract, , tier] = r.body as { Id: number }[];
    const again = await admin('POST', url, {
      Fields: [
        { Id: tier.Id, Name: 'Tier', Type: 'choice', Choices: ['Gold'] },
        { Id: contract.Id, Name: 'Contract no.', Type: 'text' },
      ],
    });
    expect(again.body.map((f: { Id: number; Name: string }) => [f.Id, f.Name])).toEqual([
      [tier.Id, 'Tier'],
      [contract.Id, 'Contract no.'],
    ]);
    expect((await (await t.as('standard'))('GET', url)).body).toHaveLength(2);
    expect((await (await t.as('admin'))('GET', '/api/common/tenant-filters')).body.AdditionalFields).toHaveLength(2);
  });

  it('refuses duplicate names, a choice field without choices and an unknown type', async () => {
    const admin = await t.as('admin');
    const dup = await admin('POST', url, {
      Fields: [
        { Name: 'Site', Type: 'text' },
        { Name: 'site', Type: 'number' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.Message).toBe('A field named "site" already exists.');
    const noChoice = await admin('POST', url, { Fields: [{ Name: 'Tier', Type: 'choice' }] });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.Message).toBe('A choice field needs at least one choice.');
    expect((await admin('POST', url, { Fields: [{ Name: 'X', Type: 'colour' }] })).status).toBe(400);
    expect((await admin('GET', url)).body).toHaveLength(2);
  });

  it('lets only users who edit backups change them', async () => {
    const r = await (await t.as('client'))('POST', url, { Fields: [] });
    expect(r.status).toBe(403);
    expect((await (await t.as('admin'))('GET', url)).body).toHaveLength(2);
  });
});

describe('GET /api/user/filter and GET /api/policy/schedules', () => {
  it("lists the caller's own saved filters", async () => {
    const admin = await t.as('admin');
    await admin('POST', '/api/user/filter', { name: 'Failures', filters: { Statuses: [3] } });
    const r = await admin('GET', '/api/user/filter');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: expect.any(Number), name: 'Failures', filters: { Statuses: [3] } }]);
    expect((await (await t.as('standard'))('GET', '/api/user/filter')).body).toEqual([]);
  });

  it("offers the built-in schedules and the tenant's named ones", async () => {
    const admin = await t.as('admin');
    await admin('POST', '/api/schedule', { Name: 'Weeknights', Rule: { kind: 'weekly', weekdays: 62 } });
    const r = await admin('GET', '/api/policy/schedules');
    expect(r.status).toBe(200);
    const names = r.body.map((s: { Name: string }) => s.Name);
    expect(names).toContain('Weeknights');
    expect(r.body.find((s: { Name: string }) => s.Name === 'Weeknights').ScheduleId).toEqual(expect.any(Number));
    expect(r.body.some((s: { ScheduleId: number | null }) => s.ScheduleId === null)).toBe(true);
  });
});
