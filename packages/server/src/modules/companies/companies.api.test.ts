import { describe, expect, it } from 'vitest';
import { companyRulesJob } from '../../jobs/company-rules.ts';
import { activate, at, backupIds, sendCsv } from '../audit/test-data.ts';
import { companyOf } from './test-data.ts';
import { t, homeId, ids, admin, rule, rules, create, activityOf, Y, setUpCompaniesSuite } from './companies.setup.ts';

setUpCompaniesSuite();

describe('creating and naming', () => {
  it('creates a company from a bare JSON string and refuses a duplicate name whatever its case', async () => {
    const r = await admin('POST', '/api/company/create', 'Blue Harbor Dental');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Name: 'Blue Harbor Dental', Type: 1, Code: null, BackupCount: 0, HasRules: false });
    expect((await admin('GET', `/api/company/${r.body.Id}`)).body.Name).toBe('Blue Harbor Dental');

    const dup = await admin('POST', '/api/company/create', '  blue HARBOR dental ');
    expect(dup.status).toBe(400);
    expect(dup.body.Message).toBe('Company "blue HARBOR dental" already exists.');
    expect(dup.body.Errors).toEqual([{ Field: 'Name', Message: dup.body.Message }]);

    expect((await admin('POST', '/api/company/create', '   ')).status).toBe(400);
    expect((await admin('POST', '/api/company/create', { Name: 'Not a string' })).status).toBe(400);
    const logged = await activityOf('Company created');
    expect(logged.map((l) => l.EntityName)).toContain('Blue Harbor Dental');
  });

  it('renames and updates the plus-address code, refusing a taken name or code', async () => {
    const a = await create('Cedar Law');
    const b = await create('Birch Clinic');
    const ren = await admin('PUT', '/api/company/rename', { Id: a, Name: 'Cedar Law Group' });
    expect(ren.status).toBe(200);
    expect(ren.body.Name).toBe('Cedar Law Group');
    const taken = await admin('PUT', '/api/company/rename', { Id: a, Name: 'BIRCH clinic' });
    expect(taken.status).toBe(400);
    expect(taken.body.Message).toBe('Company "BIRCH clinic" already exists.');
    // Renaming to itself with another case is fine.
    expect((await admin('PUT', '/api/company/rename', { Id: a, Name: 'cedar law group' })).status).toBe(200);

    const up = await admin('PUT', '/api/company/update', { Id: b, Name: 'Birch Clinic', Code: 'birch' });
    expect(up.status).toBe(200);
    expect(up.body.Code).toBe('birch');
    const code = await admin('PUT', '/api/company/update', { Id: a, Name: 'Cedar Law Group', Code: 'BIRCH' });
    expect(code.status).toBe(400);
    expect(code.body.Message).toBe('Code "BIRCH" is already used by company "Birch Clinic".');
    const bad = await admin('PUT', '/api/company/update', { Id: a, Name: 'Cedar Law Group', Code: 'no spaces' });
    expect(bad.status).toBe(400);
    expect((await admin('GET', `/api/company/${a}`)).body).toMatchObject({ Name: 'cedar law group', Code: null });

    const renamed = await activityOf('Company renamed');
    expect(renamed[0]).toMatchObject({ EntityId: String(a), After: { Name: 'cedar law group' } });
    expect((await activityOf('Company updated')).map((l) => l.EntityId)).toContain(String(b));
    expect((await admin('PUT', '/api/company/rename', { Id: 999999, Name: 'Ghost' })).status).toBe(404);
  });
});

