import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_FAILED, type CrmOperation } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import {
  connectWiseStubCredentials,
  startConnectWiseStub,
  type ConnectWiseStub,
} from '../../../test/psa-stubs/connectwise.ts';
import { homeTenantId } from '../audit/test-data.ts';
import { resolveCredentials, STORED_RESPONSES } from './service.ts';
import { integrationJobs } from './jobs.ts';
import { Jobs } from '../../platform/jobs.ts';

/** Integrations → PSA against a ConnectWise Manage stand-in. */
let t: TestApp;
let cw: ConnectWiseStub;
let homeId: number;
let otherId: number;
let integrationId: number;
const base = '/api/integration/crm';

type Call = Awaited<ReturnType<TestApp['as']>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls an operation until it is no longer pending. */
async function settle(call: Call, url: string, timeoutMs = 10_000): Promise<CrmOperation> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call('GET', url);
    expect(r.status).toBe(200);
    if (r.body.Status !== 'pending' || Date.now() > until) return r.body;
    await sleep(100);
  }
}

async function companies(): Promise<Record<string, { Id: number; Type: number; PsaId: string | null }>> {
  const r = await (await t.as('admin'))('POST', '/api/company/list', { Page: 1, Size: 1000 });
  expect(r.status).toBe(200);
  return Object.fromEntries(
    r.body.data.map((c: { Id: number; Name: string; Type: number; PsaId: string | null }) => [
      c.Name,
      { Id: c.Id, Type: c.Type, PsaId: c.PsaId },
    ]),
  );
}

async function integrationRows(tenantId: number) {
  const r = await t.database.query<{ id: number; settings: Record<string, unknown>; secrets: string }>(
    'SELECT id, settings, secrets FROM crm_integrations WHERE tenant_id = $1',
    [tenantId],
  );
  return r.rows;
}

beforeAll(async () => {
  t = await testApp();
  cw = await startConnectWiseStub();
  homeId = await homeTenantId(t);
  otherId = await homeTenantId(t, 'other');
});
afterAll(async () => {
  await t.close();
  await cw.close();
});

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

