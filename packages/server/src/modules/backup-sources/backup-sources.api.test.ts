import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_SOURCES } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { startDattoStub } from '../../../test/vendor-stubs/datto.ts';
import type { VendorStub } from '../../../test/vendor-stubs/types.ts';
import { backgroundSyncsSettled } from './sync-control.ts';
import { CONNECTORS } from './vendors/index.ts';
import { VendorError, type VendorConnector } from './vendors/types.ts';

/** Backup integrations: the source routes, who may use them, syncing, the side menu and Backup Now. */

let t: TestApp;
let stub: VendorStub;
const SESSIONS = 12;

beforeAll(async () => {
  t = await testApp({ VENDOR_BACKOFF_SCALE: '0' });
  stub = await startDattoStub({ customers: 2, devicesPerCustomer: 2, sessions: SESSIONS, pageSize: 2 });
});
afterAll(async () => {
  await backgroundSyncsSettled();
  await stub?.close();
  await t?.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  Name: 'Datto main',
  Credentials: { ...stub.credentials(), ApiUrl: stub.url },
  ...over,
});

async function sync(id: number) {
  const admin = await t.as('admin');
  const started = await admin('POST', `/api/integration/datto/${id}/sync`);
  expect(started.status).toBe(202);
  expect(started.body.SyncStatus).toBe('pending');
  await backgroundSyncsSettled();
  return (await admin('GET', `/api/integration/datto/${id}`)).body;
}

async function apiResults(sourceId: number) {
  const r = await t.database.query<{ n: string }>('SELECT count(*) AS n FROM results WHERE source_id = $1', [sourceId]);
  return Number(r.rows[0].n);
}

