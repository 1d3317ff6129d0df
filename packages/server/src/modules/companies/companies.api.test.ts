import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { companyRulesJob } from '../../jobs/company-rules.ts';
import { activate, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';
import { companyOf, companySnapshot } from './test-data.ts';

/** Companies (api/company): list, dropdown, create/rename/update/replace/delete, assignment rules. */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
const { yesterday: Y } = clock();

type Call = Awaited<ReturnType<TestApp['as']>>;
let admin: Call;

const rule = (Field: string, Operator: string, Value: string) => ({ Field, Operator, Value });
const rules = (...groups: ReturnType<typeof rule>[][]) => ({
  Rules: { Groups: groups.map((c) => ({ Conditions: c })) },
});

async function create(name: string): Promise<number> {
  const r = await admin('POST', '/api/company/create', name);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.Id;
}

async function activityOf(action: string): Promise<{ EntityName: string; EntityId: string; After: unknown }[]> {
  const r = await admin('POST', '/api/user/activity-logs', { Actions: [action], Size: 500 });
  expect(r.status).toBe(200);
  return r.body.Results;
}

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  const when = at(Y, 2);
  await sendCsv(t, homeId, [
    { device: 'srv-alpha', job: 'Alpha nightly', status: 'Success', at: when },
    { device: 'srv-beta', job: 'Beta nightly', status: 'Success', at: when },
    { device: 'pc-gamma', job: 'Gamma files', status: 'Warning', at: when },
    { device: 'pc-delta', job: 'Delta beta files', status: 'Success', at: when },
    { device: 'nas-active', job: 'NAS', status: 'Success', at: when },
  ]);
  ids = await backupIds(t, homeId);
  admin = await t.as('admin');
});
afterAll(async () => t.close());

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

