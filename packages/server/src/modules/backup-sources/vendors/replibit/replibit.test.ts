import { afterEach, describe, expect, it } from 'vitest';
import { startReplibitStub } from '../../../../../test/vendor-stubs/replibit.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorAsset, VendorContext } from '../types.ts';
import { replibitLegacyConnector, x360RecoverConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('Axcient x360Recover');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });
const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(x360RecoverConnector, ctx(), s, cursor);
const query = (path: string) => new URL(path, 'http://x').searchParams;

describe('x360Recover connector against its stub', () => {
  it('accepts the API key and refuses a wrong one with Axcient’s reason', async () => {
    stub = await startReplibitStub();
    await expect(x360RecoverConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(x360RecoverConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 401,
      message: expect.stringContaining(stub.refusalText),
    });
    expect(stub.requests[0]!.path).toBe('/organization');
  });

  it('lists the clients as customers', async () => {
    stub = await startReplibitStub({ customers: 5 });
    const got = [];
    for await (const c of x360RecoverConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
    expect(got[0]).toEqual({ id: '101', name: 'Customer 1' });
  });

  it('reads job history page by page, then only the runs that ended after the cursor', async () => {
    stub = await startReplibitStub({ customers: 2, devicesPerCustomer: 3, sessions: 30 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(30);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({ message: expect.stringContaining('Snapshot creation for volumes failed') });
    expect(first.sessions.filter((x) => x.status === 'Warning')).toHaveLength(2);
    expect(first.sessions.find((x) => x.device === 'Server 2-1')).toMatchObject({
      customerId: '102',
      customerName: 'Customer 2',
      job: 'Server 2-1',
      backupType: 'Image',
    });

    const added = stub.addSessions(4, { status: 'Failure' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((x) => x.status === 'Failure')).toBe(true);
    const history = stub.requests.filter((r) => r.path.includes('/history')).at(-1)!;
    expect(Number(query(history.path).get('starttime_begin'))).toBeLessThan(Date.parse(first.cursor!) / 1000);
    expect((await readAll(s, second.cursor)).sessions).toHaveLength(0);
  });

  it('follows limit/offset through a long history', async () => {
    stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 1, sessions: 250 });
    const got = await readAll(settings(stub.credentials()), null);
    expect(got.sessions).toHaveLength(250);
    expect(new Set(got.sessions.map((x) => x.sessionId)).size).toBe(250);
    expect(stub.requests.filter((r) => r.path.includes('/history')).map((r) => query(r.path).get('offset'))).toEqual([
      '0',
      '100',
      '200',
    ]);
  });

  it('names backups by the chosen naming convention', async () => {
    stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 1, sessions: 2 });
    const got = await readAll(settings({ ...stub.credentials(), NamingConvention: 'DeviceJob' }), null);
    expect(got.sessions[0]).toMatchObject({ device: 'Server 1-1', job: 'Nightly image' });
  });

  it('waits out a 429 and reads everything', async () => {
    stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 2, sessions: 6 });
    stub.failNext(3, 429);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
  });

  it('reports appliances and protected systems with console links', async () => {
    stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 2, sessions: 2 });
    const got: VendorAsset[] = [];
    for await (const a of x360RecoverConnector.assets!(ctx(), settings(stub.credentials()))) got.push(a);
    expect(got.map((a) => a.kind)).toEqual(['appliance', 'device', 'device']);
    expect(got[0]!.fields).toMatchObject({ ApplianceName: 'Appliance 1', Company: 'Customer 1', Version: '10.1.0' });
    expect(got[1]).toMatchObject({
      parentExternalId: got[0]!.externalId,
      consoleUrl: expect.stringContaining('/home/device/'),
    });
    expect(got[1]!.fields).toMatchObject({ DeviceName: 'Server 1-1', Appliance: 'Appliance 1' });
  });

  it('reads a large estate: 10,000 runs across 2,000 protected systems', async () => {
    stub = await startReplibitStub({ customers: 100, devicesPerCustomer: 20, sessions: 10_000 });
    const started = Date.now();
    const got = await readAll(settings(stub.credentials()), null);
    expect(got.sessions).toHaveLength(10_000);
    expect(new Set(got.sessions.map((x) => x.assetId)).size).toBe(2000);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('reads Replibit appliances through the same API under the legacy type', async () => {
    stub = await startReplibitStub({ customers: 1, devicesPerCustomer: 1, sessions: 3 });
    expect(replibitLegacyConnector.type).toBe('replibit-legacy');
    const got = await readAllSessions(replibitLegacyConnector, ctx(), settings(stub.credentials()), null);
    expect(got.sessions).toHaveLength(3);
  });
});
