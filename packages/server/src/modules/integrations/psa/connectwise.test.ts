import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  connectWiseStubCredentials,
  startConnectWiseStub,
  type ConnectWiseStub,
} from '../../../../test/psa-stubs/connectwise.ts';
import { ConnectWiseClient, nextLink } from './connectwise.ts';
import { PsaError, type PsaTicketInput } from './types.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { LAB_OUTBOUND } from '../../../../test/outbound.ts';

let stub: ConnectWiseStub;
let client: ConnectWiseClient;
const creds = () => connectWiseStubCredentials(stub.url);
const basic = () => `Basic ${Buffer.from('vigilmsp+cw-public-key:cw-private-key').toString('base64')}`;
/** Requests the stub saw to an API path (without the codebase prefix). */
const seen = (method: string, path: string) =>
  stub.requests.filter((r) => r.method === method && r.path === `${stub.apiPath}/${path}`);

const ticketInput = (over: Partial<PsaTicketInput> = {}) =>
  psaTicketInput({
    companyId: '250',
    summary: 'Backup failed: Acme Corporation / FS01',
    description: 'FS01 nightly job failed with error 0x80070005.',
    boardId: '1',
    boardName: 'Service Desk',
    priorityId: '2',
    statusId: '11',
    typeId: '21',
    subTypeId: '31',
    itemId: '41',
    sourceId: '6',
    ...over,
  });

beforeEach(async () => {
  stub = await startConnectWiseStub();
  client = new ConnectWiseClient(creds(), { outbound: LAB_OUTBOUND, backoffScale: 0 });
});
afterEach(() => stub.close());

