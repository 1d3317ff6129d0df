import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItGlueMapping, ItGluePushResult, ItGlueSourceRow } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import {
  ITGLUE_KEY,
  ITGLUE_REFUSAL,
  VIGIL_TYPE,
  startItGlueStub,
  type ItGlueStub,
} from '../../../test/psa-stubs/itglue.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { ItGlueClient } from './client.ts';
import { activate, addCompany, at, backupIds, clock, homeTenantId, sendCsv, setTimeZone } from '../audit/test-data.ts';

/** IT Glue under Integration › Other: set-up checked against IT Glue, the organisation map, pushes. */
let t: TestApp;
let stub: ItGlueStub;
let homeId: number;
let alpha: number;
let beta: number;
let id: number;
const base = '/api/integration/itglue';

beforeAll(async () => {
  t = await testApp({ VENDOR_BACKOFF_SCALE: '0' });
  stub = await startItGlueStub({ organizations: ['Happy Frog', 'alpha co ', 'Gamma Ltd'] });
  homeId = await homeTenantId(t);
  await setTimeZone(t, homeId, 'Europe/Amsterdam');
  const day = clock().yesterday;
  await sendCsv(t, homeId, [
    { device: 'alpha-dc01', status: 'Success', at: at(day, 10), client: 'alpha' },
    { device: 'alpha-fs01', status: 'Failed', at: at(day, 11), client: 'alpha' },
    { device: 'beta-sql', status: 'Warning', at: at(day, 12), client: 'beta' },
  ]);
  const ids = await backupIds(t, homeId);
  await activate(t, homeId, [ids['alpha-dc01'], ids['alpha-fs01'], ids['beta-sql']]);
  alpha = await addCompany(t, homeId, 'Alpha Co', [ids['alpha-dc01'], ids['alpha-fs01']]);
  beta = await addCompany(t, homeId, 'Beta Industries', [ids['beta-sql']]);
});

afterAll(async () => {
  await stub?.close();
  await t?.close();
});

const source = (over: Record<string, unknown> = {}) => ({
  Name: 'IT Glue',
  Region: 'us',
  BaseUrl: stub.url,
  ApiKey: ITGLUE_KEY,
  Mode: 'FlexibleAsset',
  ...over,
});

