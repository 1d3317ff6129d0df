import { afterEach, describe, expect, it } from 'vitest';
import { startAcronisStub } from '../../../../../test/vendor-stubs/acronis.ts';
import { LAB_OUTBOUND } from '../../../../../test/outbound.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { VendorHttp } from '../../http.ts';
import { VendorAuthError, type SessionPage, type SourceSettings, type VendorContext } from '../types.ts';
import { acronisConnector } from './index.ts';

let stub: VendorStub;
afterEach(() => stub?.close());

const ctx = (): VendorContext => ({
  http: new VendorHttp('Acronis', { backoffScale: 0, outbound: LAB_OUTBOUND, timeoutMs: 5_000 }),
  signal: new AbortController().signal,
  now: () => new Date(),
});
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

async function readAll(cursor: string | null) {
  const pages: SessionPage[] = [];
  for await (const page of acronisConnector.sessions(ctx(), settings(stub.credentials()), cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? cursor };
}
const taskCalls = () => stub.requests.filter((r) => r.path.startsWith('/api/task_manager/v2/tasks'));

describe('Acronis connector against a data center', () => {
  it('validates good credentials and refuses wrong ones with the reason Acronis gives', async () => {
    stub = await startAcronisStub();
    await expect(acronisConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    await expect(acronisConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toBeInstanceOf(
      VendorAuthError,
    );
    await expect(acronisConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
  });

  it('lists the customer tenants under the API client’s tenant, inside folders too', async () => {
    stub = await startAcronisStub({ customers: 7, devicesPerCustomer: 2 });
    const customers = [];
    for await (const c of acronisConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(customers.sort(byId)).toEqual(stub.customers().sort(byId));
  });

  it('lists machines as devices across pages', async () => {
    stub = await startAcronisStub({ customers: 5, devicesPerCustomer: 5, pageSize: 10 });
    const assets = [];
    for await (const a of acronisConnector.assets!(ctx(), settings(stub.credentials()))) assets.push(a);
    expect(assets).toHaveLength(25);
    expect(new Set(assets.map((a) => a.externalId)).size).toBe(25);
    expect(stub.requests.filter((r) => r.path.startsWith('/api/resource_management/v4/resources'))).toHaveLength(3);
  });

  it('reads completed backups page by page, oldest first, skipping running tasks and other task types', async () => {
    stub = await startAcronisStub({ customers: 3, devicesPerCustomer: 2, sessions: 120, pageSize: 25 });
    const { pages, sessions } = await readAll(null);
    expect(sessions).toHaveLength(120);
    expect(pages).toHaveLength(5);
    const ends = sessions.map((s) => s.endTime!.getTime());
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(new Set(sessions.map((s) => s.status))).toEqual(new Set(['Success', 'Warning', 'Failure']));
    expect(sessions.find((s) => s.status === 'Failure')!.message).toBe('Failed to read data from the disk.');
    const customerIds = new Set(stub.customers().map((c) => c.id));
    expect(sessions.every((s) => customerIds.has(s.customerId!))).toBe(true);
    // The first read asks for at most seven days; later pages carry only the page token.
    const first = new URL(taskCalls()[0]!.path, stub.url).searchParams;
    const since = /^gt\((.+)\)$/.exec(first.get('completedAt')!)![1]!;
    expect(Date.now() - Date.parse(since)).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);
    expect(first.get('state')).toBe('completed');
    expect(new URL(taskCalls()[1]!.path, stub.url).searchParams.get('completedAt')).toBeNull();
  });

  it('resumes from its cursor and reads only backups that completed since', async () => {
    stub = await startAcronisStub({ sessions: 30 });
    const first = await readAll(null);
    expect(first.sessions).toHaveLength(30);
    const added = stub.addSessions(5, { status: 'Warning' });
    const second = await readAll(first.cursor);
    expect(second.sessions.map((s) => s.sessionId)).toEqual(added);
    expect(second.sessions.every((s) => s.status === 'Warning')).toBe(true);
    const third = await readAll(second.cursor);
    expect(third.sessions).toHaveLength(0);
    expect(third.cursor).toBe(second.cursor);
  });

  it('retries a 429 and still reads every session', async () => {
    stub = await startAcronisStub({ sessions: 20 });
    stub.failNext(2, 429);
    const { sessions } = await readAll(null);
    expect(sessions).toHaveLength(20);
    expect(taskCalls().length).toBe(3);
  });
});
