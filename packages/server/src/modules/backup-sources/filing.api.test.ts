import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { startDattoStub } from '../../../test/vendor-stubs/datto.ts';
import { startSlideStub } from '../../../test/vendor-stubs/slide.ts';
import type { VendorStub } from '../../../test/vendor-stubs/types.ts';
import { backgroundSyncsSettled } from './sync-control.ts';

/** API sessions meet e-mailed results on one backup; the side menu and Backup Now of an appliance vendor. */

let t: TestApp;
let datto: VendorStub;
let slide: VendorStub;

beforeAll(async () => {
  t = await testApp({ VENDOR_BACKOFF_SCALE: '0' });
  datto = await startDattoStub({ customers: 1, devicesPerCustomer: 2, sessions: 8 });
  slide = await startSlideStub({ customers: 1, devicesPerCustomer: 2, sessions: 4 });
});
afterAll(async () => {
  await backgroundSyncsSettled();
  await datto?.close();
  await slide?.close();
  await t?.close();
});

async function link(type: string, stub: VendorStub): Promise<number> {
  const admin = await t.as('admin');
  const r = await admin('POST', `/api/integration/${type}`, {
    Name: `${type} source`,
    Credentials: { ...stub.credentials(), ApiUrl: stub.url },
  });
  expect(r.status).toBe(200);
  return r.body.Id;
}

async function sync(type: string, id: number) {
  const admin = await t.as('admin');
  expect((await admin('POST', `/api/integration/${type}/${id}/sync`)).status).toBe(202);
  await backgroundSyncsSettled();
  return (await admin('GET', `/api/integration/${type}/${id}`)).body;
}

describe('API sessions and e-mailed results', () => {
  it('files to the backup known from e-mail, skipping a session the e-mail already reported', async () => {
    const id = await link('datto', datto);
    await sync('datto', id);
    // Make one of the backups an e-mailed one whose e-mail reported its first session.
    const b = (
      await t.database.query<{ id: number; device_name: string; job_name: string; backup_type: string }>(
        `SELECT b.id, b.device_name, b.job_name, b.backup_type FROM backups b
          WHERE b.source_id = $1 AND (SELECT count(*) FROM results r WHERE r.backup_id = b.id) >= 2
          ORDER BY b.id LIMIT 1`,
        [id],
      )
    ).rows[0];
    const sessions = (
      await t.database.query<{ start_time: Date; status: number }>(
        'SELECT start_time, status FROM results WHERE backup_id = $1 ORDER BY start_time',
        [b.id],
      )
    ).rows;
    await t.database.query(`UPDATE backups SET method = 'Email', source_id = NULL WHERE id = $1`, [b.id]);
    await t.database.query('DELETE FROM results WHERE backup_id = $1', [b.id]);
    await t.database.query(
      `INSERT INTO results (tenant_id, backup_id, status, start_time, filed_at, result_kind, source)
       SELECT tenant_id, id, $2, $3::timestamptz + interval '90 seconds', $3, 'Backup', 'email' FROM backups WHERE id = $1`,
      [b.id, sessions[0].status, new Date(sessions[0].start_time).toISOString()],
    );
    await t.database.query('UPDATE backup_sources SET cursor = NULL WHERE id = $1', [id]);
    expect((await sync('datto', id)).SyncStatus).toBe('completed');
    const twins = await t.database.query(
      `SELECT id FROM backups WHERE device_name = $1 AND job_name = $2 AND backup_type = $3 AND vendor = 'Datto'`,
      [b.device_name, b.job_name, b.backup_type],
    );
    expect(twins.rows).toHaveLength(1);
    const filed = await t.database.query<{ source: string; n: string }>(
      'SELECT source, count(*) AS n FROM results WHERE backup_id = $1 GROUP BY source ORDER BY source',
      [b.id],
    );
    expect(filed.rows.map((r) => [r.source, Number(r.n)])).toEqual([
      ['api', sessions.length - 1],
      ['email', 1],
    ]);
  });
});

describe('appliance vendor', () => {
  let id: number;
  let backupId: number;

  it('shows the device, its appliance and the appliance devices in the side menu', async () => {
    id = await link('slide', slide);
    expect((await sync('slide', id)).SyncStatus).toBe('completed');
    const b = await t.database.query<{ id: number }>(
      'SELECT id FROM backups WHERE source_id = $1 AND asset_id IS NOT NULL ORDER BY id LIMIT 1',
      [id],
    );
    backupId = b.rows[0].id;
    const menu = await (await t.as('admin'))('GET', `/api/backup/side-menu/${backupId}`);
    expect(menu.status).toBe(200);
    expect(menu.body.IntegrationType).toBe('slide');
    const data = menu.body.Data;
    expect(data.Device).toMatchObject({ DeviceName: data.DeviceName, DeviceId: expect.any(String) });
    expect(data.Appliance.ProtectedDevices.length).toBeGreaterThan(0);
    expect(data.Appliance.ProtectedDevices.map((d: { BackupId: number | null }) => d.BackupId)).toContain(backupId);
  });

  it('sends Backup Now to the vendor', async () => {
    const r = await (await t.as('admin'))('POST', `/api/backup/run/${backupId}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Message: 'Backup job request sent to Slide' });
    expect(slide.started?.length).toBe(1);
  });

  it('hides Backup Now and the side menu of a backup from another tenant', async () => {
    const outsider = await t.as('outsider');
    expect((await outsider('POST', `/api/backup/run/${backupId}`)).status).toBe(404);
    expect((await outsider('GET', `/api/backup/side-menu/${backupId}`)).status).toBe(404);
    expect(slide.started?.length).toBe(1);
  });
});
