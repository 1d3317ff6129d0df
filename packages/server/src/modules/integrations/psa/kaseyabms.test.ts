import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  kaseyaBmsStubCredentials,
  startKaseyaBmsStub,
  type KaseyaBmsStub,
} from '../../../../test/psa-stubs/kaseyabms.ts';
import { KaseyaBmsClient } from './kaseyabms.ts';
import { PsaError, type PsaTicketInput } from './types.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { LAB_OUTBOUND } from '../../../../test/outbound.ts';

let stub: KaseyaBmsStub;
let client: KaseyaBmsClient;
const creds = () => kaseyaBmsStubCredentials(stub.url);
const seen = (method: string, path: string) => stub.requests.filter((r) => r.method === method && r.path === path);

const ticketInput = (over: Partial<PsaTicketInput> = {}) =>
  psaTicketInput({
    companyId: '301',
    summary: 'Backup failed: Acme Corporation / FS01',
    description: 'FS01 nightly job failed with error 0x80070005.',
    boardId: '7',
    boardName: 'Service Desk',
    priorityId: '2',
    statusId: '1',
    typeId: '11',
    subTypeId: '111',
    ...over,
  });

beforeEach(async () => {
  stub = await startKaseyaBmsStub();
  client = new KaseyaBmsClient(creds(), { outbound: LAB_OUTBOUND, backoffScale: 0 });
});
afterEach(() => stub.close());

