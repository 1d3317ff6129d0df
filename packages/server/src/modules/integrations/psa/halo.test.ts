import { CrmType } from '@vigil/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startHaloStub,
  haloStubCredentials,
  HALO_STUB_CLIENT_ID,
  HALO_STUB_SECRET,
  type HaloStub,
} from '../../../../test/psa-stubs/halo.ts';
import { HaloClient } from './halo.ts';
import { PsaError, type PsaExchange } from './types.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { LAB_OUTBOUND } from '../../../../test/outbound.ts';

const blankTicket = psaTicketInput({
  companyId: '12',
  summary: 'Backup failed: NWT-SQL01',
  description: 'The nightly job failed two days in a row.',
});

describe('HaloClient (HaloPSA)', () => {
  let stub: HaloStub;
  let client: HaloClient;
  let exchanges: PsaExchange[];
  beforeEach(async () => {
    stub = await startHaloStub({ kind: 'psa' });
    exchanges = [];
    client = new HaloClient(CrmType.HaloPsa, haloStubCredentials(stub.url), {
      outbound: LAB_OUTBOUND,
      backoffScale: 0,
      record: (e) => exchanges.push(e),
    });
  });
  afterEach(() => stub.close());

  const apiCalls = () => stub.requests.filter((r) => r.path.startsWith('/api/'));

  it('validates: a client-credentials token for the tenant, then one bearer call', async () => {
    await client.validate();
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/token', 'GET /api/Agent/me']);
    const [tokenReq, me] = stub.requests;
    expect(tokenReq.query.get('tenant')).toBe('acme');
    expect(tokenReq.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenReq.body).toEqual({
      grant_type: 'client_credentials',
      client_id: HALO_STUB_CLIENT_ID,
      client_secret: HALO_STUB_SECRET,
      scope: 'all',
    });
    expect(me.headers.authorization).toBe(`Bearer ${stub.state.tokens[0]}`);
    // The secret never reaches the recorded exchanges.
    expect(JSON.stringify(exchanges)).not.toContain(HALO_STUB_SECRET);
  });

  it('refuses a wrong secret with the authorisation server message', async () => {
    const bad = new HaloClient(
      CrmType.HaloPsa,
      { ...haloStubCredentials(stub.url), ClientSecret: 'nope' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    const err = await bad.validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).message).toBe('The PSA refused the credentials: invalid_client');
    expect((err as PsaError).retryable).toBe(false);
    expect(apiCalls()).toHaveLength(0);
  });

  it('uses an explicit authorisation server URL instead of {Url}/auth', async () => {
    const c = new HaloClient(
      CrmType.HaloPsa,
      { ...haloStubCredentials(stub.url), AuthUrl: `${stub.url}/auth/` },
      { outbound: LAB_OUTBOUND },
    );
    await c.validate();
    expect(stub.requests[0].path).toBe('/auth/token');
    const wrong = new HaloClient(
      CrmType.HaloPsa,
      { ...haloStubCredentials(stub.url), AuthUrl: `${stub.url}/identity` },
      { outbound: LAB_OUTBOUND },
    );
    await expect(wrong.validate()).rejects.toThrow(`No HaloPSA authorisation server at ${stub.url}/identity/token`);
  });

  it('reuses the token, and fetches a new one once when the API answers 401', async () => {
    await client.lookup('service-boards');
    await client.lookup('ticket-types');
    expect(stub.requests.filter((r) => r.path === '/auth/token')).toHaveLength(1);
    stub.state.tokens.length = 0; // the instance forgot every token
    const types = await client.lookup('ticket-types');
    expect(types?.length).toBe(3);
    expect(stub.requests.filter((r) => r.path === '/auth/token')).toHaveLength(2);
  });

  it('lists every client across pages, inactive ones included', async () => {
    const companies = await client.listCompanies();
    const pages = stub.requests.filter((r) => r.path === '/api/Client');
    expect(pages.map((r) => [r.query.get('pageinate'), r.query.get('page_size'), r.query.get('page_no')])).toEqual([
      ['true', '100', '1'],
      ['true', '100', '2'],
    ]);
    expect(pages.every((r) => r.query.get('includeinactive') === 'true')).toBe(true);
    expect(companies).toHaveLength(stub.state.clients.length);
    expect(companies.find((c) => c.Name === 'Contoso Dental')).toEqual({
      Id: '13',
      Name: 'Contoso Dental',
      Identifier: 'CONDEN',
      TypeIds: ['1', '2'],
      StatusId: 'active',
      IsActive: true,
    });
    expect(companies.find((c) => c.Id === '14')).toMatchObject({
      StatusId: 'inactive',
      IsActive: false,
      Identifier: null,
    });
  });

  it('stops listing when the signal is aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(client.listCompanies(ctl.signal)).rejects.toThrow();
    expect(apiCalls()).toHaveLength(0);
  });

  it('gives company filter options: relationships as types, active/inactive as statuses', async () => {
    expect(await client.filterOptions('types')).toEqual([
      { Id: '2', Name: 'Break/Fix' },
      { Id: '1', Name: 'Managed Services' },
      { Id: '3', Name: 'Prospect' },
    ]);
    expect(await client.filterOptions('statuses')).toEqual([
      { Id: 'active', Name: 'Active', IsActive: true },
      { Id: 'inactive', Name: 'Inactive', IsActive: false },
    ]);
  });

  it('answers each supported lookup from its endpoint', async () => {
    expect(await client.lookup('service-boards')).toEqual([
      { Id: '1', Name: '1st Line Support' },
      { Id: '2', Name: 'Backups & DR' },
    ]);
    expect(await client.lookup('priorities')).toEqual([
      { Id: '1', Name: 'Critical' },
      { Id: '2', Name: 'High' },
      { Id: '3', Name: 'Medium' },
      { Id: '4', Name: 'Low' },
    ]);
    const statuses = await client.lookup('board-statuses', '2');
    expect(statuses?.map((s) => s.Name)).toEqual([
      'New',
      'In Progress',
      'Action Required',
      'With User',
      'Resolved',
      'Closed',
    ]);
    expect(statuses?.filter((s) => s.IsClosed).map((s) => s.Id)).toEqual(['9']);
    expect(await client.lookup('ticket-types')).toEqual([
      { Id: '1', Name: 'Incident' },
      { Id: '3', Name: 'Service Request' },
      { Id: '21', Name: 'Backup Alert' },
    ]);
    expect((await client.lookup('ticket-categories'))?.map((c) => c.Name)).toEqual([
      'Backup>Failed job',
      'Backup>Missed schedule',
      'Hardware>Server',
    ]);
    const sources = await client.lookup('sources');
    expect(sources?.find((s) => s.IsDefault)).toEqual({ Id: '3', Name: 'Monitoring', IsDefault: true });
    expect((await client.lookup('note-types'))?.map((o) => o.Name)).toEqual(['Update', 'Private Note', 'Email User']);
    const paths = apiCalls().map((r) => `${r.path}?${r.query.toString()}`);
    expect(paths).toEqual([
      '/api/Team?',
      '/api/Priority?',
      '/api/Status?type=ticket',
      '/api/TicketType?',
      '/api/Category?type_id=1',
      '/api/Lookup?lookupid=4',
      '/api/Outcome?',
    ]);
  });

  it('has no ServiceNow or sub-board lookups', async () => {
    for (const name of [
      'board-types',
      'board-subtypes',
      'board-items',
      'categories',
      'subcategories',
      'urgencies',
      'impacts',
      'groups',
      'callers',
    ] as const) {
      expect(await client.lookup(name, '1')).toBeNull();
    }
    expect(apiCalls()).toHaveLength(0);
  });

  it('creates a ticket with the profile fields where Halo expects them', async () => {
    const ref = await client.createTicket({
      ...blankTicket,
      boardId: '2',
      boardName: 'Backups & DR',
      priorityId: '2',
      statusId: '1',
      ticketTypeId: '21',
      categoryId: '11',
      sourceId: '3',
      // Fields Halo has no place for are left out.
      urgency: '1',
      callerId: 'abc',
    });
    const post = stub.requests.find((r) => r.method === 'POST' && r.path === '/api/Tickets');
    expect(post?.body).toEqual([
      {
        summary: 'Backup failed: NWT-SQL01',
        details: 'The nightly job failed two days in a row.',
        client_id: 12,
        team_id: 2,
        team: 'Backups & DR',
        priority_id: 2,
        status_id: 1,
        tickettype_id: 21,
        categoryid_1: 11,
        source: 3,
      },
    ]);
    const saved = stub.state.tickets[0];
    expect(ref).toEqual({ id: String(saved.id), number: String(saved.id), url: `${stub.url}/ticket?id=${saved.id}` });
    expect(saved).toMatchObject({ client_id: 12, team_id: 2, tickettype_id: 21, status_id: 1, categoryid_1: 11 });
  });

  it('adds private and public notes as actions', async () => {
    const { id } = await client.createTicket(blankTicket);
    await client.addNote(id, 'Still failing today.', false);
    await client.addNote(id, 'We are looking into it.', true);
    const posts = stub.requests.filter((r) => r.method === 'POST' && r.path === '/api/Actions');
    expect(posts.map((r) => r.body)).toEqual([
      [{ ticket_id: Number(id), note: 'Still failing today.', outcome: 'Private Note', hiddenfromuser: true }],
      [{ ticket_id: Number(id), note: 'We are looking into it.', outcome: 'Update', hiddenfromuser: false }],
    ]);
    expect(stub.state.tickets[0].actions.map((a) => [a.note, a.hiddenfromuser])).toEqual([
      ['Still failing today.', true],
      ['We are looking into it.', false],
    ]);
  });

  it('closes a ticket with a note, and reads it back with its notes', async () => {
    const { id } = await client.createTicket({ ...blankTicket, statusId: '1' });
    await client.setStatus(id, '9', 'The backup succeeded again.', false);
    const update = stub.requests.filter((r) => r.method === 'POST' && r.path === '/api/Tickets')[1];
    expect(update.body).toEqual([{ id: Number(id), status_id: 9 }]);
    expect(stub.state.tickets[0].statusHistory).toEqual([1, 9]);

    const ticket = await client.getTicket(id);
    expect(ticket).toMatchObject({
      id,
      number: id,
      summary: 'Backup failed: NWT-SQL01',
      statusId: '9',
      statusName: 'Closed',
      closed: true,
      companyId: '12',
      companyName: 'Northwind Traders',
    });
    expect(ticket?.createdAt).toBeTruthy();
    expect(ticket?.notes.map((n) => n.text)).toEqual(['The backup succeeded again.']);
    const actionsGet = stub.requests.find((r) => r.method === 'GET' && r.path === '/api/Actions');
    expect(actionsGet?.query.get('ticket_id')).toBe(id);
  });

  it('answers null for a ticket Halo does not have', async () => {
    expect(await client.getTicket('424242')).toBeNull();
    expect(await client.getTicket('not-a-number')).toBeNull();
  });

  it('retries a 429 after Retry-After and succeeds', async () => {
    await client.validate();
    stub.failNext('/api/Team', {
      status: 429,
      body: { message: 'Too many requests' },
      headers: { 'Retry-After': '2' },
    });
    const boards = await client.lookup('service-boards');
    expect(boards).toHaveLength(2);
    expect(stub.requests.filter((r) => r.path === '/api/Team')).toHaveLength(2);
  });

  it('gives up on a lasting 500 with a retryable PsaError', async () => {
    await client.validate();
    stub.failNext('/api/Team', { status: 500, body: 'Internal Server Error' }, 10);
    const err = await client.lookup('service-boards').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).status).toBe(500);
    expect((err as PsaError).retryable).toBe(true);
    expect(stub.requests.filter((r) => r.path === '/api/Team')).toHaveLength(4);
  });

  it("passes Halo's 400 message through", async () => {
    const err = await client.createTicket({ ...blankTicket, companyId: '999999' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).status).toBe(400);
    expect((err as PsaError).message).toBe('Client 999999 does not exist');
    expect((err as PsaError).retryable).toBe(false);
    expect(stub.state.tickets).toHaveLength(0);
  });
});

