import { afterEach, describe, expect, it } from 'vitest';
import { AZURE_SUBSCRIPTION, parseFilterTime, startAzureStub } from '../../../../../test/vendor-stubs/azure.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { readAllSessions, testVendorContext } from '../../../../../test/vendor-context.ts';
import { VendorAuthError, type SourceSettings } from '../types.ts';
import { azureConnector } from './index.ts';

let stub: VendorStub;
afterEach(() => stub?.close());

const ctx = () => testVendorContext('Azure Backup');
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });
const read = (cursor: string | null) => readAllSessions(azureConnector, ctx(), settings(stub.credentials()), cursor);
const jobCalls = () => stub.requests.filter((r) => r.path.toLowerCase().includes('/backupjobs'));

describe('Azure Backup connector against Entra ID and Resource Manager', () => {
  it('validates good credentials and refuses a wrong secret with the AADSTS reason', async () => {
    stub = await startAzureStub();
    await expect(azureConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const wrong = azureConnector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(wrong).rejects.toBeInstanceOf(VendorAuthError);
    await expect(azureConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
    const token = stub.requests.find((r) => r.path.endsWith('/oauth2/v2.0/token'));
    expect(token?.method).toBe('POST');
  });

  it('refuses a vault that does not exist with Resource Manager’s message', async () => {
    stub = await startAzureStub();
    const missing = settings({ ...stub.credentials(), Vaults: 'rg-backup-1/rsv-contoso-1, rg-x/nope' });
    await expect(azureConnector.validate(ctx(), missing)).rejects.toThrow(
      "Vault rg-x/nope: The Resource 'Microsoft.RecoveryServices/vaults/nope' under resource group 'rg-x' was not found.",
    );
  });

  it('names the subscription as the customer', async () => {
    stub = await startAzureStub();
    const customers = [];
    for await (const c of azureConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual([{ id: AZURE_SUBSCRIPTION, name: 'Contoso Production' }]);
  });

  it('lists protected items of every vault as devices across nextLink pages', async () => {
    stub = await startAzureStub({ customers: 2, devicesPerCustomer: 7, pageSize: 3 });
    const assets = [];
    for await (const a of azureConnector.assets!(ctx(), settings(stub.credentials()))) assets.push(a);
    expect(assets).toHaveLength(14);
    expect(new Set(assets.map((a) => a.externalId)).size).toBe(14);
    expect(stub.requests.filter((r) => r.path.includes('backupProtectedItems'))).toHaveLength(6);
  });

  it('reads finished backup jobs of every vault page by page with a time filter, skipping running ones and restores', async () => {
    stub = await startAzureStub({ customers: 2, devicesPerCustomer: 3, sessions: 60, pageSize: 10 });
    const { sessions } = await read(null);
    expect(sessions).toHaveLength(60);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(60);
    expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(['Success', 'Warning', 'Failure']));
    expect(sessions.find((s) => s.status === 'Failure')!.message).toBe(
      'VM agent is unable to communicate with the Azure Backup Service. (400002)',
    );
    expect(new Set(sessions.map((s) => s.job))).toEqual(
      new Set(['rsv-contoso-1 – Azure VMs', 'rsv-contoso-2 – Azure VMs']),
    );
    expect(sessions.every((s) => s.customerId === AZURE_SUBSCRIPTION)).toBe(true);
    // 30 and 31 (the running one) backup jobs in pages of 10; the first call of a vault carries the
    // filter, the next ones its nextLink.
    expect(jobCalls()).toHaveLength(7);
    const filter = new URL(jobCalls()[0]!.path, stub.url).searchParams.get('$filter')!;
    const start = /startTime eq '([^']+)'/.exec(filter)![1]!;
    expect(Date.now() - parseFilterTime(start)!).toBeLessThanOrEqual(8 * 86_400_000 + 60_000);
    expect(filter).toContain("operation eq 'Backup'");
    expect(new URL(jobCalls()[1]!.path, stub.url).searchParams.get('$skipToken')).toBe('10');
  });

  it('resumes from its cursor and returns only jobs that finished since', async () => {
    stub = await startAzureStub({ sessions: 30 });
    const first = await read(null);
    expect(first.sessions).toHaveLength(30);
    const added = stub.addSessions(4, { status: 'Warning' });
    const second = await read(first.cursor);
    expect(second.sessions.map((s) => s.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((s) => s.status === 'Warning')).toBe(true);
    const third = await read(second.cursor);
    expect(third.sessions).toHaveLength(0);
    expect(third.cursor).toBe(second.cursor);
  });

  it('retries 429 answers (Retry-After) and still reads every session', async () => {
    stub = await startAzureStub({ sessions: 20 });
    stub.failNext(2, 429);
    const { sessions } = await read(null);
    expect(sessions).toHaveLength(20);
  });

  it('keeps up with a large estate', async () => {
    stub = await startAzureStub({ customers: 4, devicesPerCustomer: 500, sessions: 10_000, pageSize: 200 });
    const began = Date.now();
    const { sessions } = await read(null);
    expect(sessions).toHaveLength(10_000);
    expect(Date.now() - began).toBeLessThan(20_000);
  });
});