describe('KaseyaBmsClient authentication', () => {
  it('gets a token from the authenticate endpoint and calls userinfo with it', async () => {
    await client.validate();
    const [auth] = seen('POST', '/v2/security/authenticate');
    expect(auth.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(auth.body).toEqual({
      GrantType: 'password',
      UserName: 'api.vigil@example.com',
      Password: 'bms-password-1',
      Tenant: 'Vigil MSP',
    });
    const [info] = seen('GET', '/v2/security/userinfo');
    const token = [...stub.state.tokens][0];
    expect(info.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('turns refused credentials into a clear, non-retryable PsaError', async () => {
    const bad = new KaseyaBmsClient(
      { ...creds(), Tenant: 'Someone Else' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    const err = await bad.validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({
      status: 401,
      retryable: false,
      message: 'The PSA refused the credentials: Invalid username, password or company name.',
    });
    expect(seen('GET', '/v2/security/userinfo')).toHaveLength(0);
  });

  it('reuses the token, and signs in again once when the API stops honouring it', async () => {
    await client.lookup('priorities');
    await client.lookup('service-boards');
    expect(seen('POST', '/v2/security/authenticate')).toHaveLength(1);
    stub.state.tokens.clear();
    expect(await client.lookup('priorities')).toHaveLength(4);
    expect(seen('POST', '/v2/security/authenticate')).toHaveLength(2);
    const retried = seen('GET', '/v2/system/priorities/lookup');
    expect(retried).toHaveLength(3);
    expect(retried[1].headers.authorization).not.toBe(retried[2].headers.authorization);
  });
});

describe('KaseyaBmsClient accounts and filters', () => {
  it('reads every page of accounts until TotalRecords', async () => {
    const companies = await client.listCompanies();
    const pages = seen('GET', '/v2/crm/accounts/summary');
    expect(pages.map((p) => Object.fromEntries(p.query))).toEqual([
      { PageSize: '100', PageNumber: '1' },
      { PageSize: '100', PageNumber: '2' },
    ]);
    expect(companies.map((c) => c.Id)).toEqual(['301', '302', '303', '304', '305', '306']);
    expect(companies[0]).toEqual({
      Id: '301',
      Name: 'Acme Corporation',
      Identifier: 'ACME',
      TypeIds: ['1'],
      StatusId: 'active',
      IsActive: true,
    });
    expect(companies[3]).toMatchObject({ StatusId: 'inactive', IsActive: false });
    expect(companies[5]).toMatchObject({ TypeIds: [] });
  });

  it('stops when the signal is aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(client.listCompanies(ctl.signal)).rejects.toThrow();
    expect(seen('GET', '/v2/crm/accounts/summary')).toHaveLength(0);
  });

  it('offers account types as types and active/inactive as statuses', async () => {
    expect(await client.filterOptions('types')).toEqual([
      { Id: '1', Name: 'Customer' },
      { Id: '2', Name: 'Partner' },
      { Id: '3', Name: 'Prospect' },
    ]);
    expect(await client.filterOptions('statuses')).toEqual([
      { Id: 'active', Name: 'Active', IsActive: true },
      { Id: 'inactive', Name: 'Inactive', IsActive: false },
    ]);
    expect(seen('GET', '/v2/system/accounttypes/lookup')).toHaveLength(1);
  });
});

describe('KaseyaBmsClient lookups', () => {
  it('maps queues, priorities, statuses, issue types, sub-issue types, ticket and note types', async () => {
    expect(await client.lookup('service-boards')).toEqual([
      { Id: '7', Name: 'Service Desk' },
      { Id: '8', Name: 'Monitoring' },
    ]);
    expect(await client.lookup('priorities')).toContainEqual({ Id: '3', Name: 'Medium', IsDefault: true });
    const statuses = await client.lookup('board-statuses', '7');
    expect(statuses?.map((s) => [s.Name, s.IsClosed])).toEqual([
      ['New', false],
      ['In Progress', false],
      ['Completed', true],
      ['Waiting Customer', false],
    ]);
    expect(await client.lookup('board-types', '7')).toEqual([
      { Id: '11', Name: 'Backup' },
      { Id: '12', Name: 'Hardware' },
    ]);
    expect(await client.lookup('board-subtypes', '7', '11')).toEqual([
      { Id: '111', Name: 'Failed job' },
      { Id: '112', Name: 'Missed schedule' },
    ]);
    expect(await client.lookup('board-subtypes', '7')).toEqual([]);
    expect(await client.lookup('ticket-types')).toContainEqual({ Id: '2', Name: 'Incident', IsDefault: true });
    expect((await client.lookup('note-types'))?.map((n) => n.Id)).toEqual(['4', '6']);
  });

  it('answers null for properties BMS does not have', async () => {
    for (const name of [
      'board-items',
      'ticket-categories',
      'sources',
      'categories',
      'subcategories',
      'urgencies',
      'impacts',
      'groups',
      'callers',
    ] as const) {
      expect(await client.lookup(name, '7')).toBeNull();
    }
  });
});

describe('KaseyaBmsClient tickets', () => {
  it('creates a ticket at the account’s main location with the profile’s fields', async () => {
    const ref = await client.createTicket(ticketInput());
    expect(seen('GET', '/v2/crm/accounts/301/locations/lookup')).toHaveLength(1);
    expect(seen('GET', '/v2/system/lookup/tickettypes')).toHaveLength(1);
    const body = seen('POST', '/v2/servicedesk/tickets')[0].body as Record<string, unknown>;
    expect(body).toEqual({
      Title: 'Backup failed: Acme Corporation / FS01',
      Details: 'FS01 nightly job failed with error 0x80070005.',
      AccountId: 301,
      LocationId: 3010,
      QueueId: 7,
      StatusId: 1,
      PriorityId: 2,
      TypeId: 2,
      IssueTypeId: 11,
      SubIssueTypeId: 111,
      SourceId: 5,
      OpenDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const t = stub.state.tickets[0];
    expect(ref).toEqual({ id: String(t.Id), number: t.TicketNumber, url: null });
    expect(t).toMatchObject({ AccountName: 'Acme Corporation', StatusName: 'New', QueueId: 7, IssueTypeId: 11 });
  });

  it('uses the profile’s ticket type and source when it has them', async () => {
    await client.createTicket(
      ticketInput({ ticketTypeId: '3', sourceId: '4', boardId: null, typeId: null, subTypeId: null }),
    );
    expect(seen('GET', '/v2/system/lookup/tickettypes')).toHaveLength(0);
    const body = seen('POST', '/v2/servicedesk/tickets')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ TypeId: 3, SourceId: 4 });
    expect(body).not.toHaveProperty('QueueId');
    expect(body).not.toHaveProperty('IssueTypeId');
  });

  it('refuses an account without a location before creating anything', async () => {
    stub.state.accounts[1].Locations = [];
    await expect(client.createTicket(ticketInput({ companyId: '302' }))).rejects.toThrow(
      'The BMS account 302 has no location to file a ticket under',
    );
    expect(seen('POST', '/v2/servicedesk/tickets')).toHaveLength(0);
  });

  it('adds internal and public notes with the default note type', async () => {
    const { id } = await client.createTicket(ticketInput());
    await client.addNote(id, 'Still failing on the second run.', false);
    await client.addNote(id, 'We are looking into it.', true);
    const posts = seen('POST', `/v2/servicedesk/tickets/${id}/notes`).map((r) => r.body as Record<string, unknown>);
    expect(posts.map(({ NoteDate: _d, ...rest }) => rest)).toEqual([
      { Details: 'Still failing on the second run.', IsInternal: true, TypeId: 4 },
      { Details: 'We are looking into it.', IsInternal: false, TypeId: 4 },
    ]);
    expect(seen('GET', '/v2/system/lookup/notetypes')).toHaveLength(1);
    expect(stub.state.tickets[0].notes.map((n) => [n.Details, n.IsInternal])).toEqual([
      ['Still failing on the second run.', true],
      ['We are looking into it.', false],
    ]);
  });

  it('closes a ticket with a JSON Patch of StatusId after the note', async () => {
    const { id } = await client.createTicket(ticketInput());
    await client.setStatus(id, '3', 'The backup succeeded again.', true);
    const [patch] = seen('PATCH', `/v2/servicedesk/tickets/${id}`);
    expect(patch.body).toEqual([{ op: 'replace', path: '/StatusId', value: 3 }]);
    const t = stub.state.tickets[0];
    expect(t).toMatchObject({ StatusId: 3, StatusName: 'Completed' });
    expect(t.CompletedDate).not.toBeNull();
    expect(t.statusHistory).toEqual([1, 3]);
    expect(t.notes.at(-1)).toMatchObject({ Details: 'The backup succeeded again.', IsInternal: false });
  });

  it('reads a ticket back with all its notes, and null for one that does not exist', async () => {
    const { id, number } = await client.createTicket(ticketInput());
    for (let i = 1; i <= 5; i++) await client.addNote(id, `Note ${i}`, false);
    await client.setStatus(id, '3', null, false);
    const t = await client.getTicket(id);
    expect(t).toMatchObject({
      id,
      number,
      summary: 'Backup failed: Acme Corporation / FS01',
      statusId: '3',
      statusName: 'Completed',
      closed: true,
      companyId: '301',
      companyName: 'Acme Corporation',
    });
    expect(t?.notes.map((n) => n.text)).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5']);
    expect(t?.notes[0].author).toBe('Vigil API');
    expect(seen('GET', `/v2/servicedesk/tickets/${id}/notes`).map((r) => r.query.get('PageNumber'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(await client.getTicket('424242')).toBeNull();
  });
});

describe('Kaseya BMS stub', () => {
  it('shows what it holds to a test in another process', async () => {
    const { id } = await client.createTicket(ticketInput());
    const res = await fetch(`${stub.url}/__stub/state`);
    const body = (await res.json()) as { Result: { tickets: { Id: number; StatusName: string }[] } };
    expect(body.Result.tickets.map((t) => [String(t.Id), t.StatusName])).toEqual([[id, 'New']]);
  });
});

describe('KaseyaBmsClient errors and limits', () => {
  it('waits and retries after a 429 with Retry-After', async () => {
    stub.failNext('/v2/system/queues/lookup', { status: 429, headers: { 'Retry-After': '3' } });
    expect(await client.lookup('service-boards')).toHaveLength(2);
    expect(seen('GET', '/v2/system/queues/lookup')).toHaveLength(2);
  });

  it('gives a retryable PsaError when the server keeps failing', async () => {
    const c = new KaseyaBmsClient(creds(), { outbound: LAB_OUTBOUND, backoffScale: 0, maxRetries: 2 });
    stub.failNext(
      '/v2/system/priorities/lookup',
      {
        status: 500,
        body: { Success: false, Error: { Code: 500, Message: 'An unexpected error occurred.' }, Result: null },
      },
      5,
    );
    const err = await c.lookup('priorities').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, retryable: true });
    expect(seen('GET', '/v2/system/priorities/lookup')).toHaveLength(3);
  });

  it('gives BMS’s own message for a 400, with the first validation error', async () => {
    const err = await client.createTicket(ticketInput({ statusId: '99' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({
      status: 400,
      retryable: false,
      message: 'Validation failed. Status 99 does not exist.',
    });
    expect(stub.state.tickets).toHaveLength(0);
  });

  it('treats Success: false inside a 200 as a failure', async () => {
    stub.failNext('/v2/system/queues/lookup', {
      status: 200,
      body: { Success: false, Error: { Code: 403, Message: 'You do not have access to queues.' }, Result: null },
    });
    const err = await client.lookup('service-boards').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403, retryable: false, message: 'You do not have access to queues.' });
  });
});