describe('the list', () => {
  it('pages 20 at a time and filters by name, empty and local companies', async () => {
    for (let i = 1; i <= 23; i++) await create(`Paging Co ${String(i).padStart(2, '0')}`);
    const p1 = await admin('POST', '/api/company/list', { Name: 'paging co' });
    expect(p1.status).toBe(200);
    expect(p1.body.data).toHaveLength(20);
    expect(p1.body.pagination).toEqual({ page: 1, total: 23, perPage: 20, totalPages: 2 });
    expect(p1.body.data[0]).toMatchObject({ Name: 'Paging Co 01', Type: 1, BackupCount: 0, HasRules: false });
    const p2 = await admin('POST', '/api/company/list', { Name: 'PAGING', Page: 2 });
    expect(p2.body.data.map((c: { Name: string }) => c.Name)).toEqual(['Paging Co 21', 'Paging Co 22', 'Paging Co 23']);
    expect(p2.body.pagination).toEqual({ page: 2, total: 23, perPage: 20, totalPages: 2 });
    const small = await admin('POST', '/api/company/list', { Name: 'paging', Size: 5, Page: 3 });
    expect(small.body.data.map((c: { Name: string }) => c.Name)[0]).toBe('Paging Co 11');
    expect(small.body.pagination.totalPages).toBe(5);
    // A wildcard in the search is a plain character.
    expect((await admin('POST', '/api/company/list', { Name: '%' })).body.pagination.total).toBe(0);

    // A company with an active backup, and a PSA company (synced companies arrive with a PSA integration).
    const withBackups = await create('Active Dental');
    await activate(t, homeId, [ids['nas-active']]);
    await t.database.query('UPDATE backups SET company_id = $1 WHERE id = $2', [withBackups, ids['nas-active']]);
    await t.database.query(
      `INSERT INTO companies (tenant_id, name, type, psa_id) VALUES ($1, 'PSA Synced Ltd', 0, '4711')`,
      [homeId],
    );
    const nonEmpty = await admin('POST', '/api/company/list', { IncludeEmpty: false });
    expect(nonEmpty.body.data).toEqual([
      {
        Id: withBackups,
        Name: 'Active Dental',
        Type: 1,
        Code: null,
        PsaId: null,
        BackupCount: 1,
        HasRules: false,
      },
    ]);
    const psa = await admin('POST', '/api/company/list', { IncludeLocal: false });
    expect(psa.body.data.map((c: { Name: string; Type: number }) => [c.Name, c.Type])).toEqual([['PSA Synced Ltd', 0]]);
    expect((await admin('POST', '/api/company/list', { IncludeLocal: false, IncludeEmpty: false })).body.data).toEqual(
      [],
    );
    const all = await admin('POST', '/api/company/list', { Size: 1000 });
    const names = all.body.data.map((c: { Name: string }) => c.Name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byCount = await admin('POST', '/api/company/list', { OrderBy: 'BackupCount', OrderAscending: false });
    expect(byCount.body.data[0].Name).toBe('Active Dental');
    expect((await admin('POST', '/api/company/list', { Size: 0 })).status).toBe(400);
  });

  it('serves the dropdown a page at a time while typing', async () => {
    const r = await admin('GET', '/api/company/autocomplete?search=paging&page=2&size=10');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Page: 2, PageSize: 10, Total: 23, TotalPages: 3 });
    expect(r.body.Results[0]).toEqual({ Id: expect.any(Number), Name: 'Paging Co 11', Type: 1 });
    const first = await admin('GET', '/api/company/autocomplete');
    expect(first.body.PageSize).toBe(20);
    expect(first.body.Results).toHaveLength(20);
    const psa = await admin('GET', '/api/company/autocomplete?includeLocal=false');
    expect(psa.body.Results).toEqual([{ Id: expect.any(Number), Name: 'PSA Synced Ltd', Type: 0 }]);
  });
});