describe('replacing and deleting', () => {
  it('moves backups, rules, mappings and viewers to the replacement and deletes the source', async () => {
    const old = await create('Old Name LLC');
    const keep = await create('Kept Name LLC');
    await admin('PUT', '/api/company/update', { Id: old, Name: 'Old Name LLC', Code: 'oldtag' });
    await admin('PUT', `/api/company/${old}/rules`, rules([rule('DeviceName', 'Equals', 'does-not-exist')]));
    await admin('PUT', `/api/company/${keep}/rules`, rules([rule('DeviceName', 'Equals', 'also-missing')]));
    await admin('PUT', '/api/client/map', { Kind: 'Vendor', ClientId: 'OLD-CLIENT', CompanyId: old });
    await sendCsv(t, homeId, [{ device: 'move-me', job: 'Move', status: 'Success', at: at(Y, 4) }]);
    const moveMe = (await backupIds(t, homeId))['move-me'];
    await t.database.query(`UPDATE backups SET company_id = $1, company_source = 'manual' WHERE id = $2`, [
      old,
      moveMe,
    ]);

    expect((await admin('PUT', '/api/company/replace', { Id: old, ReplaceWithId: old })).status).toBe(400);
    expect((await admin('PUT', '/api/company/replace', { Id: old, ReplaceWithId: 999999 })).status).toBe(404);
    const r = await admin('PUT', '/api/company/replace', { Id: old, ReplaceWithId: keep });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ Id: old, ReplaceWithId: keep, MovedBackups: 1, MovedMappings: 1 });
    expect(await companyOf(t, moveMe)).toEqual({ company_id: keep, company_source: 'manual' });
    expect((await admin('GET', `/api/company/${old}`)).status).toBe(404);
    const kept = await admin('GET', `/api/company/${keep}`);
    expect(kept.body).toMatchObject({ Name: 'Kept Name LLC', Code: 'oldtag', AllBackupCount: 1 });
    expect(
      (await admin('GET', `/api/company/${keep}/rules`)).body.Rules.Groups.map(
        (g: { Conditions: { Value: string }[] }) => g.Conditions[0].Value,
      ),
    ).toEqual(['also-missing', 'does-not-exist']);
    const mapped = (await admin('GET', '/api/client')).body.find(
      (m: { ClientId: string }) => m.ClientId === 'OLD-CLIENT',
    );
    expect(mapped).toMatchObject({ CompanyId: keep, CompanyName: 'Kept Name LLC' });
    expect((await activityOf('Company replaced'))[0]).toMatchObject({ EntityName: 'Old Name LLC' });
  });

  it('deletes a company and leaves its backups without a company', async () => {
    const gone = await create('Short Lived');
    await sendCsv(t, homeId, [{ device: 'orphan', job: 'Orphan', status: 'Success', at: at(Y, 5) }]);
    const orphan = (await backupIds(t, homeId))['orphan'];
    await t.database.query(`UPDATE backups SET company_id = $1, company_source = 'manual' WHERE id = $2`, [
      gone,
      orphan,
    ]);
    const r = await admin('DELETE', `/api/company/${gone}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: gone, UnassignedBackups: 1 });
    expect(await companyOf(t, orphan)).toEqual({ company_id: null, company_source: null });
    expect((await admin('GET', `/api/company/${gone}`)).status).toBe(404);
    expect((await admin('DELETE', `/api/company/${gone}`)).status).toBe(404);
    expect((await activityOf('Company deleted'))[0]).toMatchObject({ EntityName: 'Short Lived' });
  });
});

describe('who may see and change companies', () => {
  it('shows a company-restricted user only their companies, and 404 for the others', async () => {
    const mine = await create('Restricted Mine');
    const theirs = await create('Restricted Theirs');
    const user = await t.database.query<{ id: number }>(
      `UPDATE users SET is_company_restricted = true WHERE email = 'standard@acme.test' RETURNING id`,
    );
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      user.rows[0].id,
      mine,
      homeId,
    ]);
    const standard = await t.as('standard');
    const list = await standard('POST', '/api/company/list', {});
    expect(list.body.data.map((c: { Name: string }) => c.Name)).toEqual(['Restricted Mine']);
    expect(list.body.pagination.total).toBe(1);
    expect((await standard('GET', '/api/company/autocomplete')).body.Results.map((c: { Id: number }) => c.Id)).toEqual([
      mine,
    ]);
    expect((await standard('GET', `/api/company/${mine}`)).status).toBe(200);
    expect((await standard('GET', `/api/company/${theirs}`)).status).toBe(404);
    expect((await standard('PUT', '/api/company/rename', { Id: theirs, Name: 'Taken' })).status).toBe(404);
    expect((await standard('DELETE', `/api/company/${theirs}`)).status).toBe(404);
    expect((await standard('PUT', '/api/company/replace', { Id: mine, ReplaceWithId: theirs })).status).toBe(404);
    // What they create, they see.
    const own = await standard('POST', '/api/company/create', 'Restricted Created');
    expect(own.status).toBe(200);
    expect((await standard('POST', '/api/company/list', {})).body.pagination.total).toBe(2);
    await t.database.query(`UPDATE users SET is_company_restricted = false WHERE id = $1`, [user.rows[0].id]);
  });

  it('lets a client pick only their companies in the dropdown and change none', async () => {
    const theirs = await create('Client Co');
    const client = await t.database.query<{ id: number }>(`SELECT id FROM users WHERE email = 'client@acme.test'`);
    await t.database.query('INSERT INTO user_companies (user_id, company_id, tenant_id) VALUES ($1, $2, $3)', [
      client.rows[0].id,
      theirs,
      homeId,
    ]);
    const call = await t.as('client');
    const pick = await call('GET', '/api/company/autocomplete');
    expect(pick.status).toBe(200);
    expect(pick.body.Results).toEqual([{ Id: theirs, Name: 'Client Co', Type: 1 }]);
    const before = await companySnapshot(t, homeId);
    const denied: [string, string, unknown?][] = [
      ['POST', '/api/company/list', {}],
      ['GET', `/api/company/${theirs}`],
      ['POST', '/api/company/create', 'Client Made'],
      ['PUT', '/api/company/rename', { Id: theirs, Name: 'Renamed' }],
      ['PUT', '/api/company/update', { Id: theirs, Name: 'Renamed' }],
      ['DELETE', `/api/company/${theirs}`],
      ['PUT', `/api/company/${theirs}/rules`, rules([rule('JobName', 'Contains', 'x')])],
      ['PUT', '/api/company/apply'],
      ['GET', '/api/client/mapping'],
      ['PUT', '/api/client/map', { Kind: 'Tag', ClientId: 'x', CompanyId: theirs }],
      ['PUT', '/api/client/apply'],
    ];
    for (const [method, url, body] of denied) {
      const r = await call(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.Message).toBe("You don't have a permission.");
    }
    expect(await companySnapshot(t, homeId)).toBe(before);

    // Given the right to view companies (Settings → user groups), the client still sees only theirs.
    await t.database.query(
      `UPDATE groups SET permissions = permissions || '["manage.getCompanies"]'::jsonb
        WHERE tenant_id = $1 AND name = 'Clients'`,
      [homeId],
    );
    const list = await call('POST', '/api/company/list', {});
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { Id: number }) => c.Id)).toEqual([theirs]);
    expect((await call('PUT', '/api/company/rename', { Id: theirs, Name: 'Renamed' })).status).toBe(403);
  });
});

describe('another tenant', () => {
  it('gets 404 for every company of ours, sees none of them, and changes nothing', async () => {
    const ours = await create('Ours Only');
    const other = await create('Ours Too');
    const mapping = (await admin('PUT', '/api/client/map', { Kind: 'Tag', ClientId: 'ours-tag', CompanyId: ours })).body
      .Id;
    const outsider = await t.as('outsider');
    const before = await companySnapshot(t, homeId);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/company/${ours}`],
      ['DELETE', `/api/company/${ours}`],
      ['PUT', '/api/company/rename', { Id: ours, Name: 'Taken over' }],
      ['PUT', '/api/company/update', { Id: ours, Name: 'Taken over', Code: 'x' }],
      ['PUT', '/api/company/replace', { Id: ours, ReplaceWithId: other }],
      ['GET', `/api/company/${ours}/rules`],
      ['PUT', `/api/company/${ours}/rules`, rules([rule('JobName', 'Contains', 'a')])],
      ['PUT', '/api/company/apply', { CompanyIds: [ours] }],
      ['PUT', '/api/client/map', { Kind: 'Tag', ClientId: 'hijack', CompanyId: ours }],
      ['PUT', `/api/client/mapping/${mapping}`, { CompanyId: ours }],
      ['DELETE', `/api/client/${mapping}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    // Their own company cannot be merged into ours either.
    const theirs = (await outsider('POST', '/api/company/create', 'Outsider Co')).body.Id;
    expect((await outsider('PUT', '/api/company/replace', { Id: theirs, ReplaceWithId: ours })).status).toBe(404);
    expect(await companySnapshot(t, homeId)).toBe(before);

    const list = await outsider('POST', '/api/company/list', {});
    expect(list.body.data.map((c: { Name: string }) => c.Name)).toEqual(['Outsider Co']);
    expect((await outsider('GET', '/api/company/autocomplete?search=ours')).body.Total).toBe(0);
    expect(await outsider('GET', '/api/company/apply')).toMatchObject({ status: 200, body: [] });
    expect((await outsider('GET', '/api/client/mapping')).body).toEqual([]);
    expect((await outsider('GET', '/api/client')).body).toEqual([]);
    expect((await outsider('POST', '/api/company/test', rules([rule('JobName', 'Contains', 'a')]))).body.Total).toBe(0);
    expect((await outsider('GET', '/api/client/tag/ours-tag')).body).toMatchObject({
      CompanyId: null,
      IsAutoMap: false,
    });
    // The same name is free in another tenant.
    expect((await outsider('POST', '/api/company/create', 'Ours Only')).status).toBe(200);
  });
});
