import { afterAll, beforeAll, expect } from 'vitest';
import { type CrmOperation } from '@vigil/contract';
import { testApp, type TestApp } from '../../../test/harness.ts';
import {
  connectWiseStubCredentials,
  startConnectWiseStub,
  type ConnectWiseStub,
} from '../../../test/psa-stubs/connectwise.ts';
import { homeTenantId } from '../audit/test-data.ts';

/** Integrations → PSA against a ConnectWise Manage stand-in. */

export let t: TestApp;
export let cw: ConnectWiseStub;
export let homeId: number;
export let otherId: number;
export const base = '/api/integration/crm';

export type Call = Awaited<ReturnType<TestApp['as']>>;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls an operation until it is no longer pending. */
export async function settle(call: Call, url: string, timeoutMs = 10_000): Promise<CrmOperation> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call('GET', url);
    expect(r.status).toBe(200);
    if (r.body.Status !== 'pending' || Date.now() > until) return r.body;
    await sleep(100);
  }
}

export async function companies(): Promise<Record<string, { Id: number; Type: number; PsaId: string | null }>> {
  const r = await (await t.as('admin'))('POST', '/api/company/list', { Page: 1, Size: 1000 });
  expect(r.status).toBe(200);
  return Object.fromEntries(
    r.body.data.map((c: { Id: number; Name: string; Type: number; PsaId: string | null }) => [
      c.Name,
      { Id: c.Id, Type: c.Type, PsaId: c.PsaId },
    ]),
  );
}

export async function integrationRows(tenantId: number) {
  const r = await t.database.query<{ id: number; settings: Record<string, unknown>; secrets: string }>(
    'SELECT id, settings, secrets FROM crm_integrations WHERE tenant_id = $1',
    [tenantId],
  );
  return r.rows;
}

/**
 * Links the ConnectWise stand-in and syncs companies the way the first half of the suite leaves
 * them (integrations.api.test.ts): key rotated, customers and prospects of active status synced,
 * Acme renamed, Initech detached, AutoSync and DetachMissing on. Returns the integration id.
 */
export async function linkAndSyncCompanies(): Promise<number> {
  const admin = await t.as('admin');
  const created = await admin('POST', `${base}/connectwise`, {
    Name: 'Manage',
    Credentials: connectWiseStubCredentials(cw.url),
  });
  expect(created.status).toBe(200);
  const id: number = created.body.Id;
  cw.state.privateKey = 'cw-rotated-key';
  const rotated = await admin('PUT', `${base}/connectwise/${id}`, {
    Credentials: { ...connectWiseStubCredentials(cw.url), PrivateKey: 'cw-rotated-key' },
  });
  expect(rotated.status).toBe(200);
  const sync = async (filters: { Types: string[]; Statuses: string[] }) => {
    await admin('POST', `${base}/${id}/filters`, {
      ...filters,
      SyncCompaniesWithoutType: false,
      SyncCompaniesWithoutStatus: false,
    });
    const op = await admin('POST', `${base}/${id}/companies/sync`);
    expect((await settle(admin, `${base}/${id}/operations/${op.body.QueryId}`)).Status).toBe('completed');
  };
  await admin('PATCH', `${base}/${id}/filters/properties`, { AutoSync: true });
  await admin('POST', '/api/company/create', 'globex INC');
  await sync({ Types: ['1'], Statuses: ['1', '3'] });
  cw.state.companies.find((c) => c.id === 250)!.name = 'Acme Corp';
  await admin('PATCH', `${base}/${id}/filters/properties`, { DetachMissing: true });
  await sync({ Types: ['1', '2'], Statuses: ['1'] });
  return id;
}

/** The app, tenants and data every part of this suite starts from: call once at the top of a test file. */
export function setUpIntegrationsSuite(): void {
  beforeAll(async () => {
    t = await testApp();
    cw = await startConnectWiseStub();
    homeId = await homeTenantId(t);
    otherId = await homeTenantId(t, 'other');
  });
  afterAll(async () => {
    await t.close();
    await cw.close();
  });
}
