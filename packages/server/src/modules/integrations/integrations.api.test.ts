import { describe, expect, it } from 'vitest';
import { OPERATION_FAILED } from '@vigil/contract';
import { connectWiseStubCredentials } from '../../../test/psa-stubs/connectwise.ts';
import { resolveCredentials } from './service.ts';
import {
  t,
  cw,
  homeId,
  otherId,
  base,
  settle,
  companies,
  integrationRows,
  setUpIntegrationsSuite,
} from './integrations.setup.ts';

setUpIntegrationsSuite();

let integrationId: number;

describe('linking a PSA', () => {
  it('validates credentials with a live call and answers in the PSA words', async () => {
    const admin = await t.as('admin');
    const good = await admin('POST', `${base}/connectwise/validate`, {
      Credentials: connectWiseStubCredentials(cw.url),
    });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({ IsValid: true, Message: 'Connected to ConnectWise Manage.' });
    const bad = await admin('POST', `${base}/connectwise/validate`, {
      Credentials: { ...connectWiseStubCredentials(cw.url), PrivateKey: 'wrong' },
    });
    expect(bad.status).toBe(200);
    expect(bad.body.IsValid).toBe(false);
    expect(bad.body.Message).toContain('Login failed: the API member credentials are not valid.');
  });

  it('refuses incomplete or wrong credentials with field errors and stores nothing', async () => {
    const admin = await t.as('admin');
    const { PrivateKey: _omit, ...noSecret } = connectWiseStubCredentials(cw.url);
    const missing = await admin('POST', `${base}/connectwise`, { Credentials: { ...noSecret, ClientId: ' ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.statusCode).toBe(400);
    expect(missing.body.Errors).toEqual(
      expect.arrayContaining([
        { Field: 'Credentials.ClientId', Message: 'Client ID is required' },
        { Field: 'Credentials.PrivateKey', Message: 'Private key is required' },
      ]),
    );
    const badUrl = await admin('POST', `${base}/connectwise`, {
      Credentials: { ...connectWiseStubCredentials('psa.example.com') },
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.Errors).toEqual([
      { Field: 'Credentials.Url', Message: 'Enter the full URL, e.g. https://psa.example.com' },
    ]);
    const refused = await admin('POST', `${base}/connectwise`, {
      Credentials: { ...connectWiseStubCredentials(cw.url), PrivateKey: 'wrong' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toContain('Login failed');
    expect((await admin('POST', `${base}/connectwise`, { Name: 'x' })).status).toBe(400);
    expect(await integrationRows(homeId)).toEqual([]);
  });

  it('accepts only https outside development', () => {
    const creds = connectWiseStubCredentials('http://psa.example.com');
    expect(() => resolveCredentials('connectwise', creds, null, false)).toThrow('The URL must start with https://');
    expect(resolveCredentials('connectwise', { ...creds, Url: 'https://psa.example.com/' }, null, false).Url).toBe(
      'https://psa.example.com',
    );
  });

  it('creates the integration with the secret sealed and never returned', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', `${base}/connectwise`, {
      Name: 'Manage (production)',
      Credentials: connectWiseStubCredentials(cw.url),
    });
    expect(r.status).toBe(200);
    integrationId = r.body.Id;
    expect(r.body).toMatchObject({
      CrmTypeId: 3,
      Vendor: 'connectwise',
      Name: 'Manage (production)',
      IsValid: true,
      CompaniesCount: 0,
      LastSyncAt: null,
      Credentials: {
        Url: cw.url,
        CompanyId: 'vigilmsp',
        PublicKey: 'cw-public-key',
        ClientId: connectWiseStubCredentials('').ClientId,
        PrivateKey: null,
        HasPrivateKey: true,
      },
    });
    expect(JSON.stringify(r.body)).not.toContain('cw-private-key');
    const got = await admin('GET', `${base}/connectwise/${integrationId}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(r.body);
    expect(JSON.stringify(got.body)).not.toContain('cw-private-key');

    // At rest: settings without the secret, the secret sealed for this tenant only.
    const [row] = await integrationRows(homeId);
    expect(row.settings).not.toHaveProperty('PrivateKey');
    expect(row.secrets).not.toContain('cw-private-key');
    const secrets = t.deps.secrets;
    expect(JSON.parse(secrets.open(row.secrets, `crm:${homeId}`)!)).toEqual({ PrivateKey: 'cw-private-key' });
    expect(secrets.open(row.secrets, `crm:${otherId}`)).toBeNull();
    // The validating call made while creating is among the stored responses.
    const stored = await admin('GET', `${base}/${integrationId}/responses`);
    expect(stored.body.map((x: { Path: string; Status: number }) => [x.Path, x.Status])).toContainEqual([
      `${cw.apiPath}/system/info`,
      200,
    ]);
  });

  it('allows one PSA per tenant', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', `${base}/connectwise`, { Credentials: connectWiseStubCredentials(cw.url) });
    expect(r.status).toBe(409);
    expect(r.body.Message).toBe(
      'This tenant is already linked to a PSA (Manage (production)). Delete that integration before adding another.',
    );
    expect(await integrationRows(homeId)).toHaveLength(1);
  });

  it('tells the current PSA', async () => {
    const r = await (await t.as('standard'))('GET', base);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ CrmTypeId: 3, Id: integrationId, Vendor: 'connectwise', Name: 'Manage (production)' });
    const none = await (await t.as('outsider'))('GET', base);
    expect(none.body).toEqual({ CrmTypeId: 0, Id: null, Vendor: null, Name: null });
  });

  it('updates keeping the stored secret when it is left null, and replaces it when given', async () => {
    const admin = await t.as('admin');
    const keep = { ...connectWiseStubCredentials(cw.url), PrivateKey: null };
    const check = await admin('POST', `${base}/connectwise/validate`, { Id: integrationId, Credentials: keep });
    expect(check.body.IsValid).toBe(true);
    const renamed = await admin('PUT', `${base}/connectwise/${integrationId}`, { Name: 'Manage', Credentials: keep });
    expect(renamed.status).toBe(200);
    expect(renamed.body.Name).toBe('Manage');
    expect(renamed.body.Credentials.HasPrivateKey).toBe(true);

    // A wrong new key is refused and the stored one stays.
    const wrong = await admin('PUT', `${base}/connectwise/${integrationId}`, {
      Credentials: { ...keep, PrivateKey: 'not-the-key' },
    });
    expect(wrong.status).toBe(400);
    const secrets = t.deps.secrets;
    const open = async () => JSON.parse(secrets.open((await integrationRows(homeId))[0].secrets, `crm:${homeId}`)!);
    expect(await open()).toEqual({ PrivateKey: 'cw-private-key' });

    // The PSA rotates the key: the new one is stored.
    cw.state.privateKey = 'cw-rotated-key';
    const rotated = await admin('PUT', `${base}/connectwise/${integrationId}`, {
      Credentials: { ...keep, PrivateKey: 'cw-rotated-key' },
    });
    expect(rotated.status).toBe(200);
    expect(await open()).toEqual({ PrivateKey: 'cw-rotated-key' });
    expect(JSON.stringify(rotated.body)).not.toContain('cw-rotated-key');
    // Another vendor's path does not reach this integration.
    expect((await admin('GET', `${base}/autotask/${integrationId}`)).status).toBe(404);
  });
});

describe('company filters', () => {
  it('offers the PSA company types and statuses; unsaved filters take the active statuses', async () => {
    const r = await (await t.as('standard'))('GET', `${base}/${integrationId}/filters`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      Types: [],
      Statuses: ['1', '3'],
      SyncCompaniesWithoutType: true,
      SyncCompaniesWithoutStatus: true,
      TypeOptions: [
        { Id: '1', Name: 'Customer', Selected: false },
        { Id: '2', Name: 'Prospect', Selected: false },
        { Id: '3', Name: 'Vendor', Selected: false },
      ],
      StatusOptions: [
        { Id: '1', Name: 'Active', IsActive: true, Selected: true },
        { Id: '3', Name: 'Credit Hold', IsActive: true, Selected: true },
        { Id: '2', Name: 'Inactive', IsActive: false, Selected: false },
      ],
    });
  });

  it('saves filters and reads them back; ids the PSA does not have are refused', async () => {
    const admin = await t.as('admin');
    const filters = {
      Types: ['1'],
      Statuses: ['1', '3'],
      SyncCompaniesWithoutType: false,
      SyncCompaniesWithoutStatus: false,
    };
    const saved = await admin('POST', `${base}/${integrationId}/filters`, filters);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(filters);
    const back = await admin('GET', `${base}/${integrationId}/filters`);
    expect(back.body).toMatchObject(filters);
    expect(
      back.body.TypeOptions.filter((o: { Selected: boolean }) => o.Selected).map((o: { Name: string }) => o.Name),
    ).toEqual(['Customer']);
    const bad = await admin('POST', `${base}/${integrationId}/filters`, { ...filters, Types: ['1', '99'] });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toEqual([{ Field: 'Types', Message: 'The PSA has no company type 99.' }]);
    expect((await admin('POST', `${base}/${integrationId}/filters`, { Types: 'all' })).status).toBe(400);
    expect((await admin('GET', `${base}/${integrationId}/filters`)).body).toMatchObject(filters);
  });

  it('keeps the sync properties', async () => {
    const admin = await t.as('admin');
    expect((await admin('GET', `${base}/${integrationId}/filters/properties`)).body).toEqual({
      AutoSync: false,
      DetachMissing: false,
    });
    const r = await admin('PATCH', `${base}/${integrationId}/filters/properties`, { AutoSync: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ AutoSync: true, DetachMissing: false });
    expect((await admin('PATCH', `${base}/${integrationId}/filters/properties`, { AutoSync: 'yes' })).status).toBe(400);
    expect((await admin('GET', `${base}/${integrationId}/filters/properties`)).body).toEqual({
      AutoSync: true,
      DetachMissing: false,
    });
  });

  it('refreshes the filter choices from the PSA, dropping ones it no longer has', async () => {
    const admin = await t.as('admin');
    cw.state.companyStatuses = cw.state.companyStatuses.filter((s) => s.id !== 3);
    const op = await admin('POST', `${base}/${integrationId}/filters/sync`);
    expect(op.status).toBe(200);
    const done = await settle(admin, `${base}/${integrationId}/operations/${op.body.QueryId}`);
    expect(done).toMatchObject({ Kind: 'filters-sync', Status: 'completed', Message: null });
    expect((done.Data as { Statuses: string[] }).Statuses).toEqual(['1']);
    expect((await admin('GET', `${base}/${integrationId}/filters`)).body.Statuses).toEqual(['1']);
    // Back as it was for the sync below.
    cw.state.companyStatuses.push({ id: 3, name: 'Credit Hold', inactiveFlag: false });
    await admin('POST', `${base}/${integrationId}/filters`, {
      Types: ['1'],
      Statuses: ['1', '3'],
      SyncCompaniesWithoutType: false,
      SyncCompaniesWithoutStatus: false,
    });
  });
});

describe('company sync', () => {
  it('creates PSA companies through the filters and takes over a local company of the same name', async () => {
    const admin = await t.as('admin');
    const local = await admin('POST', '/api/company/create', 'globex INC');
    expect(local.status).toBe(200);
    const before = await companies();
    const localId = before['globex INC'].Id;

    const op = await admin('POST', `${base}/${integrationId}/companies/sync`);
    expect(op.status).toBe(200);
    expect(op.body.Kind).toBe('companies-sync');
    const done = await settle(admin, `${base}/${integrationId}/operations/${op.body.QueryId}`);
    expect(done.Status).toBe('completed');
    // Of the 7 PSA companies, customers that are Active or on Credit Hold: Acme, Globex, Initech, Stark.
    expect(done.Data).toEqual({ Created: 3, Updated: 1, Detached: 0, Total: 7 });

    const after = await companies();
    expect(after['Acme Corporation']).toMatchObject({ Type: 0, PsaId: '250' });
    expect(after['Initech']).toMatchObject({ Type: 0, PsaId: '252' });
    expect(after['Stark Industries']).toMatchObject({ Type: 0, PsaId: '255' });
    expect(after['Globex Inc']).toEqual({ Id: localId, Type: 0, PsaId: '251' });
    expect(after['globex INC']).toBeUndefined();
    for (const name of ['Hooli', 'Umbrella Health', 'Wayne Enterprises', 'Old Co (deleted)']) {
      expect(after[name], name).toBeUndefined();
    }
    const data = await t.database.query<{ psa_data: unknown }>(
      "SELECT psa_data FROM companies WHERE tenant_id = $1 AND psa_id = '252'",
      [homeId],
    );
    expect(data.rows[0].psa_data).toEqual({
      Identifier: 'Initech',
      Types: ['Customer', 'Vendor'],
      Status: 'Credit Hold',
    });
    const view = await admin('GET', `${base}/connectwise/${integrationId}`);
    expect(view.body).toMatchObject({ CompaniesCount: 4, LastSyncStatus: 'completed' });
    expect(view.body.LastSyncAt).not.toBeNull();
    // PSA companies only, as the company pickers ask for them.
    const psaOnly = await admin('POST', '/api/company/list', { Page: 1, Size: 100, IncludeLocal: false });
    expect(psaOnly.body.data.map((c: { Name: string }) => c.Name).sort()).toEqual([
      'Acme Corporation',
      'Globex Inc',
      'Initech',
      'Stark Industries',
    ]);
  });

  it('follows renames, and with DetachMissing turns companies the filters drop into local ones', async () => {
    const admin = await t.as('admin');
    cw.state.companies.find((c) => c.id === 250)!.name = 'Acme Corp';
    await admin('POST', `${base}/${integrationId}/filters`, {
      Types: ['1', '2'],
      Statuses: ['1'],
      SyncCompaniesWithoutType: false,
      SyncCompaniesWithoutStatus: false,
    });
    await admin('PATCH', `${base}/${integrationId}/filters/properties`, { DetachMissing: true });
    const op = await admin('POST', `${base}/${integrationId}/companies/sync`);
    const done = await settle(admin, `${base}/${integrationId}/operations/${op.body.QueryId}`);
    // Acme renamed, Hooli (a prospect) added, Initech (Credit Hold) detached.
    expect(done.Data).toEqual({ Created: 1, Updated: 1, Detached: 1, Total: 7 });
    const after = await companies();
    expect(after['Acme Corp']).toMatchObject({ Type: 0, PsaId: '250' });
    expect(after['Acme Corporation']).toBeUndefined();
    expect(after['Hooli']).toMatchObject({ Type: 0, PsaId: '254' });
    expect(after['Initech']).toMatchObject({ Type: 1, PsaId: null });
  });

  it('marks a failed sync with the generic message', async () => {
    const admin = await t.as('admin');
    cw.failNext(
      `${cw.apiPath}/company/companies`,
      { status: 400, body: { code: 'InvalidObject', message: 'Broken' } },
      1,
    );
    const op = await admin('POST', `${base}/${integrationId}/companies/sync`);
    const done = await settle(admin, `${base}/${integrationId}/operations/${op.body.QueryId}`);
    expect(done).toMatchObject({ Status: 'error', Message: OPERATION_FAILED, Data: null });
    expect((await admin('GET', `${base}/connectwise/${integrationId}`)).body.LastSyncStatus).toBe('error');
  });
});
