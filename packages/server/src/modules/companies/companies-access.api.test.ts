import { describe, expect, it } from 'vitest';
import { at, backupIds, sendCsv } from '../audit/test-data.ts';
import { companyOf, companySnapshot } from './test-data.ts';
import { t, homeId, admin, rule, rules, create, activityOf, Y, setUpCompaniesSuite } from './companies.setup.ts';

setUpCompaniesSuite();

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
