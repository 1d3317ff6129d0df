import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LAB_OUTBOUND } from '../../../../../test/outbound.ts';
import { startSolarwindsStub } from '../../../../../test/vendor-stubs/solarwinds.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { VendorHttp } from '../../http.ts';
import {
  type SessionPage,
  type SourceSettings,
  type VendorContext,
  type VendorRequest,
  VendorAuthError,
} from '../types.ts';
import { DEVICES_PER_PAGE, endpointOf } from './client.ts';
import { coveConnector } from './index.ts';

let stub: VendorStub;
afterEach(() => stub?.close());

const ctx = (): VendorContext => ({
  http: new VendorHttp('N-able Cove Data Protection', { backoffScale: 0, outbound: LAB_OUTBOUND, timeoutMs: 5_000 }),
  signal: new AbortController().signal,
  now: () => new Date(),
});
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: 'global' });

async function readAll(cursor: string | null) {
  const pages: SessionPage[] = [];
  for await (const page of coveConnector.sessions(ctx(), settings(stub.credentials()), cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? cursor };
}
const rpcCalls = () => stub.requests.filter((r) => r.method === 'POST' && r.path === '/jsonapi').length;

describe('Cove connector against the JSON-RPC management API', () => {
  it('uses the region address unless an API URL is set', () => {
    expect(endpointOf({ credentials: {}, region: 'global' })).toBe('https://api.backup.management/jsonapi');
    expect(endpointOf({ credentials: {}, region: null })).toBe('https://api.backup.management/jsonapi');
    expect(endpointOf({ credentials: { ApiUrl: 'http://127.0.0.1:9000' }, region: 'global' })).toBe(
      'http://127.0.0.1:9000/jsonapi',
    );
  });

  it('logs in with good credentials and refuses wrong ones with Cove’s reason', async () => {
    stub = await startSolarwindsStub();
    await expect(coveConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const refused = coveConnector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(refused).rejects.toBeInstanceOf(VendorAuthError);
    await expect(coveConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
  });

  it('lists the partner’s customers and their devices', async () => {
    stub = await startSolarwindsStub({ customers: 4, devicesPerCustomer: 3 });
    const customers = [];
    for await (const c of coveConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual(stub.customers());
    const assets = [];
    for await (const a of coveConnector.assets!(ctx(), settings(stub.credentials()))) assets.push(a);
    expect(assets).toHaveLength(12);
    expect(assets[0]).toMatchObject({ kind: 'device', customerId: stub.customers()[0]!.id, name: 'COVE-1-1' });
    expect(assets[0]!.fields).toMatchObject({ DeviceName: 'COVE-1-1', Company: 'Customer 1', Hostname: 'cove-1-1' });
  });

  it('reads every device page and files each data source’s last session once, oldest first', async () => {
    stub = await startSolarwindsStub({ customers: 3, devicesPerCustomer: 4, sessions: 30, pageSize: 5 });
    const { pages, sessions, cursor } = await readAll(null);
    expect(sessions).toHaveLength(30);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(30);
    expect(pages.length).toBe(3);
    for (const page of pages) {
      const times = page.sessions.map((s) => s.startTime!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    // Pages before the last keep the cursor the read started from.
    expect(pages.slice(0, -1).every((p) => p.cursor === null)).toBe(true);
    expect(Number(cursor)).toBe(Math.max(...sessions.map((s) => s.startTime!.getTime() / 1000)));
    expect(sessions.filter((s) => s.status === 'Failure').length).toBeGreaterThan(0);
    expect(sessions.filter((s) => s.status === 'Warning').length).toBeGreaterThan(0);
    expect(sessions[0]).toMatchObject({
      device: expect.stringMatching(/^COVE-/),
      customerName: expect.stringMatching(/^Customer /),
    });
  });

  it('a second read from the cursor returns only the sessions added since', async () => {
    stub = await startSolarwindsStub({ customers: 2, devicesPerCustomer: 2, sessions: 8 });
    const first = await readAll(null);
    expect(first.sessions).toHaveLength(8);
    const added = stub.addSessions(3, { status: 'Failure' });
    const second = await readAll(first.cursor);
    expect(second.sessions.map((s) => s.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((s) => s.status === 'Failure')).toBe(true);
    const third = await readAll(second.cursor);
    expect(third.sessions).toHaveLength(0);
  });

  it('never reads further back than seven days', async () => {
    stub = await startSolarwindsStub({ customers: 1, devicesPerCustomer: 2, sessions: 0 });
    stub.addSessions(1, { at: new Date(Date.now() - 8 * 24 * 3600_000) });
    stub.addSessions(1, { at: new Date(Date.now() - 3600_000) });
    const { sessions } = await readAll(null);
    expect(sessions).toHaveLength(1);
  });

  it('retries when Cove answers 429 or 500', async () => {
    stub = await startSolarwindsStub({ customers: 1, devicesPerCustomer: 2, sessions: 4 });
    await coveConnector.validate(ctx(), settings(stub.credentials()));
    const before = rpcCalls();
    stub.failNext(2, 429);
    const { sessions } = await readAll(null);
    expect(sessions).toHaveLength(4);
    // Login, two refused statistics calls, then the statistics pages.
    expect(rpcCalls() - before).toBeGreaterThanOrEqual(5);
    stub.failNext(1, 500);
    expect((await readAll(null)).sessions).toHaveLength(4);
  });

  it('serves a large estate in pages of its size', async () => {
    stub = await startSolarwindsStub({ customers: 20, devicesPerCustomer: 60, sessions: 3000 });
    const started = Date.now();
    const { pages, sessions } = await readAll(null);
    expect(sessions).toHaveLength(3000);
    expect(pages.length).toBe(Math.ceil(1200 / DEVICES_PER_PAGE));
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('Cove connector and sessions still running', () => {
  const fixture = (name: string): unknown =>
    JSON.parse(
      readFileSync(new URL(`../../../../../test/fixtures/vendors/solarwinds/${name}`, import.meta.url), 'utf8'),
    );

  it('files the finished sessions and holds the cursor before the earliest running one', async () => {
    let statistics = 0;
    const context: VendorContext = {
      http: {
        async send<T>(req: VendorRequest) {
          const method = (req.body as { method: string }).method;
          const data =
            method === 'Login'
              ? fixture('login.json')
              : statistics++ === 0
                ? fixture('enumerate-account-statistics.json')
                : { id: 'jsonrpc', jsonrpc: '2.0', result: { result: [] }, visa: 'next' };
          return { status: 200, headers: new Headers(), data: data as T };
        },
      },
      signal: new AbortController().signal,
      now: () => new Date(1_700_100_000_000),
    };
    const pages: SessionPage[] = [];
    for await (const page of coveConnector.sessions(context, { credentials: {}, region: 'global' }, null))
      pages.push(page);
    const sessions = pages.flatMap((p) => p.sessions);
    expect(sessions).toHaveLength(8);
    // 765432's System State session (status 1, In process) started at 1700010800.
    expect(pages.at(-1)!.cursor).toBe('1700010799');
  });
});
