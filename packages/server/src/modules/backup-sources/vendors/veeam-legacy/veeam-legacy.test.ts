import { afterEach, describe, expect, it } from 'vitest';
import { LAB_OUTBOUND } from '../../../../../test/outbound.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { startVeeamLegacyStub } from '../../../../../test/vendor-stubs/veeam-legacy.ts';
import { VendorHttp } from '../../http.ts';
import { VendorAuthError, type SessionPage, type SourceSettings, type VendorContext } from '../types.ts';
import { veeamLegacyConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => ({
  http: new VendorHttp('Veeam Backup Enterprise Manager', {
    backoffScale: 0,
    outbound: LAB_OUTBOUND,
    timeoutMs: 5_000,
  }),
  signal: new AbortController().signal,
  now: () => new Date(),
});
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

async function readAll(s: VendorStub, cursor: string | null) {
  const pages: SessionPage[] = [];
  for await (const page of veeamLegacyConnector.sessions(ctx(), settings(s.credentials()), cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? cursor };
}

const queries = (s: VendorStub, type: string) =>
  s.requests.filter(
    (r) => r.path.startsWith('/api/query') && new URL(r.path, 'http://x').searchParams.get('type') === type,
  );

describe('Veeam Backup Enterprise Manager connector', () => {
  it('logs on with Basic authentication, and refuses wrong credentials with the reason', async () => {
    stub = await startVeeamLegacyStub();
    await expect(veeamLegacyConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    expect(stub.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}$/, '{id}')}`)).toEqual([
      'POST /api/sessionMngr/?v=latest',
      'DELETE /api/logonSessions/{id}',
    ]);
    const refused = veeamLegacyConnector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(refused).rejects.toBeInstanceOf(VendorAuthError);
    await expect(veeamLegacyConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(
      stub.refusalText,
    );
  });

  it('lists the backup servers as customers across pages', async () => {
    stub = await startVeeamLegacyStub({ customers: 5, pageSize: 2 });
    const customers = [];
    for await (const c of veeamLegacyConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual(stub.customers());
    expect(queries(stub, 'BackupServer')).toHaveLength(3);
  });

  it('reads completed task sessions across pages, oldest first, with job and server', async () => {
    stub = await startVeeamLegacyStub({ customers: 2, devicesPerCustomer: 4, sessions: 23, pageSize: 6 });
    const { pages, sessions } = await readAll(stub, null);
    expect(sessions).toHaveLength(23);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(23);
    expect(pages).toHaveLength(4);
    expect(sessions.some((s) => s.device === 'busy-vm')).toBe(false);
    const ends = sessions.map((s) => s.endTime!.getTime());
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(sessions[0]).toMatchObject({
      customerId: stub.customers()[0]!.id,
      customerName: 'vbr01.tech.local',
      device: 'vbr01-vm001',
      backupType: 'VM',
    });
    expect(sessions[0]!.job).toMatch(/^Backup Job 1-\d$/);
    expect(sessions.filter((s) => s.status === 'Failure').every((s) => s.message?.includes('Cannot connect'))).toBe(
      true,
    );
    const taskQueries = queries(stub, 'BackupTaskSession');
    expect(taskQueries.map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3', '4']);
    expect(new URL(taskQueries[0]!.path, 'http://x').searchParams.get('filter')).toMatch(
      /^State==Completed;EndTime>"\d{4}-/,
    );
  });

  it('resumes from the cursor: a second read returns only sessions added after', async () => {
    stub = await startVeeamLegacyStub({ customers: 2, sessions: 12, pageSize: 5 });
    const first = await readAll(stub, null);
    expect(first.sessions).toHaveLength(12);
    const added = stub.addSessions(7, { status: 'Warning' });
    const second = await readAll(stub, first.cursor);
    expect(second.sessions.map((s) => s.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((s) => s.status === 'Warning')).toBe(true);
    expect((await readAll(stub, second.cursor)).sessions).toHaveLength(0);
  });

  it('retries a 429 answer after Retry-After', async () => {
    stub = await startVeeamLegacyStub({ customers: 2 });
    stub.failNext(2, 429);
    const customers = [];
    for await (const c of veeamLegacyConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toHaveLength(2);
    expect(queries(stub, 'BackupServer')).toHaveLength(3);
  });
});