describe('Halo stub', () => {
  it('shows what it holds to a test in another process', async () => {
    const stub = await startHaloStub();
    try {
      const client = new HaloClient(CrmType.HaloPsa, haloStubCredentials(stub.url), {
        outbound: LAB_OUTBOUND,
        backoffScale: 0,
      });
      await client.createTicket(blankTicket);
      const res = await fetch(`${stub.url}/__stub/state`);
      const body = (await res.json()) as { tickets: { summary: string; client_id: number }[] };
      expect(body.tickets.map((t) => [t.summary, t.client_id])).toEqual([['Backup failed: NWT-SQL01', 12]]);
    } finally {
      await stub.close();
    }
  });
});

describe('HaloClient (HaloITSM)', () => {
  it('speaks the same API to a HaloITSM instance', async () => {
    const stub = await startHaloStub({ kind: 'itsm' });
    try {
      const client = new HaloClient(CrmType.HaloITSM, haloStubCredentials(stub.url), {
        outbound: LAB_OUTBOUND,
        backoffScale: 0,
      });
      expect(client.type).toBe(CrmType.HaloITSM);
      await client.validate();
      expect((await client.lookup('ticket-types'))?.map((t) => t.Name)).toEqual([
        'Incident',
        'Service Request',
        'Problem',
        'Change Request',
      ]);
      const companies = await client.listCompanies();
      expect(companies.map((c) => c.Name)).toContain('Head Office');
      const { id } = await client.createTicket({ ...blankTicket, companyId: '13', ticketTypeId: '1', boardId: '1' });
      expect(stub.state.tickets[0]).toMatchObject({ client_id: 13, tickettype_id: 1, team_id: 1 });
      await client.setStatus(id, '9', null, false);
      expect((await client.getTicket(id))?.closed).toBe(true);
      expect(stub.state.tickets[0].actions).toHaveLength(0);
    } finally {
      await stub.close();
    }
  });
});
