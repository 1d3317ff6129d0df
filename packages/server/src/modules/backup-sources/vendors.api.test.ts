import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_SOURCES, type BackupSourceType } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { STUBS } from '../../../test/vendor-stubs/index.ts';
import type { VendorStub } from '../../../test/vendor-stubs/types.ts';
import { backgroundSyncsSettled } from './sync-control.ts';

/**
 * Every built vendor through the same journey against its local stub: link (refused, then
 * accepted), sync, incremental sync, retried 429 and 500, failing syncs turning the source
 * Unhealthy and the System status row to a warning, and nothing half-written on the way.
 */

let t: TestApp;
let tenantId: number;
const SESSIONS = 8;

beforeAll(async () => {
  t = await testApp({ VENDOR_BACKOFF_SCALE: '0' });
  tenantId = (await t.database.query<{ id: number }>(`SELECT id FROM tenants WHERE slug = 'acme'`)).rows[0].id;
});
afterAll(async () => {
  await backgroundSyncsSettled();
  await t?.close();
});

const count = async (sql: string, params: unknown[]) =>
  Number((await t.database.query<{ n: string }>(sql, params)).rows[0].n);

describe.each(Object.entries(STUBS) as [BackupSourceType, NonNullable<(typeof STUBS)[BackupSourceType]>][])(
  '%s source',
  (type, start) => {
    const descriptor = BACKUP_SOURCES[type];
    let stub: VendorStub;
    let id: number;

    beforeAll(async () => {
      stub = await start({ customers: 2, devicesPerCustomer: 2, sessions: SESSIONS, pageSize: 3 });
    });
    afterAll(async () => {
      await backgroundSyncsSettled();
      await stub?.close();
    });

    const form = (credentials: Record<string, string>) => {
      const urlField = descriptor.Fields.find((f) => f.Kind === 'url');
      return {
        Name: `${descriptor.Title} test`,
        Region: stub.region ?? null,
        Credentials: { ...(urlField ? { [urlField.Key]: stub.url } : {}), ...credentials },
      };
    };
    const results = () => count('SELECT count(*) AS n FROM results WHERE source_id = $1', [id]);
    async function sync() {
      const admin = await t.as('admin');
      expect((await admin('POST', `/api/integration/${type}/${id}/sync`)).status).toBe(202);
      await backgroundSyncsSettled();
      return (await admin('GET', `/api/integration/${type}/${id}`)).body;
    }

    it('refuses wrong credentials with the vendor reason and saves nothing', async () => {
      const admin = await t.as('admin');
      const r = await admin('POST', `/api/integration/${type}`, form(stub.wrongCredentials()));
      expect(r.status).toBe(400);
      expect(r.body.Message).toContain(stub.refusalText);
      expect((await admin('GET', `/api/integration/${type}`)).body).toEqual([]);
    });

    it('links with the right credentials', async () => {
      const admin = await t.as('admin');
      const r = await admin('POST', `/api/integration/${type}`, form(stub.credentials()));
      expect(r.status).toBe(200);
      id = r.body.Id;
      for (const f of descriptor.Fields.filter((x) => x.Kind === 'secret')) {
        expect(r.body.Credentials[f.Key]).toBeNull();
        expect(r.body.Stored).toContain(f.Key);
      }
    });

    it('files the sessions on the vendor backups, with the client-ID mapping applied', async () => {
      const customer = stub.customers()[0];
      const company = await t.database.query<{ id: number }>(
        `INSERT INTO companies (tenant_id, name) VALUES ($1, $2) RETURNING id`,
        [tenantId, `Mapped ${type}`],
      );
      await t.database.query(
        // Two types' stubs share customer ids (MSP360 as cloudberry and as msp): this test's mapping wins.
        `INSERT INTO client_mappings (tenant_id, kind, client_id, company_id) VALUES ($1, 'Vendor', $2, $3)
         ON CONFLICT (tenant_id, kind, lower(client_id)) DO UPDATE SET company_id = EXCLUDED.company_id`,
        [tenantId, customer.id, company.rows[0].id],
      );
      const done = await sync();
      expect(done).toMatchObject({ SyncStatus: 'completed', Health: 'Healthy', LastError: null });
      expect(await results()).toBe(SESSIONS);
      const backups = await t.database.query<{
        vendor: string;
        company_id: number | null;
        vendor_client_id: string | null;
        device_name: string;
        job_name: string;
      }>('SELECT vendor, company_id, vendor_client_id, device_name, job_name FROM backups WHERE source_id = $1', [id]);
      expect(backups.rows.length).toBeGreaterThan(0);
      for (const b of backups.rows) {
        expect(b.vendor).toBe(descriptor.Vendor);
        expect(b.device_name).not.toBe('');
        expect(b.job_name).not.toBe('');
      }
      const mapped = backups.rows.filter((b) => b.vendor_client_id?.toLowerCase() === customer.id.toLowerCase());
      expect(mapped.length).toBeGreaterThan(0);
      expect(mapped.every((b) => b.company_id === company.rows[0].id)).toBe(true);
      const statuses = await t.database.query<{ status: number }>(
        'SELECT DISTINCT status FROM results WHERE source_id = $1',
        [id],
      );
      expect(statuses.rows.length).toBeGreaterThan(0);
      // The discovered backups wait in Activate Backups like e-mailed ones, under the vendor's name.
      const inactive = await (await t.as('admin'))('POST', '/api/backup/inactive', { Size: 500 });
      expect(inactive.status).toBe(200);
      const listed = inactive.body.Results.filter((b: { Vendor: string }) => b.Vendor === descriptor.Vendor);
      expect(listed.length).toBeGreaterThan(0);
    });

    it('files exactly the new sessions on the next sync, with the right status', async () => {
      const before = await results();
      stub.addSessions(3);
      expect((await sync()).SyncStatus).toBe('completed');
      expect(await results()).toBe(before + 3);
      stub.addSessions(1, { status: 'Failure' });
      await sync();
      expect(await results()).toBe(before + 4);
      const failed = await count(`SELECT count(*) AS n FROM results WHERE source_id = $1 AND status = 3`, [id]);
      expect(failed).toBeGreaterThan(0);
    });

    it('retries 429 and 500 answers and succeeds', async () => {
      const before = await results();
      stub.addSessions(1);
      stub.failNext(2, 429);
      expect((await sync()).SyncStatus).toBe('completed');
      stub.addSessions(1);
      stub.failNext(2, 500);
      expect((await sync()).SyncStatus).toBe('completed');
      expect(await results()).toBe(before + 2);
    });

    it('turns Unhealthy after three failing syncs, shown on System status, and half-writes nothing', async () => {
      const admin = await t.as('admin');
      const before = await results();
      // Enough failures for at least three failing syncs (each call is tried four times).
      stub.failNext(40, 500);
      let last = { SyncStatus: '', Health: '' } as Record<string, unknown>;
      for (let i = 1; i <= 3; i++) {
        last = await sync();
        expect(last).toMatchObject({ SyncStatus: 'error', ConsecutiveFailures: i });
        expect(last.LastError).toEqual(expect.any(String));
        expect(last.Health).toBe(i < 3 ? 'Healthy' : 'Unhealthy');
      }
      expect(await results()).toBe(before);
      const row = (await admin('GET', '/api/functions/status')).body.find(
        (f: { Key: string }) => f.Key === 'backup-sources',
      );
      expect(row.State).toBe('warning');
      expect(row.Detail).toContain(`${descriptor.Title} test`);
      expect(row.Detail).toContain('Integration → Backup Integrations');
      const cards = (await admin('GET', '/api/integration/backups')).body;
      expect(cards.find((c: { Descriptor: { Type: string } }) => c.Descriptor.Type === type).UnhealthyCount).toBe(1);
      stub.addSessions(2);
      // Sync until the vendor answers again: each failing sync keeps the source Unhealthy and files nothing.
      for (let i = 0; i < 20 && last.SyncStatus === 'error'; i++) {
        expect(last.Health).toBe('Unhealthy');
        expect(await results()).toBe(before);
        last = await sync();
      }
      expect(last).toMatchObject({ SyncStatus: 'completed', Health: 'Healthy', ConsecutiveFailures: 0 });
      expect(await results()).toBe(before + 2);
      expect(
        await count('SELECT count(DISTINCT (backup_id, session_id)) AS n FROM results WHERE source_id = $1', [id]),
      ).toBe(before + 2);
      expect((await admin('DELETE', `/api/integration/${type}/${id}`)).status).toBe(200);
    });
  },
);
