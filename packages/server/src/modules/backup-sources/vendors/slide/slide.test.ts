import { afterEach, describe, expect, it } from 'vitest';
import { startSlideStub } from '../../../../../test/vendor-stubs/slide.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorAsset, VendorContext } from '../types.ts';
import { slideConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('Slide');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(slideConnector, ctx(), s, cursor);

describe('Slide connector against its stub', () => {
  it('accepts the token and refuses a wrong one with Slide’s reason', async () => {
    stub = await startSlideStub();
    await expect(slideConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(slideConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      status: 401,
      message: expect.stringContaining(stub.refusalText),
    });
  });

  it('lists the clients as customers across pages', async () => {
    stub = await startSlideStub({ customers: 7, pageSize: 3 });
    const got = [];
    for await (const c of slideConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
    expect(
      stub.requests
        .filter((r) => r.path.startsWith('/v1/client'))
        .map((r) => new URL(r.path, 'http://x').searchParams.get('offset')),
    ).toEqual(['0', '3', '6']);
  });

  it('reads finished backups page by page, then only the ones that ended after the cursor', async () => {
    stub = await startSlideStub({ customers: 2, devicesPerCustomer: 3, sessions: 25, pageSize: 10 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(25);
    expect(first.pages.filter((p) => p.sessions.length > 0)).toHaveLength(3);
    const failed = first.sessions.filter((x) => x.status === 'Failure');
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ message: 'Failed to get storage info (code 51000)', customerName: 'Customer 2' });
    expect(first.sessions[0]).toMatchObject({
      customerId: stub.customers()[0]!.id,
      device: 'Server 1-1',
      backupType: 'Image',
    });

    const added = stub.addSessions(4, { status: 'Warning' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId)).toEqual(added);
    expect(second.sessions.every((x) => x.status === 'Warning')).toBe(true);
    const backupReads = stub.requests.filter((r) => r.path.startsWith('/v1/backup?')).at(-1)!;
    expect(new URL(backupReads.path, 'http://x').searchParams.get('backup_ended_after')).toBe(first.cursor);
    expect((await readAll(s, second.cursor)).sessions).toHaveLength(0);
  });

  it('waits out a 429 and reads everything', async () => {
    stub = await startSlideStub({ customers: 1, devicesPerCustomer: 2, sessions: 6 });
    stub.failNext(3, 429);
    expect((await readAll(settings(stub.credentials()), null)).sessions).toHaveLength(6);
  });

  it('reports Slide Boxes and agents with console links, and starts a backup of an agent', async () => {
    stub = await startSlideStub({ customers: 1, devicesPerCustomer: 2, sessions: 2 });
    const s = settings(stub.credentials());
    const got: VendorAsset[] = [];
    for await (const a of slideConnector.assets!(ctx(), s)) got.push(a);
    expect(got.map((a) => a.kind)).toEqual(['appliance', 'device', 'device']);
    expect(got[0]!.fields).toMatchObject({
      ApplianceName: 'Slide Box 1',
      Company: 'Customer 1',
      SerialNumber: 'SN000001',
    });
    expect(got[1]).toMatchObject({
      parentExternalId: got[0]!.externalId,
      consoleUrl: expect.stringContaining('/agents/'),
    });
    expect(got[1]!.fields).toMatchObject({
      DeviceName: 'Server 1-1',
      Appliance: 'Slide Box 1',
      EncryptionAlgorithm: 'aes-256-gcm',
    });

    await slideConnector.runBackup!(ctx(), s, { externalId: got[1]!.externalId, kind: 'device' });
    expect(stub.started).toEqual([got[1]!.externalId]);
    await expect(
      slideConnector.runBackup!(ctx(), s, { externalId: got[0]!.externalId, kind: 'appliance' }),
    ).rejects.toThrow('protected devices');
    // A started backup is running, not a result.
    expect((await readAll(s, null)).sessions).toHaveLength(2);
  });
});
