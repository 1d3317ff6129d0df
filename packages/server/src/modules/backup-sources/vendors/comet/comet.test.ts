import { afterEach, describe, expect, it } from 'vitest';
import { startCometStub } from '../../../../../test/vendor-stubs/comet.ts';
import { LAB_OUTBOUND } from '../../../../../test/outbound.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { VendorHttp } from '../../http.ts';
import { VendorAuthError, type SessionPage, type SourceSettings, type VendorContext } from '../types.ts';
import { cometConnector } from './index.ts';

let stub: VendorStub;
afterEach(() => stub?.close());

const ctx = (): VendorContext => ({
  http: new VendorHttp('Comet Server', { backoffScale: 0, outbound: LAB_OUTBOUND, timeoutMs: 5_000 }),
  signal: new AbortController().signal,
  now: () => new Date(),
});
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

async function readAll(cursor: string | null) {
  const pages: SessionPage[] = [];
  for await (const page of cometConnector.sessions(ctx(), settings(stub.credentials()), cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? cursor };
}

describe('Comet connector against a Comet Server', () => {
  it('validates good credentials and refuses wrong ones with the server’s reason', async () => {
    stub = await startCometStub();
    await expect(cometConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const refused = cometConnector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(refused).rejects.toBeInstanceOf(VendorAuthError);
    await expect(cometConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
  });

  it('lists users as customers and their devices as assets', async () => {
    stub = await startCometStub({ customers: 4, devicesPerCustomer: 3 });
    const customers = [];
    for await (const c of cometConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual(stub.customers());
    const assets = [];
    for await (const a of cometConnector.assets!(ctx(), settings(stub.credentials()))) assets.push(a);
    expect(assets).toHaveLength(12);
    expect(assets[0]).toMatchObject({ kind: 'device', customerId: 'customer-0001', name: 'C1-PC01' });
  });

  it('reads two days of finished backups window by window, oldest first, skipping running jobs', async () => {
    stub = await startCometStub({ customers: 3, devicesPerCustomer: 2, sessions: 120 });
    const { pages, sessions } = await readAll(null);
    expect(sessions).toHaveLength(120);
    expect(pages.length).toBeGreaterThan(3);
    const ends = sessions.map((s) => s.endTime!.getTime());
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(['Success', 'Warning', 'Failure']));
    expect(sessions[0]).toMatchObject({
      customerId: expect.stringMatching(/^customer-/),
      backupType: expect.any(String),
    });
    // Seven days of history at most: 28 windows of six hours (one more for the partial window).
    const ranges = stub.requests.filter((r) => r.path === '/api/v1/admin/get-jobs-for-date-range');
    expect(ranges.length).toBeLessThanOrEqual(29);
  });

  it('resumes from its cursor and reads only backups that finished since', async () => {
    stub = await startCometStub({ sessions: 30 });
    const first = await readAll(null);
    expect(first.sessions).toHaveLength(30);
    const added = stub.addSessions(5, { status: 'Failure' });
    const second = await readAll(first.cursor);
    expect(second.sessions.map((s) => s.sessionId)).toEqual(added);
    expect(second.sessions.every((s) => s.status === 'Failure')).toBe(true);
    const third = await readAll(second.cursor);
    expect(third.sessions).toHaveLength(0);
  });

  it('reads no further back than seven days after a long pause', async () => {
    stub = await startCometStub({ sessions: 10 });
    const monthAgo = Math.floor(Date.now() / 1000) - 30 * 86_400;
    const { sessions } = await readAll(`${monthAgo}:`);
    expect(sessions).toHaveLength(10);
    const ranges = stub.requests.filter((r) => r.path === '/api/v1/admin/get-jobs-for-date-range');
    expect(ranges.length).toBeLessThanOrEqual(29);
  });

  it('retries a 429 and still reads every session', async () => {
    stub = await startCometStub({ sessions: 20 });
    stub.failNext(2, 429);
    const { sessions } = await readAll(null);
    expect(sessions).toHaveLength(20);
    // 29 windows over seven days, the first asked three times.
    expect(stub.requests.filter((r) => r.path === '/api/v1/admin/get-jobs-for-date-range')).toHaveLength(31);
  });
});
