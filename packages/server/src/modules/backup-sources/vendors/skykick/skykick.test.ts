import { afterEach, describe, expect, it } from 'vitest';
import { startSkykickStub } from '../../../../../test/vendor-stubs/skykick.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorAsset, VendorContext, VendorCustomer } from '../types.ts';
import { skykickConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('SkyKick');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });
const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(skykickConnector, ctx(), s, cursor);

describe('SkyKick connector against its stub', () => {
  it('accepts the client id and key, and refuses a wrong key or client id with SkyKick’s reason', async () => {
    stub = await startSkykickStub();
    await expect(skykickConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const token = stub.requests.find((r) => r.path === '/auth/token');
    expect(token?.method).toBe('POST');
    expect(stub.requests.at(-1)).toEqual({ method: 'GET', path: '/whoami' });
    await expect(skykickConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 401,
      message: expect.stringContaining(stub.refusalText),
    });
    await expect(
      skykickConnector.validate(ctx(), settings({ ...stub.credentials(), ClientId: 'someone-else' })),
    ).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 400,
      message: expect.stringContaining('invalid_client'),
    });
  });

  it('lists the Cloud Backup subscriptions as customers', async () => {
    stub = await startSkykickStub({ customers: 4 });
    const got: VendorCustomer[] = [];
    for await (const c of skykickConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
    expect(got[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Customer 1' });
  });

  it('reads each subscription’s last snapshots as a page, then only the snapshots taken after the cursor', async () => {
    // 3 customers × (2 users × mailbox + OneDrive, and a site) = 15 protected items.
    stub = await startSkykickStub({ customers: 3, devicesPerCustomer: 2, sessions: 15 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(15);
    expect(first.pages.filter((p) => p.sessions.length > 0)).toHaveLength(3);
    expect(stub.requests.filter((r) => r.path.endsWith('/lastsnapshotstats'))).toHaveLength(3);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ message: 'The mailbox could not be reached', backupType: 'Microsoft 365' });
    expect(first.sessions.find((x) => x.sessionId.includes(':Exchange Online:'))).toMatchObject({
      customerId: stub.customers()[0]!.id,
      customerName: 'Customer 1',
      device: 'user1@customer1.example',
      job: 'Exchange Online',
    });
    expect(new Set(first.sessions.map((x) => x.job))).toEqual(
      new Set(['Exchange Online', 'OneDrive', 'SharePoint Online']),
    );

    const added = stub.addSessions(3, { status: 'Warning' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((x) => x.status === 'Warning' && x.message === '3 items could not be backed up')).toBe(
      true,
    );
    expect((await readAll(s, second.cursor)).sessions).toHaveLength(0);
  });

  it('waits out a 429 and a 500 and reads everything', async () => {
    stub = await startSkykickStub({ customers: 2, devicesPerCustomer: 2, sessions: 6 });
    stub.failNext(2, 429);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
    stub.failNext(1, 500);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
  });

  it('reports mailboxes and SharePoint sites as devices of their customer', async () => {
    stub = await startSkykickStub({ customers: 1, devicesPerCustomer: 2, sessions: 2 });
    const got: VendorAsset[] = [];
    for await (const a of skykickConnector.assets!(ctx(), settings(stub.credentials()))) got.push(a);
    expect(got.map((a) => a.name)).toEqual([
      'user1@customer1.example',
      'user2@customer1.example',
      'https://customer1.sharepoint.com/sites/team',
    ]);
    expect(got.every((a) => a.kind === 'device' && a.customerId === stub!.customers()[0]!.id)).toBe(true);
    expect(got[0]!.fields).toMatchObject({ DeviceName: 'User 1', Company: 'Customer 1', Platform: 'Exchange Online' });
    expect(got[2]!.fields).toMatchObject({ DeviceName: 'Team Site', Platform: 'SharePoint Online' });
  });
});
