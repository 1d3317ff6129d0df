import { afterEach, describe, expect, it } from 'vitest';
import { LAB_OUTBOUND } from '../../../../../test/outbound.ts';
import { startVeeamStub } from '../../../../../test/vendor-stubs/veeam.ts';
import type { VendorStub } from '../../../../../test/vendor-stubs/types.ts';
import { VendorHttp } from '../../http.ts';
import { VendorAuthError, type SessionPage, type SourceSettings, type VendorContext } from '../types.ts';
import { veeamConnector } from './index.ts';

let stub: VendorStub | null = null;
afterEach(async () => {
  await stub?.close();
  stub = null;
});

const ctx = (): VendorContext => ({
  http: new VendorHttp('Veeam Service Provider Console', { backoffScale: 0, outbound: LAB_OUTBOUND, timeoutMs: 5_000 }),
  signal: new AbortController().signal,
  now: () => new Date(),
});
const settings = (credentials: Record<string, string>): SourceSettings => ({ credentials, region: null });

async function readAll(s: VendorStub, cursor: string | null) {
  const pages: SessionPage[] = [];
  for await (const page of veeamConnector.sessions(ctx(), settings(s.credentials()), cursor)) pages.push(page);
  return { pages, sessions: pages.flatMap((p) => p.sessions), cursor: pages.at(-1)?.cursor ?? cursor };
}

describe('Veeam Service Provider Console connector', () => {
  it('validates the API key, and refuses a wrong one with the console reason', async () => {
    stub = await startVeeamStub();
    await expect(veeamConnector.validate(ctx(), settings(stub.credentials()))).resolves.toBeUndefined();
    const refused = veeamConnector.validate(ctx(), settings(stub.wrongCredentials()));
    await expect(refused).rejects.toBeInstanceOf(VendorAuthError);
    await expect(veeamConnector.validate(ctx(), settings(stub.wrongCredentials()))).rejects.toThrow(stub.refusalText);
  });

  it('lists the companies as customers across pages', async () => {
    stub = await startVeeamStub({ customers: 7, pageSize: 3 });
    const customers = [];
    for await (const c of veeamConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toEqual(stub.customers());
    expect(stub.requests.filter((r) => r.path.startsWith('/api/v3/organizations/companies')).length).toBe(3);
  });

  it('reads finished sessions of all three job kinds across pages, oldest first, skipping running jobs', async () => {
    stub = await startVeeamStub({ customers: 2, devicesPerCustomer: 5, sessions: 40, pageSize: 7 });
    const { pages, sessions } = await readAll(stub, null);
    expect(sessions).toHaveLength(40);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(40);
    expect(pages.length).toBeGreaterThan(3);
    expect(new Set(sessions.map((s) => s.backupType))).toEqual(new Set(['VM', 'Image', 'Files', 'Microsoft 365']));
    expect(sessions.some((s) => s.job === 'Running agent backup')).toBe(false);
    expect(sessions.filter((s) => s.status === 'Failure').every((s) => s.message)).toBe(true);
    const agentTimes = sessions.filter((s) => s.sessionId.startsWith('agent:')).map((s) => s.endTime!.getTime());
    expect(agentTimes).toEqual([...agentTimes].sort((a, b) => a - b));
    expect(sessions.find((s) => s.sessionId.startsWith('agent:'))).toMatchObject({
      customerName: 'Customer 1',
      device: 'C1-PC002',
    });
    const agentPaths = stub.requests.filter((r) => r.path.startsWith('/api/v3/infrastructure/backupAgents/jobs'));
    expect(agentPaths.map((r) => new URL(r.path, 'http://x').searchParams.get('offset'))).toEqual([
      '0',
      '7',
      '14',
      '21',
      '28',
    ]);
  });

  it('resumes from the cursor: a second read returns only sessions added after', async () => {
    stub = await startVeeamStub({ customers: 2, devicesPerCustomer: 3, sessions: 20, pageSize: 6 });
    const first = await readAll(stub, null);
    expect(first.sessions).toHaveLength(20);
    const added = stub.addSessions(5, { status: 'Failure' });
    const second = await readAll(stub, first.cursor);
    expect(second.sessions.map((s) => s.sessionId).sort()).toEqual([...added].sort());
    expect(second.sessions.every((s) => s.status === 'Failure')).toBe(true);
    const third = await readAll(stub, second.cursor);
    expect(third.sessions).toHaveLength(0);
  });

  it('reads at most the last 7 days on a first sync', async () => {
    stub = await startVeeamStub({ sessions: 3 });
    await readAll(stub, null);
    const jobs = stub.requests.find((r) => r.path.startsWith('/api/v3/infrastructure/backupServers/jobs'))!;
    const filter = JSON.parse(new URL(jobs.path, 'http://x').searchParams.get('filter')!) as { value: string }[];
    const since = Date.parse(filter[0]!.value);
    expect(Date.now() - since).toBeGreaterThan(6.9 * 86_400_000);
    expect(Date.now() - since).toBeLessThan(7.1 * 86_400_000);
  });

  it('retries a 429 answer after Retry-After', async () => {
    stub = await startVeeamStub({ customers: 2 });
    stub.failNext(2, 429);
    const customers = [];
    for await (const c of veeamConnector.customers(ctx(), settings(stub.credentials()))) customers.push(c);
    expect(customers).toHaveLength(2);
    expect(stub.requests.length).toBe(3);
  });

  it('lists agents as devices and backup servers as appliances', async () => {
    stub = await startVeeamStub({ customers: 2, devicesPerCustomer: 2 });
    const assets = [];
    for await (const a of veeamConnector.assets!(ctx(), settings(stub.credentials()))) assets.push(a);
    expect(assets.filter((a) => a.kind === 'appliance').map((a) => a.name)).toEqual(['VBR-01', 'VBR-02']);
    expect(assets.filter((a) => a.kind === 'device').map((a) => a.name)).toEqual([
      'C1-PC001',
      'C1-PC002',
      'C2-PC001',
      'C2-PC002',
    ]);
    expect(assets.find((a) => a.kind === 'device')!.fields).toMatchObject({
      AgentVersion: '6.1.2.134',
      Platform: 'Windows',
    });
  });
});