describe('IT Glue set-up', () => {
  it('offers the regions, modes and fields without a connection', async () => {
    const admin = await t.as('admin');
    const res = await admin('GET', `${base}/settings-options`);
    expect(res.status).toBe(200);
    expect(res.body.Regions.map((r: { BaseUrl: string }) => r.BaseUrl)).toEqual([
      'https://api.itglue.com',
      'https://api.eu.itglue.com',
      'https://api.au.itglue.com',
    ]);
    expect(res.body.Modes.map((m: { Id: string }) => m.Id)).toEqual(['FlexibleAsset', 'Configuration']);
    expect(res.body.FlexibleAssetTypes).toEqual([]);
  });

  it("refuses a wrong key with IT Glue's reason and saves nothing", async () => {
    const admin = await t.as('admin');
    const res = await admin('POST', base, source({ ApiKey: 'ITG.wrong' }));
    expect(res.status).toBe(400);
    expect(res.body.Message).toContain(ITGLUE_REFUSAL);
    expect(res.body.Errors).toEqual([{ Field: 'ApiKey', Message: expect.stringContaining(ITGLUE_REFUSAL) }]);
    expect((await admin('GET', base)).body).toEqual([]);
  });

  it('requires the key on create', async () => {
    const admin = await t.as('admin');
    const res = await admin('POST', base, source({ ApiKey: '' }));
    expect(res.status).toBe(400);
    expect(res.body.Errors).toEqual([{ Field: 'ApiKey', Message: 'API key is required' }]);
  });

  it('saves a checked key sealed, never returns it, and matches organisations by name', async () => {
    const admin = await t.as('admin');
    const res = await admin<ItGlueSourceRow>('POST', base, source());
    expect(res.status).toBe(200);
    id = res.body.Id;
    expect(res.body).toMatchObject({
      ApiKey: null,
      HasApiKey: true,
      Region: 'us',
      OrganizationCount: 3,
      MappedCount: 1,
    });
    expect(stub.requests.some((r) => r.headers['x-api-key'] === ITGLUE_KEY && r.path === '/organizations')).toBe(true);
    const stored = await t.database.query<{ api_key: string }>('SELECT api_key FROM itglue_connections');
    expect(stored.rows[0].api_key).not.toContain(ITGLUE_KEY);
    expect(JSON.stringify((await admin('GET', `${base}/${id}`)).body)).not.toContain(ITGLUE_KEY);
    const map = await admin<ItGlueMapping>('GET', `${base}/${id}/organizations`);
    const org = map.body.Organizations.find((o) => o.OrganizationName === 'alpha co ');
    expect(org).toMatchObject({ CompanyId: alpha, CompanyName: 'Alpha Co', Auto: true, LastPush: null });
    expect(map.body.Companies.find((c) => c.Id === alpha)?.OrganizationId).toBe(org!.OrganizationId);
  });

  it("lists the account's flexible asset and configuration types", async () => {
    const admin = await t.as('admin');
    const res = await admin('GET', `${base}/settings-options?Id=${id}`);
    expect(res.status).toBe(200);
    expect(res.body.FlexibleAssetTypes).toContainEqual({ Id: VIGIL_TYPE, Name: 'Vigil Backups' });
    expect(res.body.ConfigurationTypes).toContainEqual({ Id: 201, Name: 'Managed Server' });
  });

  it("reads every page of a listing by IT Glue's page[number] and meta", async () => {
    const client = new ItGlueClient(stub.url, ITGLUE_KEY, { outbound: outboundPolicy(t.deps.config) }, 2);
    const before = stub.requests.length;
    const orgs = await client.organizations();
    expect(orgs.map((o) => o.attributes.name)).toEqual(['Happy Frog', 'alpha co ', 'Gamma Ltd']);
    const pages = stub.requests.slice(before).map((r) => [r.query.get('page[size]'), r.query.get('page[number]')]);
    expect(pages).toEqual([
      ['2', '1'],
      ['2', '2'],
    ]);
    expect(stub.requests.at(-1)!.headers.accept).toBe('application/vnd.api+json');
  });

  it('refuses a flexible asset type the account does not have', async () => {
    const admin = await t.as('admin');
    const res = await admin('POST', base, source({ Id: id, ApiKey: null, FlexibleAssetTypeId: 999 }));
    expect(res.status).toBe(400);
    expect(res.body.Errors[0].Field).toBe('FlexibleAssetTypeId');
  });

  it('lets only administrators change it, and no other tenant see it', async () => {
    const standard = await t.as('standard');
    expect((await standard('POST', base, source())).status).toBe(403);
    expect((await standard('POST', `${base}/${id}/push`)).status).toBe(403);
    const outsider = await t.as('outsider');
    expect((await outsider('GET', `${base}/${id}`)).status).toBe(404);
    expect((await outsider('GET', `${base}/${id}/organizations`)).status).toBe(404);
    expect((await outsider('GET', base)).body).toEqual([]);
  });
});