describe('ConnectWiseClient authentication', () => {
  it('discovers the codebase, then calls system/info with Basic auth and the clientId header', async () => {
    await client.validate();
    const [info, call] = stub.requests;
    expect(info.path).toBe('/login/companyinfo/vigilmsp');
    expect(info.headers.authorization).toBeUndefined();
    expect(call.path).toBe('/v2025_1/apis/3.0/system/info');
    expect(call.headers.authorization).toBe(basic());
    expect(call.headers.clientid).toBe('c0ffee00-0000-4000-8000-000000000001');
    expect(call.headers.accept).toBe('application/vnd.connectwise.com+json; version=2022.1');
  });

  it('turns a 401 into a clear, non-retryable PsaError', async () => {
    const bad = new ConnectWiseClient({ ...creds(), PrivateKey: 'wrong' }, { outbound: LAB_OUTBOUND, backoffScale: 0 });
    const err = await bad.validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({ status: 401, retryable: false });
    expect((err as PsaError).message).toBe(
      'The PSA refused the credentials: Login failed: the API member credentials are not valid.',
    );
  });

  it('refuses a missing clientId and an unknown company id', async () => {
    const noClient = new ConnectWiseClient(
      { ...creds(), ClientId: 'someone-else' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    await expect(noClient.validate()).rejects.toThrow(
      'The PSA refused the credentials: A valid clientId header is required.',
    );
    const unknown = new ConnectWiseClient(
      { ...creds(), CompanyId: 'nobody' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    await expect(unknown.validate()).rejects.toThrow('ConnectWise does not know the company ID "nobody"');
  });
});

describe('ConnectWiseClient companies and filters', () => {
  it('reads every page of companies by following the Link header', async () => {
    const companies = await client.listCompanies();
    const pages = seen('GET', 'company/companies');
    expect(pages).toHaveLength(2);
    expect(Object.fromEntries(pages[0].query)).toEqual({
      conditions: 'deletedFlag=false',
      orderBy: 'id asc',
      fields: 'id,identifier,name,status,types',
      page: '1',
      pageSize: '1000',
    });
    expect(pages[1].query.get('page')).toBe('2');
    expect(companies.map((c) => c.Id)).toEqual(['250', '251', '252', '253', '254', '255', '256']);
    expect(companies.find((c) => c.Id === '252')).toEqual({
      Id: '252',
      Name: 'Initech',
      Identifier: 'Initech',
      TypeIds: ['1', '3'],
      StatusId: '3',
      IsActive: true,
    });
    expect(companies.find((c) => c.Id === '253')).toMatchObject({ StatusId: '2', IsActive: false });
    expect(companies.find((c) => c.Id === '256')).toMatchObject({ TypeIds: [] });
  });

  it('stops when the signal is aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(client.listCompanies(ctl.signal)).rejects.toThrow();
    expect(seen('GET', 'company/companies')).toHaveLength(0);
  });

  it('lists company types and statuses with IsActive', async () => {
    expect(await client.filterOptions('types')).toEqual([
      { Id: '1', Name: 'Customer' },
      { Id: '2', Name: 'Prospect' },
      { Id: '3', Name: 'Vendor' },
    ]);
    expect(await client.filterOptions('statuses')).toEqual([
      { Id: '1', Name: 'Active', IsActive: true },
      { Id: '3', Name: 'Credit Hold', IsActive: true },
      { Id: '2', Name: 'Inactive', IsActive: false },
    ]);
  });
});

describe('ConnectWiseClient lookups', () => {
  it('loads boards, priorities and sources', async () => {
    expect(await client.lookup('service-boards')).toEqual([
      { Id: '2', Name: 'Alerts' },
      { Id: '1', Name: 'Service Desk' },
    ]);
    expect(seen('GET', 'service/boards')[0].query.get('conditions')).toBe('inactiveFlag=false');
    const priorities = await client.lookup('priorities');
    expect(priorities).toHaveLength(4);
    expect(priorities?.[2]).toEqual({ Id: '3', Name: 'Priority 3 - Normal Response', IsDefault: true });
    expect(await client.lookup('sources')).toEqual([
      { Id: '1', Name: 'Email', IsDefault: false },
      { Id: '6', Name: 'Monitoring', IsDefault: true },
      { Id: '2', Name: 'Phone', IsDefault: false },
    ]);
  });

  it('loads a board’s statuses (closed ones flagged, inactive ones left out), types, sub-types and items', async () => {
    const statuses = await client.lookup('board-statuses', '1');
    expect(statuses?.map((s) => s.Name)).toEqual(['New', 'In Progress', 'Waiting on Client', 'Closed (resolved)']);
    expect(statuses?.find((s) => s.Id === '14')).toMatchObject({ IsClosed: true });
    expect(statuses?.find((s) => s.Id === '11')).toMatchObject({ IsClosed: false, IsDefault: true });
    expect(seen('GET', 'service/boards/1/statuses')[0].query.get('conditions')).toBe('inactive=false');
    expect(await client.lookup('board-types', '1')).toEqual([
      { Id: '21', Name: 'Backup' },
      { Id: '22', Name: 'Hardware' },
    ]);
    expect((await client.lookup('board-subtypes', '1'))?.map((s) => s.Id)).toEqual(['33', '31', '32']);
    expect(await client.lookup('board-subtypes', '1', '21')).toEqual([
      { Id: '31', Name: 'Failed job' },
      { Id: '32', Name: 'Missed schedule' },
    ]);
    expect(seen('GET', 'service/boards/1/typeSubTypeItemAssociations')[0].query.get('conditions')).toBe('type/id=21');
    expect(await client.lookup('board-items', '1', '31')).toEqual([
      { Id: '41', Name: 'Server' },
      { Id: '42', Name: 'Workstation' },
    ]);
    expect(await client.lookup('board-items', '1')).toEqual([
      { Id: '41', Name: 'Server' },
      { Id: '42', Name: 'Workstation' },
    ]);
  });

  it('answers null for properties Manage does not have', async () => {
    for (const name of [
      'ticket-categories',
      'categories',
      'subcategories',
      'urgencies',
      'impacts',
      'groups',
      'ticket-types',
      'callers',
      'note-types',
    ] as const) {
      expect(await client.lookup(name, '1')).toBeNull();
    }
  });
});

describe('ConnectWiseClient tickets', () => {
  it('creates a ticket with the profile’s fields where Manage expects them', async () => {
    const ref = await client.createTicket(ticketInput());
    const [post] = seen('POST', 'service/tickets');
    expect(post.body).toEqual({
      summary: 'Backup failed: Acme Corporation / FS01',
      recordType: 'ServiceTicket',
      company: { id: 250 },
      board: { id: 1 },
      status: { id: 11 },
      priority: { id: 2 },
      type: { id: 21 },
      subType: { id: 31 },
      item: { id: 41 },
      source: { id: 6 },
      initialInternalAnalysis: 'FS01 nightly job failed with error 0x80070005.',
    });
    const t = stub.state.tickets[0];
    expect(ref).toEqual({
      id: String(t.id),
      number: String(t.id),
      url: `${stub.url}/v2025_1/services/system_io/Service/fv_sr100_request.rails?service_recid=${t.id}&companyName=vigilmsp`,
    });
    expect(t).toMatchObject({
      company: { id: 250, name: 'Acme Corporation' },
      board: { name: 'Service Desk' },
      status: { name: 'New' },
      priority: { id: 2 },
      type: { name: 'Backup' },
      subType: { name: 'Failed job' },
      item: { name: 'Server' },
      source: { name: 'Monitoring' },
    });
    expect(t.notes).toEqual([expect.objectContaining({ internalAnalysisFlag: true, detailDescriptionFlag: false })]);
  });

  it('sends the board by name, the description as a public note, and cuts long summaries to 100 characters', async () => {
    await client.createTicket(
      ticketInput({
        boardId: null,
        typeId: null,
        subTypeId: null,
        itemId: null,
        publicNotes: true,
        summary: 'x'.repeat(130),
      }),
    );
    const body = seen('POST', 'service/tickets')[0].body as Record<string, unknown>;
    expect(body.board).toEqual({ name: 'Service Desk' });
    expect(body).not.toHaveProperty('initialInternalAnalysis');
    expect((body.summary as string).length).toBe(100);
    expect(stub.state.tickets[0].notes[0]).toMatchObject({ detailDescriptionFlag: true, internalAnalysisFlag: false });
  });

  it('adds internal and public notes', async () => {
    const { id } = await client.createTicket(ticketInput());
    await client.addNote(id, 'Still failing on the second run.', false);
    await client.addNote(id, 'We are looking into it.', true);
    const posts = seen('POST', `service/tickets/${id}/notes`).map((r) => r.body);
    expect(posts).toEqual([
      {
        text: 'Still failing on the second run.',
        detailDescriptionFlag: false,
        internalAnalysisFlag: true,
        resolutionFlag: false,
      },
      {
        text: 'We are looking into it.',
        detailDescriptionFlag: true,
        internalAnalysisFlag: false,
        resolutionFlag: false,
      },
    ]);
    expect(stub.state.tickets[0].notes.slice(1).map((n) => [n.text, n.detailDescriptionFlag])).toEqual([
      ['Still failing on the second run.', false],
      ['We are looking into it.', true],
    ]);
  });

  it('closes a ticket with a JSON Patch of its status after the note', async () => {
    const { id } = await client.createTicket(ticketInput());
    await client.setStatus(id, '14', 'The backup succeeded again.', false);
    const [patch] = seen('PATCH', `service/tickets/${id}`);
    expect(patch.body).toEqual([{ op: 'replace', path: 'status', value: { id: 14 } }]);
    const t = stub.state.tickets[0];
    expect(t).toMatchObject({ closedFlag: true, status: { id: 14, name: 'Closed (resolved)' } });
    expect(t.statusHistory).toEqual([11, 14]);
    expect(t.notes.at(-1)).toMatchObject({ text: 'The backup succeeded again.', internalAnalysisFlag: true });
  });

  it('reads a ticket back with its notes, and null for one that does not exist', async () => {
    const { id } = await client.createTicket(ticketInput({ publicNotes: true }));
    await client.addNote(id, 'Second note', false);
    await client.setStatus(id, '14', null, false);
    const t = await client.getTicket(id);
    expect(t).toMatchObject({
      id,
      number: id,
      summary: 'Backup failed: Acme Corporation / FS01',
      statusId: '14',
      statusName: 'Closed (resolved)',
      closed: true,
      companyId: '250',
      companyName: 'Acme Corporation',
    });
    expect(t?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(t?.notes.map((n) => [n.text, n.author])).toEqual([
      ['FS01 nightly job failed with error 0x80070005.', 'VigilAPI'],
      ['Second note', 'VigilAPI'],
    ]);
    expect(await client.getTicket('999999')).toBeNull();
  });
});

describe('ConnectWise stub', () => {
  it('shows what it holds to a test in another process', async () => {
    const { id } = await client.createTicket(ticketInput());
    const res = await fetch(`${stub.url}/__stub/state`);
    const body = (await res.json()) as { tickets: { id: number; notes: unknown[] }[] };
    expect(body.tickets.map((t) => [String(t.id), t.notes.length])).toEqual([[id, 1]]);
  });
});

describe('ConnectWiseClient errors and limits', () => {
  it('waits and retries after a 429 with Retry-After', async () => {
    stub.failNext(`${stub.apiPath}/service/priorities`, {
      status: 429,
      headers: { 'Retry-After': '2' },
      body: { code: 'TooManyRequests', message: 'Rate limit exceeded' },
    });
    const priorities = await client.lookup('priorities');
    expect(priorities).toHaveLength(4);
    expect(seen('GET', 'service/priorities')).toHaveLength(2);
  });

  it('gives a retryable PsaError when the server keeps failing', async () => {
    const c = new ConnectWiseClient(creds(), { outbound: LAB_OUTBOUND, backoffScale: 0, maxRetries: 2 });
    stub.failNext(
      `${stub.apiPath}/service/boards`,
      { status: 500, body: { code: 'Unexpected', message: 'An error occurred' } },
      5,
    );
    const err = await c.lookup('service-boards').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, retryable: true, message: 'An error occurred' });
    expect(seen('GET', 'service/boards')).toHaveLength(3);
  });

  it('gives Manage’s own message for a 400, with the field error', async () => {
    const err = await client.createTicket(ticketInput({ statusId: '99' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({
      status: 400,
      retryable: false,
      message: 'ticket object is invalid: Status 99 is not a status of board Service Desk',
    });
    expect(stub.state.tickets).toHaveLength(0);
  });

  it('parses the next page out of a Link header', () => {
    expect(nextLink('<https://x/a?page=2>; rel="next", <https://x/a?page=9>; rel="last"')).toBe('https://x/a?page=2');
    expect(nextLink('<https://x/a?page=1>; rel="first"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});
