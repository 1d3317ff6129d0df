import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness.ts';
import { startReplibitStub } from '../../../test/vendor-stubs/replibit.ts';
import type { VendorStub } from '../../../test/vendor-stubs/types.ts';
import { backgroundSyncsSettled } from './sync-control.ts';

/** GET /api/common/GetReplibitNamingConventions and the naming convention of an x360Recover source. */

let t: TestApp;
let stub: VendorStub;

beforeAll(async () => {
  t = await testApp({ VENDOR_BACKOFF_SCALE: '0' });
  stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 2, sessions: 4 });
});
afterAll(async () => {
  await backgroundSyncsSettled();
  await stub?.close();
  await t?.close();
});

describe('Replibit naming conventions', () => {
  it('lists the conventions to any signed-in user, and nobody else', async () => {
    const expected = [
      { Id: 'DeviceName', Name: 'Device name', Example: 'FS01' },
      { Id: 'DeviceJob', Name: 'Device name and job name', Example: 'FS01 · Nightly image' },
      { Id: 'ClientDevice', Name: 'Client and device name', Example: 'Contoso - FS01' },
    ];
    for (const persona of ['admin', 'standard', 'client'] as const) {
      const r = await (await t.as(persona))('GET', '/api/common/GetReplibitNamingConventions');
      expect(r.status).toBe(200);
      expect(r.body).toEqual(expected);
    }
    expect((await t.call('GET', '/api/common/GetReplibitNamingConventions')).status).toBe(401);
  });

  it('offers the conventions on the x360Recover form and refuses one it does not know', async () => {
    const admin = await t.as('admin');
    const cards = (await admin('GET', '/api/integration/backups')).body as {
      Descriptor: { Type: string; Fields: { Key: string; Kind: string; Options?: { Id: string }[] }[] };
    }[];
    const field = cards
      .find((c) => c.Descriptor.Type === 'replibit')!
      .Descriptor.Fields.find((f) => f.Key === 'NamingConvention');
    expect(field).toMatchObject({
      Kind: 'choice',
      Options: [{ Id: 'DeviceName' }, { Id: 'DeviceJob' }, { Id: 'ClientDevice' }],
    });

    const r = await admin('POST', '/api/integration/replibit', {
      Name: 'x360 main',
      Credentials: { ...stub.credentials(), NamingConvention: 'Whatever' },
    });
    expect(r.status).toBe(400);
    expect(r.body.Errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ Field: 'Credentials.NamingConvention' })]),
    );
    expect((await admin('GET', '/api/integration/replibit')).body).toEqual([]);
  });

  it('names the backups a sync files by the chosen convention', async () => {
    const admin = await t.as('admin');
    const r = await admin('POST', '/api/integration/replibit', {
      Name: 'x360 main',
      Credentials: { ...stub.credentials(), NamingConvention: 'ClientDevice' },
    });
    expect(r.status).toBe(200);
    expect(r.body.Credentials.NamingConvention).toBe('ClientDevice');
    expect((await admin('POST', `/api/integration/replibit/${r.body.Id}/sync`)).status).toBe(202);
    await backgroundSyncsSettled();
    const names = await t.database.query<{ device_name: string; job_name: string; vendor: string }>(
      `SELECT DISTINCT b.device_name, b.job_name, b.vendor FROM backups b JOIN results x ON x.backup_id = b.id
        WHERE x.source_id = $1 ORDER BY b.device_name`,
      [r.body.Id],
    );
    expect(names.rows).toEqual([
      { device_name: 'Customer 1 - Server 1-1', job_name: 'Customer 1 - Server 1-1', vendor: 'Axcient x360Recover' },
      { device_name: 'Customer 1 - Server 1-2', job_name: 'Customer 1 - Server 1-2', vendor: 'Axcient x360Recover' },
    ]);
  });
});
