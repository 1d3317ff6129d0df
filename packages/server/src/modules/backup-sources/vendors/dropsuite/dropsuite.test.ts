import { afterEach, describe, expect, it } from 'vitest';
import { startDropsuiteStub } from '../../../../../test/vendor-stubs/dropsuite.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorContext } from '../types.ts';
import { dropsuiteConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('Dropsuite');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(dropsuiteConnector, ctx(), s, cursor);
const param = (path: string, key: string) => new URL(path, 'http://x').searchParams.get(key);

describe('Dropsuite connector against its stub', () => {
  it('accepts both tokens and refuses a wrong one with Dropsuite’s reason', async () => {
    stub = await startDropsuiteStub();
    await expect(dropsuiteConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(dropsuiteConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 401,
      message: expect.stringContaining(stub.refusalText),
    });
  });

  it('lists the organisations as customers across pages', async () => {
    stub = await startDropsuiteStub({ customers: 7, pageSize: 3 });
    const got = [];
    for await (const c of dropsuiteConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
    expect(stub.requests.filter((r) => r.path.startsWith('/api/users')).map((r) => param(r.path, 'page'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('reads every account’s services page by page, then only the backups after the cursor', async () => {
    stub = await startDropsuiteStub({ customers: 2, devicesPerCustomer: 3, sessions: 25, pageSize: 2 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(25);
    expect(new Set(first.sessions.map((x) => x.sessionId)).size).toBe(25);
    // Three accounts per organisation, two a page: two pages each.
    expect(stub.requests.filter((r) => r.path.startsWith('/api/accounts')).map((r) => param(r.path, 'page'))).toEqual([
      '1',
      '2',
      '1',
      '2',
    ]);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ message: 'Mailbox not accessible', customerName: 'Customer 1' });
    expect(first.sessions[0]).toMatchObject({
      customerId: stub.customers()[0]!.id,
      device: 'user1@customer1.example',
      job: 'Mail',
      backupType: 'Microsoft 365',
      status: 'Success',
    });
    expect(first.sessions.find((x) => x.customerName === 'Customer 2')).toMatchObject({
      backupType: 'Google Workspace',
    });

    const added = stub.addSessions(4, { status: 'Warning' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId)).toEqual(added);
    expect(second.sessions.every((x) => x.status === 'Warning' && x.message === '2 items skipped')).toBe(true);
    expect((await readAll(s, second.cursor)).sessions).toHaveLength(0);
  });

  it('waits out a 429 and reads everything', async () => {
    stub = await startDropsuiteStub({ customers: 1, devicesPerCustomer: 2, sessions: 6 });
    stub.failNext(3, 429);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
  });

  it('has no assets and no Backup Now', () => {
    expect(dropsuiteConnector.assets).toBeUndefined();
    expect(dropsuiteConnector.runBackup).toBeUndefined();
  });
});