describe('preloads', () => {
  it('lists the PSA companies and the filter choices', async () => {
    const admin = await t.as('admin');
    const start = await admin('POST', `${base}/${integrationId}/preload/companies`);
    expect(start.status).toBe(200);
    const done = await settle(admin, `${base}/${integrationId}/preload/companies/${start.body.QueryId}`);
    expect(done.Status).toBe('completed');
    const list = done.Data as { Id: string; Name: string; IsActive: boolean }[];
    expect(list.map((c) => c.Id)).toEqual(['250', '251', '252', '253', '254', '255', '256']);
    expect(list.find((c) => c.Id === '253')).toMatchObject({ Name: 'Umbrella Health', IsActive: false });

    const conf = await admin('POST', `${base}/${integrationId}/preload/configuration-filters`);
    const confDone = await settle(admin, `${base}/${integrationId}/preload/configuration-filters/${conf.body.QueryId}`);
    expect((confDone.Data as { TypeOptions: { Name: string }[] }).TypeOptions.map((o) => o.Name)).toEqual([
      'Customer',
      'Prospect',
      'Vendor',
    ]);
  });

  it('previews which companies unsaved filters would bring in', async () => {
    const admin = await t.as('admin');
    const start = await admin('POST', `${base}/${integrationId}/preload/company-filters`, {
      Filters: { Types: ['3'], Statuses: [], SyncCompaniesWithoutType: true, SyncCompaniesWithoutStatus: false },
    });
    const done = await settle(admin, `${base}/${integrationId}/preload/company-filters/${start.body.QueryId}`);
    expect(done.Status).toBe('completed');
    const data = done.Data as { Total: number; Matching: number; Companies: { Name: string }[] };
    expect(data.Total).toBe(7);
    expect(data.Companies.map((c) => c.Name)).toEqual(['Initech', 'Wayne Enterprises']);
    expect(data.Matching).toBe(2);
  });

  it('cancels a running preload, which stays cancelled', async () => {
    const admin = await t.as('admin');
    // The PSA is slow: three rate-limit answers, each asking for a second's wait.
    cw.failNext(
      `${cw.apiPath}/company/companies`,
      { status: 429, body: { message: 'Slow down' }, headers: { 'Retry-After': '1' } },
      3,
    );
    const start = await admin('POST', `${base}/${integrationId}/preload/companies`);
    expect(start.body.Status).toBe('pending');
    const wrongKind = await admin(
      'DELETE',
      `${base}/${integrationId}/preload/configuration-filters?queryId=${start.body.QueryId}`,
    );
    expect(wrongKind.status).toBe(404);
    const sentBefore = cw.requests.length;
    const cancel = await admin('DELETE', `${base}/${integrationId}/preload/companies?queryId=${start.body.QueryId}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ QueryId: start.body.QueryId, Status: 'cancelled', Data: null });
    await sleep(3500);
    const later = await admin('GET', `${base}/${integrationId}/preload/companies/${start.body.QueryId}`);
    expect(later.body).toMatchObject({ Status: 'cancelled', Data: null });
    expect(later.body.FinishedAt).not.toBeNull();
    // The job stopped before it listed a single page.
    const listed = cw.requests.slice(sentBefore).filter((q) => q.path === `${cw.apiPath}/company/companies`);
    expect(listed).toEqual([]);
  });

  it('reports a failed preload as "Something went wrong"', async () => {
    const admin = await t.as('admin');
    cw.failNext(
      `${cw.apiPath}/company/companies`,
      { status: 403, body: { code: 'Forbidden', message: 'No access' } },
      1,
    );
    const start = await admin('POST', `${base}/${integrationId}/preload/companies`);
    const done = await settle(admin, `${base}/${integrationId}/preload/companies/${start.body.QueryId}`);
    expect(done).toMatchObject({ Status: 'error', Message: 'Something went wrong', Data: null });
    expect((await admin('POST', `${base}/${integrationId}/preload/everything`)).status).toBe(400);
    expect((await admin('GET', `${base}/${integrationId}/preload/companies/not-a-uuid`)).status).toBe(400);
  });
});

describe('lookups', () => {
  it('lists the active service boards and a board statuses', async () => {
    const standard = await t.as('standard');
    const boards = await standard('GET', `${base}/${integrationId}/service-boards`);
    expect(boards.status).toBe(200);
    expect(boards.body.map((b: { Id: string; Name: string }) => [b.Id, b.Name])).toEqual([
      ['2', 'Alerts'],
      ['1', 'Service Desk'],
    ]);
    const statuses = await standard('GET', `${base}/${integrationId}/board-statuses/1`);
    expect(statuses.status).toBe(200);
    expect(statuses.body).toEqual([
      { Id: '11', Name: 'New', IsClosed: false, IsDefault: true },
      { Id: '12', Name: 'In Progress', IsClosed: false, IsDefault: false },
      { Id: '13', Name: 'Waiting on Client', IsClosed: false, IsDefault: false },
      { Id: '14', Name: 'Closed (resolved)', IsClosed: true, IsDefault: false },
    ]);
    const subtypes = await standard('GET', `${base}/${integrationId}/board-subtypes/1?typeId=21`);
    expect(subtypes.body.map((s: { Name: string }) => s.Name).sort()).toEqual(['Failed job', 'Missed schedule']);
  });

  it('answers 404 for what this PSA has not, 400 without a parent, 502 with the PSA error', async () => {
    const admin = await t.as('admin');
    const none = await admin('GET', `${base}/${integrationId}/urgencies`);
    expect(none.status).toBe(404);
    expect(none.body.Message).toBe('This PSA has no urgencies');
    expect((await admin('GET', `${base}/${integrationId}/no-such-thing`)).status).toBe(404);
    const noBoard = await admin('GET', `${base}/${integrationId}/board-statuses`);
    expect(noBoard.status).toBe(400);
    expect(noBoard.body.Errors).toEqual([{ Field: 'boardId', Message: 'Choose a board first.' }]);
    const local = (await companies())['Initech'];
    const callers = await admin('GET', `${base}/${integrationId}/callers?company=${local.Id}`);
    expect(callers.status).toBe(400);
    expect(callers.body.Message).toBe('This company is not linked to the PSA.');
    cw.failNext(
      `${cw.apiPath}/service/priorities`,
      { status: 400, body: { code: 'InvalidObject', message: 'Priorities are locked' } },
      1,
    );
    const failed = await admin('GET', `${base}/${integrationId}/priorities`);
    expect(failed.status).toBe(502);
    expect(failed.body.Message).toContain('Priorities are locked');
    const ok = await admin('GET', `${base}/${integrationId}/priorities`);
    expect(ok.status).toBe(200);
    expect(ok.body.find((p: { IsDefault: boolean }) => p.IsDefault).Name).toBe('Priority 3 - Normal Response');
  });
});

describe('stored responses', () => {
  it('lists what the PSA answered and downloads it, without secrets', async () => {
    const admin = await t.as('admin');
    const list = await admin('GET', `${base}/${integrationId}/responses`);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(5);
    const ids = list.body.map((x: { Id: number }) => x.Id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const boards = list.body.find((x: { Path: string }) => x.Path.includes('/service/boards?'));
    expect(boards).toMatchObject({ Method: 'GET', Status: 200 });
    expect(boards.Size).toBeGreaterThan(0);
    const failed = list.body.find((x: { Status: number }) => x.Status === 429);
    expect(failed).toBeDefined();

    const file = await admin('GET', `${base}/${integrationId}/responses/${boards.Id}/download`);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment; filename="psa-response-\d+-.+\.json"$/);
    expect(JSON.parse(typeof file.body === 'string' ? file.body : JSON.stringify(file.body))).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Service Desk' })]),
    );
    const all = await t.database.query<{ path: string; body: string }>(
      'SELECT path, body FROM crm_responses WHERE integration_id = $1',
      [integrationId],
    );
    const token = Buffer.from('vigilmsp+cw-public-key:cw-rotated-key').toString('base64');
    for (const r of all.rows) {
      for (const s of ['cw-rotated-key', 'cw-private-key', token]) {
        expect(r.body).not.toContain(s);
        expect(r.path).not.toContain(s);
      }
    }
    expect((await admin('GET', `${base}/${integrationId}/responses/999999/download`)).status).toBe(404);
  });

  it(`keeps the newest ${STORED_RESPONSES}`, async () => {
    await t.database.query(
      `INSERT INTO crm_responses (tenant_id, integration_id, method, path, status, duration_ms, body)
       SELECT $1, $2, 'GET', '/old/' || g, 200, 1, '{}' FROM generate_series(1, 400) g`,
      [homeId, integrationId],
    );
    const admin = await t.as('admin');
    expect((await admin('GET', `${base}/${integrationId}/sources`)).status).toBe(200);
    const n = await t.database.query<{ n: number; newest: string }>(
      `SELECT count(*)::int AS n, (SELECT path FROM crm_responses WHERE integration_id = $1 ORDER BY id DESC LIMIT 1) AS newest
         FROM crm_responses WHERE integration_id = $1`,
      [integrationId],
    );
    expect(n.rows[0].n).toBe(STORED_RESPONSES);
    expect(n.rows[0].newest).toContain('/service/sources');
    expect((await admin('GET', `${base}/${integrationId}/responses`)).body).toHaveLength(STORED_RESPONSES);
  });
});

describe('permissions and tenants', () => {
  it('lets a standard user read but not change; a client user neither', async () => {
    const standard = await t.as('standard');
    expect((await standard('GET', `${base}/connectwise/${integrationId}`)).status).toBe(200);
    expect((await standard('GET', `${base}/${integrationId}/filters/properties`)).status).toBe(200);
    expect((await standard('GET', `${base}/${integrationId}/responses`)).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', `${base}/connectwise/validate`, { Credentials: connectWiseStubCredentials(cw.url) }],
      ['PUT', `${base}/connectwise/${integrationId}`, { Credentials: connectWiseStubCredentials(cw.url) }],
      [
        'POST',
        `${base}/${integrationId}/filters`,
        { Types: [], Statuses: [], SyncCompaniesWithoutType: true, SyncCompaniesWithoutStatus: true },
      ],
      ['PATCH', `${base}/${integrationId}/filters/properties`, { AutoSync: false }],
      ['POST', `${base}/${integrationId}/companies/sync`],
      ['POST', `${base}/${integrationId}/preload/companies`],
      ['DELETE', `${base}/${integrationId}`],
    ];
    for (const [method, url, body] of writes) {
      const r = await standard(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
    }
    const client = await t.as('client');
    for (const url of [
      base,
      `${base}/connectwise/${integrationId}`,
      `${base}/${integrationId}/filters`,
      `${base}/${integrationId}/service-boards`,
    ]) {
      expect((await client('GET', url)).status, url).toBe(403);
    }
    expect((await client('POST', `${base}/connectwise/validate`, { Credentials: {} })).status).toBe(403);
    expect((await t.call('GET', base)).status).toBe(401);
  });

  it('hides an integration from another tenant, which can link its own', async () => {
    const outsider = await t.as('outsider');
    const ops = await t.database.query<{ id: string }>(
      'SELECT id FROM crm_operations WHERE integration_id = $1 LIMIT 1',
      [integrationId],
    );
    const [resp] = (await (await t.as('admin'))('GET', `${base}/${integrationId}/responses`)).body;
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/connectwise/${integrationId}`],
      ['PUT', `${base}/connectwise/${integrationId}`, { Credentials: connectWiseStubCredentials(cw.url) }],
      [
        'POST',
        `${base}/connectwise/validate`,
        { Id: integrationId, Credentials: { ...connectWiseStubCredentials(cw.url), PrivateKey: null } },
      ],
      ['GET', `${base}/${integrationId}/filters`],
      [
        'POST',
        `${base}/${integrationId}/filters`,
        { Types: [], Statuses: [], SyncCompaniesWithoutType: true, SyncCompaniesWithoutStatus: true },
      ],
      ['GET', `${base}/${integrationId}/filters/properties`],
      ['POST', `${base}/${integrationId}/companies/sync`],
      ['POST', `${base}/${integrationId}/preload/companies`],
      ['GET', `${base}/${integrationId}/operations/${ops.rows[0].id}`],
      ['DELETE', `${base}/${integrationId}/preload/companies?queryId=${ops.rows[0].id}`],
      ['GET', `${base}/${integrationId}/service-boards`],
      ['GET', `${base}/${integrationId}/board-statuses/1`],
      ['GET', `${base}/${integrationId}/responses`],
      ['GET', `${base}/${integrationId}/responses/${resp.Id}/download`],
      ['DELETE', `${base}/${integrationId}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await outsider(method, url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.Message).toBe('Not found');
    }
    expect(await integrationRows(homeId)).toHaveLength(1);
    // A tenant of its own may link its own PSA.
    cw.state.privateKey = 'cw-private-key';
    const own = await outsider('POST', `${base}/connectwise`, { Credentials: connectWiseStubCredentials(cw.url) });
    expect(own.status).toBe(200);
    expect(own.body.CompaniesCount).toBe(0);
    expect((await outsider('GET', base)).body.Id).toBe(own.body.Id);
    const theirs = await (await t.as('admin'))('GET', `${base}/connectwise/${own.body.Id}`);
    expect(theirs.status).toBe(404);
    cw.state.privateKey = 'cw-rotated-key';
  });
});

describe('through the job queue', () => {
  it('runs operations and the nightly sync as jobs', async () => {
    const jobs = new Jobs(t.database, t.databaseUrl);
    const [operationJob, nightly] = integrationJobs(t.deps);
    await jobs.start([operationJob]);
    t.deps.jobs = jobs;
    try {
      const admin = await t.as('admin');
      const start = await admin('POST', `${base}/${integrationId}/preload/configuration-filters`);
      expect(start.body.Status).toBe('pending');
      const done = await settle(
        admin,
        `${base}/${integrationId}/preload/configuration-filters/${start.body.QueryId}`,
        20_000,
      );
      expect(done.Status).toBe('completed');

      // AutoSync is on for this integration only: the nightly run queues one company sync.
      const before = await t.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM crm_operations WHERE kind = 'companies-sync'",
      );
      await nightly.handler!({});
      const queued = await t.database.query<{ id: string; integration_id: number }>(
        "SELECT id, integration_id FROM crm_operations WHERE kind = 'companies-sync' ORDER BY created_at DESC LIMIT 1",
      );
      expect(queued.rows[0].integration_id).toBe(integrationId);
      const after = await t.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM crm_operations WHERE kind = 'companies-sync'",
      );
      expect(after.rows[0].n).toBe(before.rows[0].n + 1);
      const synced = await settle(admin, `${base}/${integrationId}/operations/${queued.rows[0].id}`, 20_000);
      expect(synced.Status).toBe('completed');
    } finally {
      t.deps.jobs = null;
      await jobs.stop();
    }
  });
});

describe('unlinking', () => {
  it('deletes the integration and turns its companies into local ones', async () => {
    const admin = await t.as('admin');
    const r = await admin('DELETE', `${base}/${integrationId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Id: integrationId });
    const after = await companies();
    for (const name of ['Acme Corp', 'Globex Inc', 'Stark Industries', 'Hooli', 'Initech']) {
      expect(after[name], name).toMatchObject({ Type: 1, PsaId: null });
    }
    expect((await admin('GET', base)).body).toEqual({ CrmTypeId: 0, Id: null, Vendor: null, Name: null });
    const left = await t.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM crm_operations WHERE integration_id = $1)
            + (SELECT count(*) FROM crm_responses WHERE integration_id = $1) AS n`,
      [integrationId],
    );
    expect(Number(left.rows[0].n)).toBe(0);
    expect((await admin('DELETE', `${base}/${integrationId}`)).status).toBe(404);
    // The other tenant's link is untouched.
    expect(await integrationRows(otherId)).toHaveLength(1);
  });
});
