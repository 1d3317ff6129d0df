import { expect } from 'vitest';
import type { CrmOperation, TicketProfileInput } from '@vigil/contract';
import type { TestApp } from '../../../test/harness.ts';
import { connectWiseStubCredentials, type ConnectWiseStub } from '../../../test/psa-stubs/connectwise.ts';

/**
 * Ticketing test data made the way users make it: the PSA is linked and its companies synced
 * through the integration API against the ConnectWise stand-in; SMTP settings are stored rows
 * (the settings API insists on a live SMTP test first).
 */

type Call = Awaited<ReturnType<TestApp['as']>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function settle(call: Call, url: string, timeoutMs = 10_000): Promise<CrmOperation> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call('GET', url);
    expect(r.status).toBe(200);
    if (r.body.Status !== 'pending' || Date.now() > until) return r.body;
    await sleep(100);
  }
}

/** Links the admin's tenant to the stub and syncs its companies; answers the integration id. */
export async function linkConnectWise(t: TestApp, cw: ConnectWiseStub): Promise<number> {
  const admin = await t.as('admin');
  const created = await admin('POST', '/api/integration/crm/connectwise', {
    Name: 'ConnectWise',
    Credentials: connectWiseStubCredentials(cw.url),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.Id as number;
  const op = await admin('POST', `/api/integration/crm/${id}/companies/sync`);
  expect(op.status).toBe(200);
  expect((await settle(admin, `/api/integration/crm/${id}/operations/${op.body.QueryId}`)).Status).toBe('completed');
  return id;
}

/** The id of a synced PSA company by name. */
export async function psaCompanyId(t: TestApp, tenantId: number, name: string): Promise<number> {
  const r = await t.database.query<{ id: number }>(
    'SELECT id FROM companies WHERE tenant_id = $1 AND name = $2 AND type = 0',
    [tenantId, name],
  );
  expect(r.rows[0], name).toBeDefined();
  return r.rows[0].id;
}

export async function addEmailSettings(t: TestApp, tenantId: number, from = 'tickets@acme.test'): Promise<number> {
  const r = await t.database.query<{ id: number }>(
    `INSERT INTO email_settings (tenant_id, host, port, from_address, is_default)
     VALUES ($1, '127.0.0.1', 2599, $2, true) RETURNING id`,
    [tenantId, from],
  );
  return r.rows[0].id;
}

export function emailProfile(emailSettingsId: number, over: Partial<TicketProfileInput> = {}): TicketProfileInput {
  return {
    Name: 'Failures by e-mail',
    Type: 2,
    GroupBy: 0,
    CustomSubject: null,
    Recipients: ['noc@acme.test', 'lead@acme.test'],
    EmailSettingsId: emailSettingsId,
    IncludeCompanyName: true,
    IncludeFailureText: false,
    ...over,
  };
}

/** A ConnectWise profile on the stub's Service Desk board (statuses New 11, Closed 14). */
export function psaProfile(catchAllCompany: number, over: Partial<TicketProfileInput> = {}): TicketProfileInput {
  return {
    Name: 'Service desk tickets',
    Type: 1,
    GroupBy: 0,
    CustomSubject: null,
    CustomDescription: null,
    CatchAllCompany: catchAllCompany,
    DefaultCrmBoard: 'Service Desk',
    TicketPriority: 3,
    NewTicketStatusId: 11,
    ClosedTicketStatusId: 14,
    IgnoreTicketStatusIds: [13],
    TypeId: 21,
    SubTypeId: 31,
    ItemId: 41,
    SourceId: 6,
    ...over,
  };
}
