import { afterEach, describe, expect, it } from 'vitest';
import { startDattoStub } from '../../../../../test/vendor-stubs/datto.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import type { SourceSettings, VendorAsset, VendorContext } from '../types.ts';
import { dattoConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => testVendorContext('Datto');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

const readAll = (s: SourceSettings, cursor: string | null) => readAllSessions(dattoConnector, ctx(), s, cursor);

describe('Datto connector against its stub', () => {
  it('accepts the key pair and refuses a wrong secret with Datto’s reason', async () => {
    stub = await startDattoStub();
    await expect(dattoConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const refused = dattoConnector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(refused).rejects.toMatchObject({ name: 'VendorAuthError', status: 401 });
    await expect(dattoConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
  });

  it('lists the client companies as customers', async () => {
    stub = await startDattoStub({ customers: 3 });
    const got = [];
    for await (const c of dattoConnector.customers(ctx(), settings(stub.credentials()))) got.push(c);
    expect(got).toEqual(stub.customers());
  });

  it('reads every session across device pages, then only the ones added after the cursor', async () => {
    stub = await startDattoStub({ customers: 5, devicesPerCustomer: 2, sessions: 30, pageSize: 2 });
    const s = settings(stub.credentials());
    const first = await readAll(s, null);
    expect(first.sessions).toHaveLength(30);
    expect(new Set(first.sessions.map((x) => x.sessionId)).size).toBe(30);
    const devicePages = stub.requests.filter((r) => r.path.startsWith('/v1/bcdr/device?'));
    expect(devicePages.map((r) => new URL(r.path, 'http://x').searchParams.get('_page'))).toEqual(['1', '2', '3']);
    expect(first.sessions.filter((x) => x.status === 'Failure').length).toBe(3);
    expect(first.sessions.find((x) => x.status === 'Failure')?.message).toContain('did not respond');
    expect(first.sessions.find((x) => x.status === 'Warning')?.message).toContain('Filesystem check found errors');
    expect(first.sessions[0]).toMatchObject({ customerId: 'Customer 1', backupType: 'Image', job: 'siris-1' });

    const added = stub.addSessions(3, { status: 'Failure' });
    const second = await readAll(s, first.cursor);
    expect(second.sessions.map((x) => x.sessionId).sort()).toEqual(added.slice().sort());
    expect(second.sessions.every((x) => x.status === 'Failure')).toBe(true);
    const third = await readAll(s, second.cursor);
    expect(third.sessions).toHaveLength(0);
  });

  it('retries a 429 and still reads everything', async () => {
    stub = await startDattoStub({ customers: 2, devicesPerCustomer: 2, sessions: 8 });
    stub.failNext(2, 429);
    const { sessions } = await readAll(settings(stub.credentials()), null);
    expect(sessions).toHaveLength(8);
    expect(stub.requests.length).toBeGreaterThan(4);
  });

  it('reports each appliance and its protected agents with the side-menu fields', async () => {
    stub = await startDattoStub({ customers: 1, devicesPerCustomer: 2, sessions: 2 });
    const got: VendorAsset[] = [];
    for await (const a of dattoConnector.assets!(ctx(), settings(stub.credentials()))) got.push(a);
    expect(got.map((a) => a.kind)).toEqual(['appliance', 'device', 'device']);
    expect(got[0]!.fields).toMatchObject({
      ApplianceName: 'siris-1',
      SerialNumber: 'A0B1C2000000',
      Company: 'Customer 1',
    });
    expect(got[1]).toMatchObject({ parentExternalId: 'A0B1C2000000', customerId: 'Customer 1' });
    expect(got[1]!.fields).toMatchObject({ DeviceName: 'host-1-1', Appliance: 'siris-1', AgentVersion: '2.5.0.0' });
  });
});
