import { stableNumericId } from './ids.ts';
import { CrmType } from '@vigil/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SN_STUB_PASSWORD,
  SN_STUB_USER,
  serviceNowStubCredentials,
  snSysId,
  startServiceNowStub,
  type ServiceNowStub,
} from '../../../../test/psa-stubs/servicenow.ts';
import { ServiceNowClient, nextLink } from './servicenow.ts';
import { PsaError, type PsaExchange } from './types.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { LAB_OUTBOUND } from '../../../../test/outbound.ts';

const northwind = snSysId('company:Northwind Traders');
const abel = snSysId('user:Abel Tuter');
const backupOps = snSysId('group:Backup Operations');

const ticket = psaTicketInput({
  companyId: northwind,
  summary: 'Backup failed: NWT-SQL01',
  description: 'The nightly job failed two days in a row.',
});

describe('ServiceNowClient', () => {
  let stub: ServiceNowStub;
  let client: ServiceNowClient;
  let exchanges: PsaExchange[];
  const basic = 'Basic ' + Buffer.from(`${SN_STUB_USER}:${SN_STUB_PASSWORD}`).toString('base64');

  beforeEach(async () => {
    stub = await startServiceNowStub();
    exchanges = [];
    client = new ServiceNowClient(serviceNowStubCredentials(stub.url), {
      outbound: LAB_OUTBOUND,
      backoffScale: 0,
      record: (e) => exchanges.push(e),
    });
  });
  afterEach(() => stub.close());

  it('validates with one basic-auth Table API call', async () => {
    await client.validate();
    expect(client.type).toBe(CrmType.ServiceNow);
    expect(stub.requests).toHaveLength(1);
    const [req] = stub.requests;
    expect(req.path).toBe('/api/now/table/core_company');
    expect(req.headers.authorization).toBe(basic);
    expect(req.query.get('sysparm_limit')).toBe('1');
    expect(JSON.stringify(exchanges)).not.toContain(SN_STUB_PASSWORD);
  });

  it("refuses a wrong password with ServiceNow's message", async () => {
    const bad = new ServiceNowClient(
      { ...serviceNowStubCredentials(stub.url), Password: 'wrong' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    const err = await bad.validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).message).toBe(
      'The PSA refused the credentials: User Not Authenticated: Required to provide Auth information',
    );
    expect((err as PsaError).status).toBe(401);
    expect((err as PsaError).retryable).toBe(false);
  });

  it('lists every company by following the Link header on its own instance', async () => {
    const companies = await client.listCompanies();
    const pages = stub.requests.filter((r) => r.path === '/api/now/table/core_company');
    expect(pages.map((r) => [r.query.get('sysparm_offset'), r.query.get('sysparm_limit')])).toEqual([
      ['0', '100'],
      ['100', '100'],
    ]);
    // The next link names the public host; the client stays on the configured URL with its query.
    expect(pages[1].query.get('sysparm_fields')).toBe('sys_id,name,customer,vendor,manufacturer');
    expect(pages[1].query.get('sysparm_query')).toBe('ORDERBYname');
    expect(pages.every((r) => r.headers.authorization === basic)).toBe(true);
    expect(companies).toHaveLength(stub.state.companies.length);
    expect(companies.find((c) => c.Name === 'Contoso Dental')).toEqual({
      Id: snSysId('company:Contoso Dental'),
      Name: 'Contoso Dental',
      Identifier: null,
      TypeIds: ['customer', 'vendor'],
      StatusId: null,
      IsActive: true,
    });
    expect(companies.find((c) => c.Name === 'Internal IT')?.TypeIds).toEqual([]);
  });

  it('stops listing when the signal is aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(client.listCompanies(ctl.signal)).rejects.toThrow();
    expect(stub.requests).toHaveLength(0);
  });

  it('reads the Link header', () => {
    const h =
      '<https://x.service-now.com/api/now/table/a?sysparm_offset=0>;rel="first",<https://x.service-now.com/api/now/table/a?sysparm_offset=10>;rel="next"';
    expect(nextLink(h)).toBe('https://x.service-now.com/api/now/table/a?sysparm_offset=10');
    expect(nextLink('<https://x/a>;rel="last"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it('gives the company flags as filter types and no statuses', async () => {
    expect(await client.filterOptions('types')).toEqual([
      { Id: 'customer', Name: 'Customer' },
      { Id: 'vendor', Name: 'Vendor' },
      { Id: 'manufacturer', Name: 'Manufacturer' },
    ]);
    expect(await client.filterOptions('statuses')).toEqual([]);
  });

  it('answers the choice lists from sys_choice', async () => {
    const states = await client.lookup('board-statuses', '0');
    expect(states).toEqual([
      { Id: '1', Name: 'New', IsClosed: false },
      { Id: '2', Name: 'In Progress', IsClosed: false },
      { Id: '3', Name: 'On Hold', IsClosed: false },
      { Id: '6', Name: 'Resolved', IsClosed: true },
      { Id: '7', Name: 'Closed', IsClosed: true },
      { Id: '8', Name: 'Canceled', IsClosed: true },
    ]);
    const stateReq = stub.requests.at(-1);
    expect(stateReq?.path).toBe('/api/now/table/sys_choice');
    expect(stateReq?.query.get('sysparm_query')).toBe(
      'name=incident^element=state^inactive=false^language=en^ORDERBYsequence',
    );

    expect((await client.lookup('categories'))?.map((c) => c.Id)).toEqual([
      'inquiry',
      'software',
      'hardware',
      'database',
    ]);
    expect(await client.lookup('subcategories', 'database')).toEqual([
      { Id: 'db2', Name: 'DB2' },
      { Id: 'mssql', Name: 'MS SQL Server' },
    ]);
    expect(stub.requests.at(-1)?.query.get('sysparm_query')).toContain('^dependent_value=database^');
    expect(await client.lookup('urgencies')).toEqual([
      { Id: '1', Name: '1 - High' },
      { Id: '2', Name: '2 - Medium' },
      { Id: '3', Name: '3 - Low' },
    ]);
    expect((await client.lookup('impacts'))?.map((i) => i.Id)).toEqual(['1', '2', '3']);
    // Contact types are text; profiles hold numbers, so each gets a stable number.
    const sources = await client.lookup('sources');
    expect(sources?.map((s) => s.Name)).toEqual(['Email', 'Phone', 'Self-service', 'Monitoring']);
    expect(sources?.map((s) => s.Id)).toEqual(
      ['email', 'phone', 'self-service', 'monitoring'].map((v) => stableNumericId(v)),
    );
    expect(sources?.every((s) => /^\d+$/.test(s.Id))).toBe(true);
  });

  it('derives priorities from urgency and impact', async () => {
    expect(await client.lookup('priorities')).toEqual([
      { Id: '1', Name: '1 - Critical', Urgency: '1', Impact: '1' },
      { Id: '2', Name: '2 - High', Urgency: '2', Impact: '1' },
      { Id: '3', Name: '3 - Moderate', Urgency: '3', Impact: '1' },
      { Id: '4', Name: '4 - Low', Urgency: '3', Impact: '2' },
      { Id: '5', Name: '5 - Planning', Urgency: '3', Impact: '3' },
    ]);
  });

  it('lists active groups, and the active callers of a company', async () => {
    expect(await client.lookup('groups')).toEqual([
      { Id: backupOps, Name: 'Backup Operations' },
      { Id: snSysId('group:Service Desk'), Name: 'Service Desk' },
    ]);
    expect(await client.lookup('callers', northwind)).toEqual([
      { Id: abel, Name: 'Abel Tuter (abel.tuter@example.com)' },
      { Id: snSysId('user:Beth Anglin'), Name: 'Beth Anglin (beth.anglin@example.com)' },
    ]);
    const req = stub.requests.at(-1);
    expect(req?.path).toBe('/api/now/table/sys_user');
    expect(req?.query.get('sysparm_query')).toBe(`company=${northwind}^active=true^ORDERBYname`);
    // Not a sys_id: nothing to ask.
    const before = stub.requests.length;
    expect(await client.lookup('callers', 'x^active=false')).toEqual([]);
    expect(stub.requests).toHaveLength(before);
  });

  it('has no boards, board types, ticket types or note types', async () => {
    for (const name of [
      'service-boards',
      'board-types',
      'board-subtypes',
      'board-items',
      'ticket-categories',
      'ticket-types',
      'note-types',
    ] as const) {
      expect(await client.lookup(name, '0')).toBeNull();
    }
    expect(stub.requests).toHaveLength(0);
  });

  it('creates an incident with the profile fields, urgency and impact from the priority', async () => {
    const ref = await client.createTicket({
      ...ticket,
      priorityId: '2',
      statusId: '1',
      category: 'database',
      subcategory: 'mssql',
      groupId: backupOps,
      callerId: abel,
      sourceId: stableNumericId('monitoring'),
      boardId: '7', // no boards in ServiceNow: ignored
    });
    const post = stub.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/now/table/incident');
    expect(post?.body).toEqual({
      short_description: 'Backup failed: NWT-SQL01',
      description: 'The nightly job failed two days in a row.',
      company: northwind,
      caller_id: abel,
      category: 'database',
      subcategory: 'mssql',
      urgency: '2',
      impact: '1',
      assignment_group: backupOps,
      contact_type: 'monitoring',
      state: '1',
    });
    const saved = stub.state.incidents[0];
    expect(saved).toMatchObject({ priority: '2', company: northwind, assignment_group: backupOps, state: '1' });
    expect(ref).toEqual({
      id: saved.sys_id,
      number: saved.number,
      url: `${stub.url}/nav_to.do?uri=${encodeURIComponent(`incident.do?sys_id=${saved.sys_id}`)}`,
    });
    expect(ref.number).toMatch(/^INC\d+$/);
  });

  it('keeps explicit urgency and impact over the priority', async () => {
    await client.createTicket({ ...ticket, priorityId: '1', urgency: '3', impact: '2' });
    expect(stub.state.incidents[0]).toMatchObject({ urgency: '3', impact: '2', priority: '4' });
  });

  it('writes work notes for internal notes and comments for public ones', async () => {
    const { id } = await client.createTicket(ticket);
    await client.addNote(id, 'Still failing today.', false);
    await client.addNote(id, 'We are looking into it.', true);
    const patches = stub.requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.path, r.body])).toEqual([
      [`/api/now/table/incident/${id}`, { work_notes: 'Still failing today.' }],
      [`/api/now/table/incident/${id}`, { comments: 'We are looking into it.' }],
    ]);
    expect(stub.state.journal.map((j) => [j.element, j.value])).toEqual([
      ['work_notes', 'Still failing today.'],
      ['comments', 'We are looking into it.'],
    ]);
  });

  it("resolves with the instance's close code and notes, and reads the incident back", async () => {
    const { id, number } = await client.createTicket(ticket);
    await client.setStatus(id, '6', 'The backup succeeded again.', false);
    const patch = stub.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({
      state: '6',
      close_code: 'Solution provided',
      close_notes: 'The backup succeeded again.',
      work_notes: 'The backup succeeded again.',
    });
    expect(stub.state.stateHistory[id]).toEqual(['1', '6']);

    const t = await client.getTicket(id);
    expect(t).toMatchObject({
      id,
      number,
      summary: 'Backup failed: NWT-SQL01',
      statusId: '6',
      statusName: 'Resolved',
      closed: true,
      companyId: northwind,
      companyName: 'Northwind Traders',
    });
    expect(t?.createdAt).toMatch(/^2026-03-02 /);
    expect(t?.notes).toEqual([{ at: expect.any(String), text: 'The backup succeeded again.', author: SN_STUB_USER }]);
    const journalReq = stub.requests.find((r) => r.path === '/api/now/table/sys_journal_field');
    expect(journalReq?.query.get('sysparm_query')).toBe(
      `element_id=${id}^name=incident^elementINwork_notes,comments^ORDERBYsys_created_on`,
    );
  });

  it('reads an incident without notes when the journal is closed to the integration user', async () => {
    const { id } = await client.createTicket(ticket);
    await client.addNote(id, 'Hidden by ACL', false);
    stub.failNext('/api/now/table/sys_journal_field', {
      status: 403,
      body: { error: { message: 'Operation Failed', detail: 'ACL Exception Read Failed' }, status: 'failure' },
    });
    const t = await client.getTicket(id);
    expect(t?.id).toBe(id);
    expect(t?.notes).toEqual([]);
  });

  it('moves between open states without a close code', async () => {
    const { id } = await client.createTicket(ticket);
    await client.setStatus(id, '2', null, false);
    expect(stub.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ state: '2' });
    expect((await client.getTicket(id))?.closed).toBe(false);
  });

  it('finds an incident by its number as well as its sys_id', async () => {
    const { id, number } = await client.createTicket(ticket);
    expect((await client.getTicket(number.toLowerCase()))?.id).toBe(id);
    expect(await client.getTicket('INC9999999')).toBeNull();
    expect(await client.getTicket('0123456789abcdef0123456789abcdef')).toBeNull();
    expect(await client.getTicket('not an id')).toBeNull();
  });

  it('retries a 429 after Retry-After and succeeds', async () => {
    stub.failNext('/api/now/table/sys_user_group', {
      status: 429,
      body: { error: { message: 'Rate limit exceeded', detail: null }, status: 'failure' },
      headers: { 'Retry-After': '3', 'X-RateLimit-Limit': '100' },
    });
    expect(await client.lookup('groups')).toHaveLength(2);
    expect(stub.requests.filter((r) => r.path === '/api/now/table/sys_user_group')).toHaveLength(2);
  });

  it('gives up on a lasting 500 with a retryable PsaError', async () => {
    stub.failNext(
      '/api/now/table/incident',
      { status: 500, body: { error: { message: 'Internal error' }, status: 'failure' } },
      10,
    );
    const err = await client.createTicket(ticket).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).status).toBe(500);
    expect((err as PsaError).retryable).toBe(true);
    expect((err as PsaError).message).toBe('Internal error');
    expect(stub.requests.filter((r) => r.path === '/api/now/table/incident')).toHaveLength(4);
  });

  it('shows what the stub holds to a test in another process', async () => {
    const { id } = await client.createTicket(ticket);
    const res = await fetch(`${stub.url}/__stub/state`);
    const body = (await res.json()) as { incidents: { sys_id: string; company: string }[] };
    expect(body.incidents.map((i) => [i.sys_id, i.company])).toEqual([[id, northwind]]);
  });

  it("passes ServiceNow's 400 message through and writes nothing", async () => {
    const err = await client.createTicket({ ...ticket, category: 'no-such-category' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).status).toBe(400);
    expect((err as PsaError).message).toBe('Invalid choice: Invalid value for field: category (no-such-category)');
    expect((err as PsaError).retryable).toBe(false);
    expect(stub.state.incidents).toHaveLength(0);
  });
});