describe('backup integration routes', () => {
  let id: number;

  it('lists a card per built vendor and answers 404 for a vendor that is not built', async () => {
    const admin = await t.as('admin');
    const cards = await admin('GET', '/api/integration/backups');
    expect(cards.status).toBe(200);
    const types = cards.body.map((c: { Descriptor: { Type: string } }) => c.Descriptor.Type);
    expect(types).toContain('datto');
    for (const type of types) expect(CONNECTORS).toHaveProperty(type);
    // Every source type platform §7 names that has no connector yet, and one that never exists.
    const specTypes = ['azure', 'replibit', 'replibit-legacy', 'storagecraft', 'redstor', 'skykick', 'msp'];
    const notBuilt = specTypes.filter((type) => !Object.hasOwn(CONNECTORS, type));
    for (const type of [...notBuilt, 'nonsense']) {
      const r = await admin('GET', `/api/integration/${type}`);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ statusCode: 404, Message: expect.any(String), title: expect.any(String) });
    }
  });

  it('refuses credentials the vendor refuses, with its reason, and saves nothing', async () => {
    const admin = await t.as('admin');
    const r = await admin(
      'POST',
      '/api/integration/datto',
      body({ Credentials: { ...stub.wrongCredentials(), ApiUrl: stub.url } }),
    );
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain(stub.refusalText);
    expect((await admin('GET', '/api/integration/datto')).body).toEqual([]);
  });

  it('names each missing credential field', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/integration/datto', body({ Credentials: { ApiUrl: stub.url, PublicKey: '' } }));
    expect(r.status).toBe(400);
    expect(r.body.Errors.map((e: { Field: string }) => e.Field)).toEqual([
      'Credentials.PublicKey',
      'Credentials.SecretKey',
    ]);
    const bad = await admin(
      'POST',
      '/api/integration/datto',
      body({ Credentials: { ...stub.credentials(), ApiUrl: 'ftp://x' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.Errors[0].Field).toBe('Credentials.ApiUrl');
  });

  it('links a source and never returns its secret', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/integration/datto', body());
    expect(r.status).toBe(200);
    id = r.body.Id;
    expect(r.body).toMatchObject({
      Type: 'datto',
      Name: 'Datto main',
      Health: 'Pending',
      SyncStatus: 'idle',
      Enabled: true,
    });
    expect(r.body.Credentials).toMatchObject({ ApiUrl: stub.url, SecretKey: null });
    expect(r.body.Stored).toEqual(['SecretKey']);
    const secret = stub.credentials().SecretKey;
    for (const url of ['/api/integration/datto', `/api/integration/datto/${id}`, '/api/integration/backups/list']) {
      const got = await admin('GET', url);
      expect(got.status).toBe(200);
      expect(JSON.stringify(got.body)).not.toContain(secret);
    }
    const sealed = await t.database.query<{ credentials: string }>(
      'SELECT credentials FROM backup_sources WHERE id = $1',
      [id],
    );
    expect(sealed.rows[0].credentials).not.toContain(secret);
  });

  it('refuses a URL in a private range before calling it', async () => {
    const strict = await testApp({ VENDOR_BACKOFF_SCALE: '0', OUTBOUND_ALLOW_PRIVATE: 'false' });
    try {
      const before = stub.requests.length;
      const r = await (await strict.as('admin'))('POST', '/api/integration/datto', body());
      expect(r.status).toBe(400);
      expect(r.body.Errors[0]).toMatchObject({
        Field: 'Credentials.ApiUrl',
        Message: expect.stringContaining('127.0.0.1'),
      });
      expect(stub.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });

  it('updates by Id, keeping a secret left empty', async () => {
    const admin = await t.as('admin');
    const creds = { ...stub.credentials(), ApiUrl: stub.url, SecretKey: null };
    const r = await admin(
      'POST',
      '/api/integration/datto',
      body({ Id: id, Name: 'Datto renamed', Credentials: creds, IntervalMinutes: 30 }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Id: id, Name: 'Datto renamed', IntervalMinutes: 30, Stored: ['SecretKey'] });
    expect((await admin('GET', '/api/integration/datto')).body).toHaveLength(1);
  });

  it('lets staff read, refuses standard users changes and client users everything', async () => {
    const standard = await t.as('standard');
    expect((await standard('GET', '/api/integration/datto')).status).toBe(200);
    const refused = await standard('POST', '/api/integration/datto', body({ Id: id, Name: 'Taken' }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ statusCode: 403, Message: expect.any(String) });
    expect((await standard('DELETE', `/api/integration/datto/${id}`)).status).toBe(403);
    expect((await standard('POST', `/api/integration/datto/${id}/sync`)).status).toBe(403);
    const client = await t.as('client');
    expect((await client('GET', '/api/integration/datto')).status).toBe(403);
    expect((await client('GET', '/api/integration/backups')).status).toBe(403);
  });

  it('hides the source from another tenant', async () => {
    const outsider = await t.as('outsider');
    expect((await outsider('GET', `/api/integration/datto/${id}`)).status).toBe(404);
    expect((await outsider('GET', `/api/integration/datto/${id}/companies`)).status).toBe(404);
    expect((await outsider('POST', `/api/integration/datto/${id}/sync`)).status).toBe(404);
    expect((await outsider('DELETE', `/api/integration/datto/${id}`)).status).toBe(404);
    expect((await outsider('POST', '/api/integration/datto', body({ Id: id, Name: 'Taken' }))).status).toBe(404);
    expect((await outsider('GET', '/api/integration/backups/list')).body).toEqual([]);
    expect((await (await t.as('admin'))('GET', `/api/integration/datto/${id}`)).body.Name).toBe('Datto renamed');
  });

  it('answers 404 while the vendor flag is off for the tenant', async () => {
    const admin = await t.as('admin');
    const d = BACKUP_SOURCES.datto;
    await t.database.query(`UPDATE feature_flags SET status = 0 WHERE key = 'brMakeItRain'`);
    d.Flag = 'brMakeItRain';
    try {
      expect((await admin('GET', '/api/integration/datto')).status).toBe(404);
      expect((await admin('GET', `/api/integration/datto/${id}`)).status).toBe(404);
      const cards = (await admin('GET', '/api/integration/backups')).body;
      expect(cards.map((c: { Descriptor: { Type: string } }) => c.Descriptor.Type)).not.toContain('datto');
    } finally {
      delete d.Flag;
    }
    expect((await admin('GET', '/api/integration/datto')).status).toBe(200);
  });

  it('syncs: results on Api backups, customers mapped to companies, a second sync adds only new sessions', async () => {
    const admin = await t.as('admin');
    const tenantId = (await t.database.query<{ id: number }>(`SELECT id FROM tenants WHERE slug = 'acme'`)).rows[0].id;
    const customer = stub.customers()[0];
    const company = await t.database.query<{ id: number }>(
      `INSERT INTO companies (tenant_id, name) VALUES ($1, 'Mapped Datto Co') RETURNING id`,
      [tenantId],
    );
    await t.database.query(
      `INSERT INTO client_mappings (tenant_id, kind, client_id, company_id) VALUES ($1, 'Vendor', $2, $3)`,
      [tenantId, customer.id, company.rows[0].id],
    );
    const done = await sync(id);
    expect(done).toMatchObject({ SyncStatus: 'completed', Health: 'Healthy', LastError: null, ConsecutiveFailures: 0 });
    expect(done.LastSuccessAt).not.toBeNull();
    expect(await apiResults(id)).toBe(SESSIONS);
    const backups = await t.database.query<{
      vendor: string;
      method: string;
      company_id: number | null;
      vendor_client_id: string;
    }>('SELECT vendor, method, company_id, vendor_client_id FROM backups WHERE source_id = $1', [id]);
    expect(backups.rows.length).toBeGreaterThan(0);
    expect(backups.rows.every((b) => b.vendor === 'Datto' && b.method === 'Api')).toBe(true);
    const mapped = backups.rows.filter((b) => b.vendor_client_id === customer.id);
    expect(mapped.length).toBeGreaterThan(0);
    expect(mapped.every((b) => b.company_id === company.rows[0].id)).toBe(true);
    const companies = await admin('GET', `/api/integration/datto/${id}/companies`);
    expect(companies.status).toBe(200);
    expect(companies.body.find((c: { ExternalId: string }) => c.ExternalId === customer.id)).toMatchObject({
      CompanyName: 'Mapped Datto Co',
      BackupCount: mapped.length,
    });
    expect((await sync(id)).SyncStatus).toBe('completed');
    expect(await apiResults(id)).toBe(SESSIONS);
    stub.addSessions(3);
    await sync(id);
    expect(await apiResults(id)).toBe(SESSIONS + 3);
  });

  it('keeps the pages filed before a failure, with their cursor, and files the rest once', async () => {
    const real = CONNECTORS.datto!;
    stub.addSessions(6);
    // The vendor's pages cut into one session each (the cursor moves with the last), failing at the third.
    const failing: VendorConnector = {
      ...real,
      async *sessions(ctx, settings, cursor) {
        let filed = 0;
        for await (const page of real.sessions(ctx, settings, cursor)) {
          for (const [i, session] of page.sessions.entries()) {
            if (filed++ === 2) throw new VendorError('Datto answered 500 Internal Server Error', 500, true);
            yield { sessions: [session], cursor: i === page.sessions.length - 1 ? page.cursor : null };
          }
        }
      },
    };
    const before = await apiResults(id);
    CONNECTORS.datto = failing;
    let failed;
    try {
      failed = await sync(id);
    } finally {
      CONNECTORS.datto = real;
    }
    expect(failed).toMatchObject({
      SyncStatus: 'error',
      LastError: 'Datto answered 500 Internal Server Error',
      Health: 'Healthy',
    });
    expect(failed.ConsecutiveFailures).toBe(1);
    expect(await apiResults(id)).toBe(before + 2);
    expect((await sync(id)).SyncStatus).toBe('completed');
    expect(await apiResults(id)).toBe(before + 6);
    const dupes = await t.database.query(
      'SELECT session_id FROM results WHERE source_id = $1 GROUP BY backup_id, session_id HAVING count(*) > 1',
      [id],
    );
    expect(dupes.rows).toEqual([]);
  });

  it('shows the device in the side menu and refuses Backup Now for a vendor that cannot start backups', async () => {
    const admin = await t.as('admin');
    const b = await t.database.query<{ id: number; device_name: string }>(
      'SELECT id, device_name FROM backups WHERE source_id = $1 AND asset_id IS NOT NULL ORDER BY id LIMIT 1',
      [id],
    );
    const menu = await admin('GET', `/api/backup/side-menu/${b.rows[0].id}`);
    expect(menu.status).toBe(200);
    expect(menu.body.IntegrationType).toBe('datto');
    expect(menu.body.Data.BackupId).toBe(b.rows[0].id);
    expect(menu.body.Data.Device ?? menu.body.Data.Appliance).not.toBeNull();
    const run = await admin('POST', `/api/backup/run/${b.rows[0].id}`);
    expect(run.status).toBe(400);
    expect(run.body.Message).toContain('Datto');
  });

  it('cancels a queued sync', async () => {
    const admin = await t.as('admin');
    await t.database.query(`UPDATE backup_sources SET sync_status = 'pending' WHERE id = $1`, [id]);
    const r = await admin('DELETE', `/api/integration/datto/${id}/sync`);
    expect(r.status).toBe(200);
    expect(r.body.SyncStatus).toBe('cancelled');
  });

  it('deletes a source; its backups stay', async () => {
    const admin = await t.as('admin');
    const backups = Number(
      (await t.database.query<{ n: string }>('SELECT count(*) AS n FROM backups WHERE source_id = $1', [id])).rows[0].n,
    );
    expect((await admin('DELETE', `/api/integration/datto/${id}`)).status).toBe(200);
    expect((await admin('GET', `/api/integration/datto/${id}`)).status).toBe(404);
    expect((await admin('DELETE', `/api/integration/datto/${id}`)).status).toBe(404);
    const left = await t.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM backups WHERE vendor = 'Datto' AND method = 'Api' AND source_id IS NULL`,
    );
    expect(Number(left.rows[0].n)).toBe(backups);
  });
});
