import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';
import { companyOf, sendTagged } from './test-data.ts';

/** Client-id mapping (api/client): plus-address tags and vendor client ids mapped to companies. */
let t: TestApp;
let homeId: number;
let ids: Record<string, number>;
const co: Record<string, number> = {};
const { yesterday: Y } = clock();
type Call = Awaited<ReturnType<TestApp['as']>>;
let admin: Call;

interface Row {
  Id: number | null;
  Kind: string;
  ClientId: string;
  CompanyId: number | null;
  CompanyName: string | null;
  BackupCount: number;
  UnassignedCount: number;
  Match: string;
  SuggestedCompanyId: number | null;
  SuggestedCompanyName: string | null;
}

async function rows(): Promise<Row[]> {
  const r = await admin('GET', '/api/client/mapping');
  expect(r.status).toBe(200);
  return r.body;
}
const find = (list: Row[], kind: string, id: string) =>
  list.find((r) => r.Kind === kind && r.ClientId.toLowerCase() === id.toLowerCase());

beforeAll(async () => {
  t = await testApp();
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'UTC');
  const when = at(Y, 2);
  // Backups arrive before any company exists, so they wait unassigned.
  await sendTagged(t, homeId, 'northwind', [{ device: 'nw-01', status: 'Success', at: when }]);
  await sendTagged(t, homeId, 'FAB', [{ device: 'fab-01', status: 'Success', at: when }]);
  await sendCsv(t, homeId, [
    { device: 'cs-01', status: 'Success', at: when, client: 'Contoso Ltd.' },
    { device: 'cs-02', status: 'Failed', at: when, client: 'contoso ltd.' },
    { device: 'uk-01', status: 'Success', at: when, client: 'Unknown Client' },
  ]);
  ids = await backupIds(t, homeId);
  admin = await t.as('admin');
  for (const name of ['Northwind', 'Contoso', 'Fabrikam Inc', 'Tailspin Toys']) {
    co[name] = (await admin('POST', '/api/company/create', name)).body.Id;
  }
  await admin('PUT', '/api/company/update', { Id: co['Fabrikam Inc'], Name: 'Fabrikam Inc', Code: 'fab' });
});
afterAll(async () => t.close());

describe('the mapping list', () => {
  it('lists every client id seen with its company and a suggestion: exact, soft or none', async () => {
    const list = await rows();
    expect(list).toHaveLength(4);
    expect(find(list, 'Tag', 'northwind')).toEqual({
      Id: null,
      Kind: 'Tag',
      ClientId: 'northwind',
      CompanyId: co.Northwind,
      CompanyName: 'Northwind',
      BackupCount: 1,
      UnassignedCount: 1,
      Match: 'Exact',
      SuggestedCompanyId: co.Northwind,
      SuggestedCompanyName: 'Northwind',
    });
    // A company's code is an exact match too.
    expect(find(list, 'Tag', 'FAB')).toMatchObject({ Match: 'Exact', CompanyName: 'Fabrikam Inc' });
    // "Contoso Ltd." and "contoso ltd." are one client id; the legal suffix makes it a soft match, to verify.
    expect(find(list, 'Vendor', 'Contoso Ltd.')).toMatchObject({
      Id: null,
      CompanyId: null,
      BackupCount: 2,
      UnassignedCount: 2,
      Match: 'Soft',
      SuggestedCompanyId: co.Contoso,
      SuggestedCompanyName: 'Contoso',
    });
    expect(find(list, 'Vendor', 'Unknown Client')).toMatchObject({
      CompanyId: null,
      Match: 'None',
      SuggestedCompanyId: null,
    });
    // Ids still needing a company come first.
    expect(list.slice(0, 2).map((r) => r.CompanyId)).toEqual([null, null]);
  });

  it('looks up one client id and says whether it maps by itself', async () => {
    const auto = await admin('GET', '/api/client/tag/NORTHWIND');
    expect(auto.status).toBe(200);
    expect(auto.body).toEqual({
      Kind: 'Tag',
      ClientId: 'NORTHWIND',
      CompanyId: co.Northwind,
      CompanyName: 'Northwind',
      IsAutoMap: true,
      Match: 'Exact',
    });
    const soft = await admin('GET', `/api/client/Vendor/${encodeURIComponent('Contoso Ltd.')}`);
    expect(soft.body).toMatchObject({ CompanyId: null, IsAutoMap: false, Match: 'Soft' });
    expect((await admin('GET', '/api/client/nope/x')).status).toBe(400);
  });
});