describe('IT Glue mapping and push', () => {
  it('refuses a push before a flexible asset type is chosen', async () => {
    const admin = await t.as('admin');
    const res = await admin('POST', `${base}/${id}/push`);
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('Choose the flexible asset type to push into');
  });

  it('maps an organisation to a company by hand and keeps a company to one organisation', async () => {
    const admin = await t.as('admin');
    const frog = stub.organizations.find((o) => o.name === 'Happy Frog')!.id;
    const res = await admin<ItGlueMapping>('PUT', `${base}/${id}/organizations`, {
      Mappings: [{ OrganizationId: frog, CompanyId: beta }],
    });
    expect(res.status).toBe(200);
    expect(res.body.Organizations.find((o) => o.OrganizationId === frog)).toMatchObject({
      CompanyId: beta,
      CompanyName: 'Beta Industries',
      Auto: false,
    });
    const twice = await admin('PUT', `${base}/${id}/organizations`, {
      Mappings: [
        { OrganizationId: frog, CompanyId: alpha },
        { OrganizationId: stub.organizations[2].id, CompanyId: alpha },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.Message).toBe('A company maps to one organisation only');
    const unknown = await admin('PUT', `${base}/${id}/organizations`, {
      Mappings: [{ OrganizationId: '1', CompanyId: alpha }],
    });
    expect(unknown.status).toBe(400);
  });

  it("pushes each mapped company's summary into one flexible asset, updated and not duplicated", async () => {
    const admin = await t.as('admin');
    expect((await admin('POST', base, source({ Id: id, ApiKey: null, FlexibleAssetTypeId: VIGIL_TYPE }))).status).toBe(
      200,
    );
    const first = await admin<ItGluePushResult>('POST', `${base}/${id}/push`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Pushed: 2, Failed: 0 });
    expect(stub.assets.size).toBe(2);
    const alphaOrg = stub.organizations.find((o) => o.name === 'alpha co ')!.id;
    const asset = [...stub.assets.values()].find((a) => String(a.organizationId) === alphaOrg)!;
    expect(asset.typeId).toBe(VIGIL_TYPE);
    expect(asset.traits).toMatchObject({
      name: 'Alpha Co backups',
      backups: 2,
      failed: expect.any(Number),
      'vigil-audit': `http://vigil.test/app/audit?companyId=${alpha}`,
    });
    expect(String(asset.traits['last-good-backups'])).toContain('alpha-dc01');
    expect(stub.requests.filter((r) => r.method === 'POST' && r.path === '/flexible_assets')).toHaveLength(2);

    const second = await admin<ItGluePushResult>('POST', `${base}/${id}/push`);
    expect(second.body).toMatchObject({ Pushed: 2, Failed: 0 });
    expect(stub.assets.size).toBe(2);
    expect(stub.requests.filter((r) => r.method === 'POST' && r.path === '/flexible_assets')).toHaveLength(2);
    expect(stub.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith('/flexible_assets/'))).toHaveLength(2);
    const map = await admin<ItGlueMapping>('GET', `${base}/${id}/organizations`);
    const row = map.body.Organizations.find((o) => o.OrganizationId === alphaOrg)!;
    expect(row.LastPush).toMatchObject({ Status: 'Pushed', AssetId: asset.id, Message: null });
  });

  it("waits out IT Glue's rate limit and still pushes", async () => {
    const admin = await t.as('admin');
    const before = stub.requests.length;
    stub.rateLimitNext(2);
    const res = await admin<ItGluePushResult>('POST', `${base}/${id}/push`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Pushed: 2, Failed: 0 });
    expect(stub.requests.length - before).toBeGreaterThan(2);
    expect(stub.assets.size).toBe(2);
  });

  it("writes onto each configuration matched by device name in configuration mode, keeping the notes' own text", async () => {
    const admin = await t.as('admin');
    const alphaOrg = stub.organizations.find((o) => o.name === 'alpha co ')!.id;
    stub.configurations.push(
      { id: '9001', organizationId: alphaOrg, name: 'ALPHA-DC01', hostname: null, notes: 'Rack 4', typeId: 201 },
      { id: '9002', organizationId: alphaOrg, name: 'printer', hostname: null, notes: null, typeId: 202 },
    );
    expect((await admin('POST', base, source({ Id: id, ApiKey: null, Mode: 'Configuration' }))).status).toBe(200);
    const res = await admin<ItGluePushResult>('POST', `${base}/${id}/push`);
    expect(res.body.Failed).toBe(0);
    const dc = stub.configurations[0].notes!;
    expect(dc.startsWith('Rack 4\n<!-- vigil:start -->')).toBe(true);
    expect(dc).toContain('alpha-dc01 / ');
    expect(dc).not.toContain('alpha-fs01');
    expect(stub.configurations[1].notes).toBeNull();
    await admin('POST', `${base}/${id}/push`);
    expect(stub.configurations[0].notes!.match(/vigil:start/g)).toHaveLength(1);
    const map = await admin<ItGlueMapping>('GET', `${base}/${id}/organizations`);
    expect(map.body.Organizations.find((o) => o.OrganizationId === alphaOrg)!.LastPush).toMatchObject({
      Status: 'Pushed',
      Configurations: 1,
    });
  });

  it('removes the connection with its map', async () => {
    const admin = await t.as('admin');
    expect((await admin('DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await admin('GET', base)).body).toEqual([]);
    expect((await admin('GET', `${base}/${id}/organizations`)).status).toBe(404);
  });
});
