import { beforeAll, describe, expect, it } from 'vitest';
import { connectWiseStubCredentials } from '../../../test/psa-stubs/connectwise.ts';
import { STORED_RESPONSES } from './service.ts';
import { integrationJobs } from './jobs.ts';
import { Jobs } from '../../platform/jobs.ts';
import {
  t,
  cw,
  homeId,
  otherId,
  base,
  sleep,
  settle,
  companies,
  integrationRows,
  linkAndSyncCompanies,
  setUpIntegrationsSuite,
} from './integrations.setup.ts';

setUpIntegrationsSuite();

let integrationId: number;
beforeAll(async () => {
  integrationId = await linkAndSyncCompanies();
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
