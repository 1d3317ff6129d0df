import { afterEach, describe, expect, it } from 'vitest';
import { BACKUP_SOURCES } from '@vigil/contract';
import { startMspStub } from '../../../../../test/vendor-stubs/msp.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import { connectorFor } from '../index.ts';
import type { SourceSettings } from '../types.ts';
import { mspConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = () => testVendorContext('MSP360');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

describe('msp source (MSP360 through api.mspbackups.com)', () => {
  it('is served under its own type with the MSP360 descriptor', () => {
    expect(connectorFor('msp')).toBe(mspConnector);
    expect(mspConnector.type).toBe('msp');
    expect(BACKUP_SOURCES.msp).toMatchObject({ Vendor: 'MSP360', UrlType: 'msp' });
    expect(BACKUP_SOURCES.msp.Fields.map((f) => f.Key)).toEqual(BACKUP_SOURCES.cloudberry.Fields.map((f) => f.Key));
  });

  it('logs in, refuses wrong credentials, and reads customers and runs from the MSP360 API', async () => {
    stub = await startMspStub({ customers: 2, devicesPerCustomer: 2, sessions: 6 });
    expect(stub.type).toBe('msp');
    await expect(mspConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(mspConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toMatchObject({
      name: 'VendorAuthError',
      message: expect.stringContaining(stub.refusalText),
    });
    const customers = [];
    for await (const c of mspConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual(stub.customers());
    const read = await readAllSessions(mspConnector, ctx(), settings(stub.credentials()), null);
    expect(read.sessions.length).toBeGreaterThan(0);
    stub.addSessions(2);
    const next = await readAllSessions(mspConnector, ctx(), settings(stub.credentials()), read.cursor);
    expect(next.sessions).toHaveLength(2);
  });
});
