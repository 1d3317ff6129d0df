import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LAB_OUTBOUND } from '../../../../../test/outbound.ts';
import { startCloudberryStub } from '../../../../../test/vendor-stubs/cloudberry.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { VendorHttp } from '../../http.ts';
import {
  type SessionPage,
  type SourceSettings,
  type VendorContext,
  type VendorRequest,
  VendorAuthError,
} from '../types.ts';
import { SESSIONS_PER_PAGE, msp360Connector } from './index.ts';

let stub: VendorStub;
afterEach(() => stub?.close());

const ctx = (): VendorContext => ({
  http: new VendorHttp('MSP360 Managed Backup', { backoffScale: 0, outbound: LAB_OUTBOUND, timeoutMs: 5_000 }),
  signal: new AbortController().signal,
  now: () => new Date(),
});
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

async function readAll(cursor: string | null) {
  const pages: SessionPage[] = [];
  for await (const page of msp360Connector.sessions(ctx(), settings(stub.credentials()), cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? cursor };
}
const calls = (path: RegExp) => stub.requests.filter((r) => path.test(r.path)).length;

describe('MSP360 connector against the Managed Backup API', () => {
  it('logs in with good credentials and refuses wrong ones with MSP360’s reason', async () => {
    stub = await startCloudberryStub();
    await expect(msp360Connector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const refused = msp360Connector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(refused).rejects.toBeInstanceOf(VendorAuthError);
    await expect(msp360Connector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
  });

  it('lists companies as customers and computers as devices, page by page', async () => {
    stub = await startCloudberryStub({ customers: 4, devicesPerCustomer: 3, pageSize: 5 });
    const customers = [];
    for await (const c of msp360Connector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual(stub.customers());
    const assets = [];
    for await (const a of msp360Connector.assets!(ctx(), settings(stub.credentials()))) assets.push(a);
    expect(assets).toHaveLength(12);
    expect(calls(/^\/api\/Computers\//)).toBe(3);
    expect(assets[0]).toMatchObject({ kind: 'device', customerId: stub.customers()[0]!.id, name: 'MSP-1-PC01' });
    expect(assets[0]!.fields).toMatchObject({
      Hostname: 'MSP-1-PC01',
      Company: 'Company 1',
      Platform: 'windows',
      AgentVersion: '7.9.4.83',
    });
  });

  it('hands on the latest run of every plan, oldest first, in pages whose cursor is their last start', async () => {
    stub = await startCloudberryStub({ customers: 3, devicesPerCustomer: 4, sessions: 600 });
    const { pages, sessions, cursor } = await readAll(null);
    expect(sessions).toHaveLength(600);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(600);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(600 / SESSIONS_PER_PAGE));
    const starts = sessions.map((s) => s.startTime!.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const page of pages) expect(page.cursor).toBe(page.sessions.at(-1)!.startTime!.toISOString());
    expect(cursor).toBe(sessions.at(-1)!.startTime!.toISOString());
    expect(sessions.filter((s) => s.status === 'Failure')[0]).toMatchObject({
      message: 'Access to the destination was denied',
    });
    expect(sessions.filter((s) => s.status === 'Warning')[0]).toMatchObject({ message: '2 files failed to back up' });
    expect(sessions[0]).toMatchObject({
      customerId: expect.any(String),
      customerName: expect.stringMatching(/^Company /),
    });
  });

  it('a second read from the cursor returns only the runs added since', async () => {
    stub = await startCloudberryStub({ customers: 2, devicesPerCustomer: 2, sessions: 8 });
    const first = await readAll(null);
    expect(first.sessions).toHaveLength(8);
    const added = stub.addSessions(3, { status: 'Warning' });
    const second = await readAll(first.cursor);
    expect(second.sessions.map((s) => s.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((s) => s.status === 'Warning')).toBe(true);
    const third = await readAll(second.cursor);
    expect(third.sessions).toHaveLength(0);
    expect(third.cursor).toBe(second.cursor);
  });

  it('never reads further back than seven days', async () => {
    stub = await startCloudberryStub({ customers: 1, devicesPerCustomer: 1, sessions: 0 });
    stub.addSessions(1, { at: new Date(Date.now() - 8 * 24 * 3600_000) });
    stub.addSessions(1, { at: new Date(Date.now() - 3600_000) });
    expect((await readAll(null)).sessions).toHaveLength(1);
  });

  it('retries when MSP360 answers 429 or 500', async () => {
    stub = await startCloudberryStub({ customers: 1, devicesPerCustomer: 2, sessions: 4 });
    stub.failNext(2, 429);
    expect((await readAll(null)).sessions).toHaveLength(4);
    stub.failNext(1, 500);
    expect((await readAll(null)).sessions).toHaveLength(4);
    expect(calls(/^\/api\/Monitoring$/)).toBe(2);
    // Companies: two 429s then an answer, one 500 then an answer.
    expect(calls(/^\/api\/Companies$/)).toBe(5);
  });

  it('serves a large estate quickly', async () => {
    stub = await startCloudberryStub({ customers: 100, devicesPerCustomer: 20, sessions: 10_000 });
    const started = Date.now();
    const { sessions } = await readAll(null);
    expect(sessions).toHaveLength(10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('MSP360 connector and runs still going', () => {
  const fixture = (name: string): unknown =>
    JSON.parse(
      readFileSync(new URL(`../../../../../test/fixtures/vendors/cloudberry/${name}`, import.meta.url), 'utf8'),
    );

  it('files the finished runs and holds the cursor before the earliest running one', async () => {
    const context: VendorContext = {
      http: {
        async send<T>(req: VendorRequest) {
          const path = new URL(req.url).pathname;
          const data = path.endsWith('/Login')
            ? fixture('login.json')
            : path.endsWith('/Companies')
              ? fixture('companies.json')
              : fixture('monitoring.json');
          return { status: 200, headers: new Headers(), data: data as T };
        },
      },
      signal: new AbortController().signal,
      now: () => new Date('2018-05-12T00:00:00Z'),
    };
    const pages: SessionPage[] = [];
    for await (const page of msp360Connector.sessions(context, { credentials: {}, region: null }, null))
      pages.push(page);
    const sessions = pages.flatMap((p) => p.sessions);
    expect(sessions.map((s) => s.job)).toEqual([
      'SQL Server backup',
      'Anakonda backup',
      'Backup plan on DESKTOP',
      'Image based backup',
      'Files backup 2',
      'Files backup 3',
    ]);
    // "Files backup" on CONTOSO-WS07 is running since 17:00.
    expect(pages.at(-1)!.cursor).toBe('2018-05-11T16:59:59.999Z');
  });
});