describe('assignment rules', () => {
  let servers: number;
  let beta: number;

  it('saves a company rule set and reads it back', async () => {
    servers = await create('Server Farm Inc');
    beta = await create('Beta Partners');
    const put = await admin('PUT', `/api/company/${servers}/rules`, rules([rule('DeviceName', 'StartsWith', 'srv-')]));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({
      CompanyId: servers,
      Rules: { Groups: [{ Conditions: [{ Field: 'DeviceName', Operator: 'StartsWith', Value: 'srv-' }] }] },
    });
    // Two groups: (job contains "beta" and device starts with "pc-") or device is exactly "srv-beta".
    const betaRules = rules(
      [rule('JobName', 'Contains', 'beta'), rule('DeviceName', 'StartsWith', 'pc-')],
      [rule('DeviceName', 'Equals', 'SRV-BETA')],
    );
    expect((await admin('PUT', `/api/company/${beta}/rules`, betaRules)).status).toBe(200);
    expect((await admin('GET', `/api/company/${beta}/rules`)).body.Rules).toEqual(betaRules.Rules);
    expect((await admin('GET', `/api/company/${beta}`)).body.HasRules).toBe(true);
    const bad = await admin('PUT', `/api/company/${beta}/rules`, rules([rule('Colour', 'Equals', 'x')]));
    expect(bad.status).toBe(400);
    const empty = await admin('PUT', `/api/company/${beta}/rules`, rules([rule('JobName', 'Equals', ' ')]));
    expect(empty.status).toBe(400);
    expect((await activityOf('Company rules changed')).length).toBe(2);
  });

  it('tests a rule set without saving it', async () => {
    const r = await admin('POST', '/api/company/test', {
      ...rules([rule('JobName', 'EndsWith', 'nightly')]),
      Size: 1,
    });
    expect(r.status).toBe(200);
    expect(r.body.Total).toBe(2);
    expect(r.body.Backups).toEqual([
      {
        Id: ids['srv-alpha'],
        CompanyName: '- No company assigned -',
        DeviceName: 'srv-alpha',
        JobName: 'Alpha nightly',
        Vendor: expect.any(String),
        ClientId: null,
        State: 'Inactive',
        ConflictsWith: [],
      },
    ]);
    const none = await admin('POST', '/api/company/test', rules());
    expect(none.body).toEqual({ Total: 0, Backups: [] });
  });

  it('previews what each company would get, flags backups two companies claim, and applies the rest', async () => {
    const preview = await admin('GET', '/api/company/apply');
    expect(preview.status).toBe(200);
    const byName = Object.fromEntries(preview.body.map((c: { Name: string }) => [c.Name, c]));
    expect(Object.keys(byName)).toEqual(['Beta Partners', 'Server Farm Inc']);
    expect(byName['Server Farm Inc']).toMatchObject({ Id: servers, HasConflict: true });
    expect(
      byName['Server Farm Inc'].Backups.map((b: { DeviceName: string; ConflictsWith: string[] }) => [
        b.DeviceName,
        b.ConflictsWith,
      ]),
    ).toEqual([
      ['srv-alpha', []],
      ['srv-beta', ['Beta Partners']],
    ]);
    expect(byName['Beta Partners'].Backups.map((b: { DeviceName: string }) => b.DeviceName)).toEqual([
      'pc-delta',
      'srv-beta',
    ]);
    expect(byName['Beta Partners'].Backups[0].CompanyName).toBe('- No company assigned -');

    const applied = await admin('PUT', '/api/company/apply');
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ Assigned: 2, Conflicts: 1, Companies: 2 });
    expect(await companyOf(t, ids['srv-alpha'])).toEqual({ company_id: servers, company_source: 'rule' });
    expect(await companyOf(t, ids['pc-delta'])).toEqual({ company_id: beta, company_source: 'rule' });
    expect(await companyOf(t, ids['srv-beta'])).toEqual({ company_id: null, company_source: null });
    expect(await companyOf(t, ids['pc-gamma'])).toEqual({ company_id: null, company_source: null });
    const log = await activityOf('Company rules applied');
    expect(log.map((l) => [l.EntityName, l.After])).toEqual(
      expect.arrayContaining([
        ['Server Farm Inc', { AssignedBackups: 1, ConflictsSkipped: 1 }],
        ['Beta Partners', { AssignedBackups: 1, ConflictsSkipped: 1 }],
      ]),
    );
    // Only the conflict is left to preview.
    const after = await admin('GET', '/api/company/apply');
    expect(after.body.every((c: { HasConflict: boolean }) => c.HasConflict)).toBe(true);
    expect((await admin('PUT', '/api/company/apply')).body).toEqual({ Assigned: 0, Conflicts: 1, Companies: 0 });
  });

  it('applies only the companies asked for', async () => {
    const only = await create('Gamma Only');
    await admin('PUT', `/api/company/${only}/rules`, rules([rule('DeviceName', 'Equals', 'pc-gamma')]));
    const r = await admin('PUT', '/api/company/apply', { CompanyIds: [servers] });
    expect(r.body.Assigned).toBe(0);
    expect((await companyOf(t, ids['pc-gamma'])).company_id).toBeNull();
    expect((await admin('PUT', '/api/company/apply', { CompanyIds: [only] })).body).toEqual({
      Assigned: 1,
      Conflicts: 0,
      Companies: 1,
    });
    expect((await companyOf(t, ids['pc-gamma'])).company_id).toBe(only);
    expect((await admin('PUT', '/api/company/apply', { CompanyIds: [999999] })).status).toBe(404);
  });

  it('gives new backups from the intake their company, and the schedule catches up older ones', async () => {
    await sendCsv(t, homeId, [{ device: 'srv-new', job: 'New job', status: 'Success', at: at(Y, 3) }]);
    const fresh = (await backupIds(t, homeId))['srv-new'];
    expect(await companyOf(t, fresh)).toEqual({ company_id: servers, company_source: 'rule' });

    // A backup discovered before its company had a rule waits for the scheduled re-apply.
    await sendCsv(t, homeId, [{ device: 'kiosk-1', job: 'Kiosk', status: 'Success', at: at(Y, 3) }]);
    const kiosk = (await backupIds(t, homeId))['kiosk-1'];
    expect((await companyOf(t, kiosk)).company_id).toBeNull();
    const kiosks = await create('Kiosk Corp');
    await admin('PUT', `/api/company/${kiosks}/rules`, rules([rule('DeviceName', 'StartsWith', 'kiosk')]));
    const job = companyRulesJob(t.deps);
    expect(job.cron).toBe('*/15 * * * *');
    await job.handler!({});
    expect(await companyOf(t, kiosk)).toEqual({ company_id: kiosks, company_source: 'rule' });
    // The conflicting backup stays unassigned.
    expect((await companyOf(t, ids['srv-beta'])).company_id).toBeNull();
  });
});
