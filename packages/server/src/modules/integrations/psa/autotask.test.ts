import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTOTASK_STUB_CODE,
  AUTOTASK_STUB_SECRET,
  AUTOTASK_STUB_USER,
  autotaskStubCredentials,
  startAutotaskStub,
  type AutotaskStub,
} from '../../../../test/psa-stubs/autotask.ts';
import { AUTOTASK_REGIONS, AutotaskClient } from './autotask.ts';
import { PsaError, type PsaExchange, type PsaTicketInput } from './types.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { LAB_OUTBOUND } from '../../../../test/outbound.ts';

const ROOT = '/ATServicesRest/V1.0';

let stub: AutotaskStub;
let exchanges: PsaExchange[];
let client: AutotaskClient;

const ticketInput = (over: Partial<PsaTicketInput> = {}) =>
  psaTicketInput({
    companyId: '174',
    summary: 'Backup failed: Northwind Traders - FS01',
    description: 'The job FS01 nightly failed at 02:00.',
    boardId: '29683482',
    boardName: 'Monitoring Alert',
    priorityId: '1',
    statusId: '1',
    typeId: '11',
    subTypeId: '211',
    sourceId: '8',
    ticketTypeId: '5',
    categoryId: '3',
    ...over,
  });

beforeAll(async () => {
  stub = await startAutotaskStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  exchanges = [];
  client = new AutotaskClient(autotaskStubCredentials(stub.url), {
    outbound: LAB_OUTBOUND,
    backoffScale: 0,
    record: (e) => exchanges.push(e),
  });
});