describe('mapping and applying', () => {
  let contosoMapping: number;

  it('maps a client id to a company and lists the saved mapping', async () => {
    const r = await admin('PUT', '/api/client/map', {
      Kind: 'Vendor',
      ClientId: 'contoso ltd.',
      CompanyId: co.Contoso,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      Id: expect.any(Number),
      Kind: 'Vendor',
      ClientId: 'contoso ltd.',
      CompanyId: co.Contoso,
      CompanyName: 'Contoso',
    });
    contosoMapping = r.body.Id;
    // Mapping the same id again (any case) changes the one mapping.
    const again = await admin('PUT', '/api/client/map', {
      Kind: 'Vendor',
      ClientId: 'CONTOSO LTD.',
      CompanyId: co.Contoso,
    });
    expect(again.body.Id).toBe(contosoMapping);
    expect((await admin('GET', '/api/client')).body).toEqual([r.body]);
    expect(find(await rows(), 'Vendor', 'Contoso Ltd.')).toMatchObject({
      Id: contosoMapping,
      CompanyId: co.Contoso,
      Match: 'Soft',
    });
    const looked = await admin('GET', `/api/client/vendor/${encodeURIComponent('Contoso Ltd.')}`);
    expect(looked.body).toMatchObject({ CompanyId: co.Contoso, IsAutoMap: false });
    expect((await admin('PUT', '/api/client/map', { Kind: 'Tag', ClientId: 'x', CompanyId: 999999 })).status).toBe(404);
    expect((await admin('PUT', '/api/client/map', { Kind: 'Tag', ClientId: ' ', CompanyId: co.Contoso })).status).toBe(
      400,
    );
    const log = await admin('POST', '/api/user/activity-logs', { Actions: ['Client mapping changed'] });
    expect(log.body.Results[0]).toMatchObject({
      EntityName: 'Contoso',
      After: { Kind: 'Vendor', ClientId: 'contoso ltd.', CompanyId: co.Contoso, CompanyName: 'Contoso' },
    });
  });

  it('previews and applies mappings and exact matches to backups without a company', async () => {
    const preview = await admin('GET', '/api/client/apply');
    expect(preview.status).toBe(200);
    expect(
      preview.body.map((c: { Name: string; Backups: { DeviceName: string }[]; HasConflict: boolean }) => [
        c.Name,
        c.Backups.map((b) => b.DeviceName),
        c.HasConflict,
      ]),
    ).toEqual([
      ['Contoso', ['cs-01', 'cs-02'], false],
      ['Fabrikam Inc', ['fab-01'], false],
      ['Northwind', ['nw-01'], false],
    ]);
    const applied = await admin('PUT', '/api/client/apply');
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ Assigned: 4, Conflicts: 0, Companies: 3 });
    expect(await companyOf(t, ids['cs-02'])).toEqual({ company_id: co.Contoso, company_source: 'mapping' });
    expect(await companyOf(t, ids['nw-01'])).toEqual({ company_id: co.Northwind, company_source: 'mapping' });
    expect((await companyOf(t, ids['uk-01'])).company_id).toBeNull();
    expect((await admin('GET', '/api/client/apply')).body).toEqual([]);
    expect(find(await rows(), 'Tag', 'northwind')?.UnassignedCount).toBe(0);
    const log = await admin('POST', '/api/user/activity-logs', { Actions: ['Client mappings applied'] });
    expect(log.body.Total).toBe(3);
  });

  it('changes and removes a saved mapping', async () => {
    const r = await admin('PUT', `/api/client/mapping/${contosoMapping}`, { CompanyId: co['Tailspin Toys'] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: contosoMapping, CompanyName: 'Tailspin Toys' });
    expect((await admin('PUT', `/api/client/mapping/${contosoMapping}`, { CompanyId: 999999 })).status).toBe(404);
    const del = await admin('DELETE', `/api/client/${contosoMapping}`);
    expect(del.status).toBe(200);
    expect((await admin('DELETE', `/api/client/${contosoMapping}`)).status).toBe(404);
    expect((await admin('PUT', `/api/client/mapping/${contosoMapping}`, { CompanyId: co.Contoso })).status).toBe(404);
    expect((await admin('GET', '/api/client')).body).toEqual([]);
    expect(find(await rows(), 'Vendor', 'Contoso Ltd.')).toMatchObject({ Id: null, CompanyId: null });
    // Backups already placed stay where they are.
    expect((await companyOf(t, ids['cs-01'])).company_id).toBe(co.Contoso);
  });
});

describe('new backups from the intake', () => {
  it('take their company from a mapping before any rule, and a backup two mappings claim waits', async () => {
    await admin('PUT', `/api/company/${co['Tailspin Toys']}/rules`, {
      Rules: { Groups: [{ Conditions: [{ Field: 'DeviceName', Operator: 'StartsWith', Value: 'nw-' }] }] },
    });
    await admin('PUT', '/api/client/map', {
      Kind: 'Vendor',
      ClientId: 'Unknown Client',
      CompanyId: co['Tailspin Toys'],
    });
    await sendTagged(t, homeId, 'northwind', [
      { device: 'nw-02', status: 'Success', at: at(Y, 5) },
      { device: 'nw-03', status: 'Success', at: at(Y, 5), client: 'Unknown Client' },
    ]);
    const now = await backupIds(t, homeId);
    expect(await companyOf(t, now['nw-02'])).toEqual({ company_id: co.Northwind, company_source: 'mapping' });
    expect(await companyOf(t, now['nw-03'])).toEqual({ company_id: null, company_source: null });
    const preview = await admin('GET', '/api/client/apply');
    const conflicted = preview.body.filter((c: { HasConflict: boolean }) => c.HasConflict);
    expect(conflicted.map((c: { Name: string }) => c.Name).sort()).toEqual(['Northwind', 'Tailspin Toys']);
    const nw03 = conflicted[0].Backups.find((b: { DeviceName: string }) => b.DeviceName === 'nw-03');
    expect(nw03.ConflictsWith).toHaveLength(1);
  });
});
