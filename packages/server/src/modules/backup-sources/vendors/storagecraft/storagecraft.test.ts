import { afterEach, describe, expect, it } from 'vitest';
import { startStoragecraftStub } from '../../../../../test/vendor-stubs/storagecraft.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorAsset, VendorContext } from '../types.ts';
import { shadowControlConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('ShadowControl');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });
const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(shadowControlConnector, ctx(), s, cursor);
const pageOf = (path: string) => new URL(path, 'http://x').searchParams.get('page');

describe('ShadowControl connector against its stub', () => {
  it('accepts the access token and refuses a wrong one with the console’s reason', async () => {
    stub = await startStoragecraftStub();
    await expect(shadowControlConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(shadowControlConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 401,
      message: expect.stringContaining(stub.refusalText),
    });
  });

  it('lists the organizations as customers, following the next links', async () => {
    stub = await startStoragecraftStub({ customers: 4, devicesPerCustomer: 2, pageSize: 3 });
    const got = [];
    for await (const c of shadowControlConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
    expect(stub.requests.filter((r) => r.path.startsWith('/api/reports/status/')).map((r) => pageOf(r.path))).toEqual([
      null,
      '2',
      '3',
    ]);
  });

  it('reads finished entries page by page, then only the ones that ended after the cursor', async () => {
    stub = await startStoragecraftStub({ customers: 2, devicesPerCustomer: 3, sessions: 25, pageSize: 2 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(25);
    expect(first.pages.filter((p) => p.sessions.length > 0)).toHaveLength(3);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      message: 'Backup failed: unable to write to the destination (error 1117)',
      backupType: 'Image',
    });
    const warned = first.sessions.filter((x) => x.status === 'Warning');
    expect(warned[0]).toMatchObject({ job: 'ImageManager verification', backupType: 'Image verification' });
    expect(first.sessions[0]).toMatchObject({ customerId: '1', customerName: 'Customer 1', device: 'SERVER-1-1' });

    const added = stub.addSessions(4, { status: 'Failure' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((x) => x.status === 'Failure')).toBe(true);
    expect((await readAll(s, second.cursor)).sessions).toHaveLength(0);
  });

  it('waits out a 429 and reads everything', async () => {
    stub = await startStoragecraftStub({ customers: 1, devicesPerCustomer: 2, sessions: 6 });
    stub.failNext(3, 429);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
  });

  it('reports the endpoints with their device fields', async () => {
    stub = await startStoragecraftStub({ customers: 2, devicesPerCustomer: 2, sessions: 2 });
    const got: VendorAsset[] = [];
    for await (const a of shadowControlConnector.assets!(ctx(), settings(stub.credentials()))) got.push(a);
    expect(got).toHaveLength(4);
    expect(got.every((a) => a.kind === 'device')).toBe(true);
    expect(got[0]).toMatchObject({ customerId: '1', name: 'SERVER-1-1', consoleUrl: stub.url });
    expect(got[0]!.fields).toMatchObject({
      DeviceName: 'SERVER-1-1',
      Company: 'Customer 1 / Head office',
      AgentVersion: '5.1.4.21',
      Platform: 'Windows Server 2019 Standard',
    });
  });
});