describe('AutotaskClient', () => {
  it('validates with one authenticated company query carrying the three headers', async () => {
    await client.validate();
    expect(stub.requests).toHaveLength(1);
    const [r] = stub.requests;
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`${ROOT}/Companies/query`);
    expect(r.headers['username']).toBe(AUTOTASK_STUB_USER);
    expect(r.headers['secret']).toBe(AUTOTASK_STUB_SECRET);
    expect(r.headers['apiintegrationcode']).toBe(AUTOTASK_STUB_CODE);
    expect(r.body).toEqual({ MaxRecords: 1, IncludeFields: ['id'], filter: [{ op: 'gte', field: 'id', value: 0 }] });
    expect(exchanges).toMatchObject([{ method: 'POST', path: `${ROOT}/Companies/query`, status: 200 }]);
  });

  it('turns a 401 into a clear, non-retryable credentials error', async () => {
    const bad = new AutotaskClient(
      { ...autotaskStubCredentials(stub.url), Secret: 'wrong' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    const err = await bad.validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect((err as PsaError).status).toBe(401);
    expect((err as PsaError).retryable).toBe(false);
    expect((err as PsaError).message).toMatch(/^The PSA refused the credentials: /);
    expect(stub.requests).toHaveLength(1);
  });

  it('accepts a pasted ATServicesRest address as the zone URL', async () => {
    const pasted = new AutotaskClient(
      { ...autotaskStubCredentials(`${stub.url}/atservicesrest/v1.0/`) },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    await pasted.validate();
    expect(stub.requests[0].path).toBe(`${ROOT}/Companies/query`);
  });

  it('lists every company across nextPageUrl pages', async () => {
    const companies = await client.listCompanies();
    expect(companies.map((c) => c.Id)).toEqual(['0', '174', '175', '176', '177', '178', '179']);
    expect(companies.find((c) => c.Id === '174')).toEqual({
      Id: '174',
      Name: 'Northwind Traders',
      Identifier: 'NW-01',
      TypeIds: ['1'],
      StatusId: 'active',
      IsActive: true,
    });
    expect(companies.find((c) => c.Id === '177')).toMatchObject({ StatusId: 'inactive', IsActive: false });
    expect(companies.find((c) => c.Id === '179')).toMatchObject({ TypeIds: [], Identifier: null });
    // Page size 3 in the stub: one POST, then two GETs of the next-page link.
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${ROOT}/Companies/query`,
      `GET ${ROOT}/Companies/query/next`,
      `GET ${ROOT}/Companies/query/next`,
    ]);
    expect(stub.requests[0].body).toMatchObject({ MaxRecords: 500, filter: [{ op: 'gte', field: 'id', value: 0 }] });
    expect(JSON.parse(stub.requests[1].query.get('paging') ?? '')).toMatchObject({ offset: 3 });
    for (const r of stub.requests) expect(r.headers['secret']).toBe(AUTOTASK_STUB_SECRET);
  });

  it('stops listing companies when the signal is aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(client.listCompanies(ctl.signal)).rejects.toThrow(/cancelled/);
    expect(stub.requests).toHaveLength(0);

    // Cancelled while the first page is on its way: no further page is asked for.
    const midway = new AbortController();
    const watching = new AutotaskClient(autotaskStubCredentials(stub.url), {
      outbound: LAB_OUTBOUND,
      record: () => midway.abort(),
    });
    await expect(watching.listCompanies(midway.signal)).rejects.toThrow(/cancelled/);
    expect(stub.requests.map((r) => r.path)).toEqual([`${ROOT}/Companies/query`]);
  });

  it('gives every company type (retired ones too) and the two activity statuses', async () => {
    const types = await client.filterOptions('types');
    expect(types).toEqual([
      { Id: '1', Name: 'Customer' },
      { Id: '2', Name: 'Lead' },
      { Id: '3', Name: 'Prospect' },
      { Id: '5', Name: 'Partner' },
      { Id: '6', Name: 'Cancellation' },
    ]);
    expect(stub.requests.map((r) => r.path)).toEqual([`${ROOT}/Companies/entityInformation/fields`]);
    expect(await client.filterOptions('statuses')).toEqual([
      { Id: 'active', Name: 'Active', IsActive: true },
      { Id: 'inactive', Name: 'Inactive', IsActive: false },
    ]);
  });

  it('answers the ticket lookups from the Tickets and TicketNotes picklists', async () => {
    expect(await client.lookup('service-boards')).toEqual([
      { Id: '29683481', Name: 'Client Portal' },
      { Id: '29683482', Name: 'Monitoring Alert' },
      { Id: '29683483', Name: 'Level I Support' },
    ]);
    expect(await client.lookup('board-statuses', '29683482')).toEqual([
      { Id: '1', Name: 'New', IsDefault: true, IsClosed: false },
      { Id: '5', Name: 'Complete', IsClosed: true },
      { Id: '7', Name: 'Waiting Customer', IsClosed: false },
      { Id: '8', Name: 'In Progress', IsClosed: false },
    ]);
    expect((await client.lookup('priorities'))?.map((o) => o.Name)).toEqual(['Critical', 'High', 'Medium', 'Low']);
    expect(await client.lookup('board-types', '29683482')).toEqual([
      { Id: '11', Name: 'Backup' },
      { Id: '12', Name: 'Hardware' },
    ]);
    expect(await client.lookup('board-subtypes', '29683482', '11')).toEqual([
      { Id: '211', Name: 'Job failed' },
      { Id: '212', Name: 'Job missed' },
    ]);
    expect(await client.lookup('sources')).toEqual([
      { Id: '-1', Name: 'Insourced' },
      { Id: '2', Name: 'Phone' },
      { Id: '8', Name: 'Monitoring Alert', IsDefault: true },
    ]);
    expect((await client.lookup('ticket-types'))?.map((o) => o.Id)).toEqual(['1', '2', '5']);
    expect((await client.lookup('ticket-categories'))?.map((o) => o.Name)).toEqual(['Standard', 'RMM Alert']);
    expect((await client.lookup('note-types'))?.find((o) => o.IsDefault)).toEqual({
      Id: '2',
      Name: 'Task Detail',
      IsDefault: true,
    });
    // The field definitions are read once per entity and reused.
    expect(stub.requests.map((r) => r.path)).toEqual([
      `${ROOT}/Tickets/entityInformation/fields`,
      `${ROOT}/TicketNotes/entityInformation/fields`,
    ]);
    for (const none of [
      'board-items',
      'categories',
      'subcategories',
      'urgencies',
      'impacts',
      'groups',
      'callers',
    ] as const) {
      expect(await client.lookup(none)).toBeNull();
    }
  });

  it('creates a ticket with the profile fields where Autotask expects them', async () => {
    const ref = await client.createTicket(ticketInput());
    const post = stub.requests.find((r) => r.method === 'POST' && r.path === `${ROOT}/Tickets`);
    expect(post?.body).toEqual({
      companyID: 174,
      title: 'Backup failed: Northwind Traders - FS01',
      description: 'The job FS01 nightly failed at 02:00.',
      queueID: 29683482,
      priority: 1,
      status: 1,
      issueType: 11,
      subIssueType: 211,
      source: 8,
      ticketType: 5,
      ticketCategory: 3,
    });
    const held = stub.state.tickets.find((t) => String(t.id) === ref.id);
    expect(held).toMatchObject({ companyID: 174, queueID: 29683482, status: 1, issueType: 11, subIssueType: 211 });
    expect(ref).toEqual({ id: String(held?.id), number: held?.ticketNumber, url: null });
  });

  it('leaves unset profile fields out and trims the title to 255 characters', async () => {
    await client.createTicket(
      ticketInput({
        summary: 'x'.repeat(300),
        typeId: null,
        subTypeId: null,
        sourceId: null,
        ticketTypeId: null,
        categoryId: null,
      }),
    );
    const post = stub.requests.find((r) => r.method === 'POST' && r.path === `${ROOT}/Tickets`);
    expect(Object.keys(post?.body as object).sort()).toEqual([
      'companyID',
      'description',
      'priority',
      'queueID',
      'status',
      'title',
    ]);
    expect((post?.body as { title: string }).title).toHaveLength(255);
  });

  it('adds internal and public notes with the default note type', async () => {
    const ref = await client.createTicket(ticketInput());
    stub.requests.length = 0;
    await client.addNote(ref.id, 'Still failing\nThird run in a row.', false);
    await client.addNote(ref.id, 'Customer-visible update', true);
    const posts = stub.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([`${ROOT}/Tickets/${ref.id}/Notes`, `${ROOT}/Tickets/${ref.id}/Notes`]);
    expect(posts[0].body).toEqual({
      ticketID: Number(ref.id),
      title: 'Still failing',
      description: 'Still failing\nThird run in a row.',
      noteType: 2,
      publish: 2,
    });
    expect(posts[1].body).toMatchObject({ publish: 1, noteType: 2 });
    const held = stub.state.tickets.find((t) => String(t.id) === ref.id);
    expect(held?.notes.map((n) => [n.description, n.publish])).toEqual([
      ['Still failing\nThird run in a row.', 2],
      ['Customer-visible update', 1],
    ]);
  });

  it('closes a ticket with a note, then reads it back closed with its notes', async () => {
    const ref = await client.createTicket(ticketInput());
    stub.requests.length = 0;
    await client.setStatus(ref.id, '5', 'Backup succeeded again.', false);
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${ROOT}/TicketNotes/entityInformation/fields`,
      `POST ${ROOT}/Tickets/${ref.id}/Notes`,
      `PATCH ${ROOT}/Tickets`,
    ]);
    expect(stub.requests[2].body).toEqual({ id: Number(ref.id), status: 5 });
    const held = stub.state.tickets.find((t) => String(t.id) === ref.id);
    expect(held?.statusHistory).toEqual([1, 5]);

    const t = await client.getTicket(ref.id);
    expect(t).toMatchObject({
      id: ref.id,
      number: held?.ticketNumber,
      summary: 'Backup failed: Northwind Traders - FS01',
      statusId: '5',
      statusName: 'Complete',
      closed: true,
      companyId: '174',
      companyName: 'Northwind Traders',
    });
    expect(t?.notes.map((n) => n.text)).toEqual(['Backup succeeded again.']);
    expect(t?.createdAt).toBe(held?.createDate);
  });

  it('gives null for a ticket Autotask does not have', async () => {
    expect(await client.getTicket('424242')).toBeNull();
    expect(await client.getTicket('not-a-number')).toBeNull();
  });

  it('retries a 429 after the Retry-After wait', async () => {
    stub.failNext(`${ROOT}/Companies/query`, {
      status: 429,
      headers: { 'Retry-After': '2' },
      body: { errors: ['Rate limit exceeded.'] },
    });
    await client.validate();
    expect(stub.requests.map((r) => r.path)).toEqual([`${ROOT}/Companies/query`, `${ROOT}/Companies/query`]);
    expect(exchanges.map((e) => e.status)).toEqual([429, 200]);
  });

  it('gives a retryable PsaError when 500s outlast the retries', async () => {
    const before = stub.state.tickets.length;
    stub.failNext(`${ROOT}/Tickets`, { status: 500, body: { errors: ['Internal server error.'] } }, 4);
    const err = await client.createTicket(ticketInput()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({ status: 500, retryable: true, message: 'Internal server error.' });
    expect(stub.requests).toHaveLength(4);
    expect(stub.state.tickets).toHaveLength(before);
  });

  it("passes Autotask's own message on a rejected ticket", async () => {
    const before = stub.state.tickets.length;
    const err = await client.createTicket(ticketInput({ statusId: '99' })).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      retryable: false,
      message: 'Value 99 does not exist for picklist field status.',
    });
    expect(stub.requests).toHaveLength(1);
    expect(stub.state.tickets).toHaveLength(before);
  });

  it('publishes the zone list with zone hosts', () => {
    expect(AUTOTASK_REGIONS.find((r) => r.Name === 'America East')).toEqual({
      Id: 'america-east',
      Name: 'America East',
      Url: 'https://webservices3.autotask.net',
    });
    expect(new Set(AUTOTASK_REGIONS.map((r) => r.Id)).size).toBe(AUTOTASK_REGIONS.length);
  });

  it('links tickets to the Autotask UI of the zone', async () => {
    const zoned = new AutotaskClient({ ...autotaskStubCredentials('https://webservices14.autotask.net') });
    const url = (zoned as unknown as { ticketUrl(id: string): string | null }).ticketUrl('9001');
    expect(url).toBe(
      'https://ww14.autotask.net/Autotask/AutotaskExtend/ExecuteCommand.aspx?Code=OpenTicketDetail&TicketID=9001',
    );
  });
});
