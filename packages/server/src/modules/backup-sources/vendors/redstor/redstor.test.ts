import { afterEach, describe, expect, it } from 'vitest';
import { startRedstorStub } from '../../../../../test/vendor-stubs/redstor.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorAsset, VendorContext, VendorCustomer } from '../types.ts';
import { redstorBase } from './client.ts';
import { redstorConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('Redstor');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: 'uk' });
const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(redstorConnector, ctx(), s, cursor);
const skips = (st: VendorStub) =>
  st.requests
    .filter((r) => r.path.startsWith('/api/odata/Accounts'))
    .map((r) => new URL(r.path, 'http://x').searchParams.get('$skip'));

describe('Redstor connector against its stub', () => {
  it('accepts the console user and refuses a wrong password with Redstor’s reason', async () => {
    stub = await startRedstorStub();
    await expect(redstorConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    expect(stub.requests.at(-1)).toEqual({ method: 'GET', path: '/api/backup/Groups' });
    await expect(redstorConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 401,
      message: expect.stringContaining(stub.refusalText),
    });
  });

  it('uses the region’s AccountServer unless a URL is given', () => {
    expect(redstorBase({ credentials: {}, region: 'za' })).toBe('https://zaapi.pro.redstor.com');
    expect(redstorBase({ credentials: {}, region: null })).toBe('https://api.pro.redstor.com');
    expect(redstorBase({ credentials: { ApiUrl: 'https://as.example.com/' }, region: 'za' })).toBe(
      'https://as.example.com',
    );
  });

  it('lists each backup group once as a customer, across pages', async () => {
    stub = await startRedstorStub({ customers: 3, devicesPerCustomer: 2, pageSize: 4 });
    const got: VendorCustomer[] = [];
    for await (const c of redstorConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
    // 3 × 2 machines × 3 accounts, and one deactivated: 19 accounts in pages of 4.
    expect(skips(stub)).toEqual([null, '4', '8', '12', '16']);
  });

  it('reads the accounts’ last backups page by page, then only backups newer than the cursor', async () => {
    stub = await startRedstorStub({ customers: 2, devicesPerCustomer: 2, sessions: 12, pageSize: 5 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(12);
    expect(first.pages.filter((p) => p.sessions.length > 0)).toHaveLength(3);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ message: 'Failed', backupType: 'Agent' });
    expect(first.sessions.find((x) => x.device === 'Server 1-1')).toMatchObject({
      customerId: stub.customers()[0]!.id,
      customerName: 'Customer 1',
      job: 'Server 1-1',
    });

    const added = stub.addSessions(3, { status: 'Warning' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((x) => x.status === 'Warning' && x.message === 'Completed with errors')).toBe(true);
    expect((await readAll(s, second.cursor)).sessions).toHaveLength(0);
  });

  it('waits out a 429 and a 500 and reads everything', async () => {
    stub = await startRedstorStub({ customers: 1, devicesPerCustomer: 2, sessions: 6, pageSize: 2 });
    stub.failNext(2, 429);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
    stub.failNext(1, 500);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
  });

  it('reports the active backup accounts as devices of their group', async () => {
    stub = await startRedstorStub({ customers: 1, devicesPerCustomer: 1, sessions: 1 });
    const got: VendorAsset[] = [];
    for await (const a of redstorConnector.assets!(ctx(), settings(stub.credentials()))) got.push(a);
    expect(got.map((a) => a.name)).toEqual(['Server 1-1', 'Server 1-1 SQL', 'Server 1-1 System State']);
    expect(got[0]).toMatchObject({ kind: 'device', customerId: stub.customers()[0]!.id });
    expect(got[0]!.fields).toMatchObject({ DeviceName: 'Server 1-1', Company: 'Customer 1' });
  });
});
