import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SYNCRO_STUB_KEY,
  startSyncroStub,
  syncroStubCredentials,
  type SyncroStub,
} from '../../../../test/psa-stubs/syncro.ts';
import { SyncroClient, syncroNameId } from './syncro.ts';
import { PsaError, type PsaExchange, type PsaTicketInput } from './types.ts';
import { psaTicketInput } from '../../../../test/psa-ticket-input.ts';
import { LAB_OUTBOUND } from '../../../../test/outbound.ts';

const ROOT = '/api/v1';

let stub: SyncroStub;
let exchanges: PsaExchange[];
let client: SyncroClient;

const ticketInput = (over: Partial<PsaTicketInput> = {}) =>
  psaTicketInput({
    companyId: '3101',
    summary: 'Backup failed: Northwind Traders - FS01',
    description: 'The job FS01 nightly failed at 02:00.',
    statusId: syncroNameId('New'),
    typeId: syncroNameId('Backup'),
    ...over,
  });

beforeAll(async () => {
  stub = await startSyncroStub();
});
afterAll(async () => {
  await stub.close();
});
beforeEach(() => {
  stub.requests.length = 0;
  exchanges = [];
  client = new SyncroClient(syncroStubCredentials(stub.url), {
    outbound: LAB_OUTBOUND,
    backoffScale: 0,
    record: (e) => exchanges.push(e),
  });
});

describe('syncroNameId', () => {
  it('gives a stable positive integer per name, whatever the case or spacing', () => {
    expect(syncroNameId('In Progress')).toBe(syncroNameId(' in progress '));
    expect(syncroNameId('In Progress')).not.toBe(syncroNameId('Resolved'));
    for (const n of ['New', 'Resolved', 'Waiting on Customer', 'Backup']) {
      const id = Number(syncroNameId(n));
      expect(Number.isInteger(id) && id > 0 && id <= 0x7fffffff).toBe(true);
    }
  });
});

describe('SyncroClient', () => {
  it('validates with one call carrying the API token', async () => {
    await client.validate();
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]).toMatchObject({ method: 'GET', path: `${ROOT}/customers` });
    expect(stub.requests[0].query.get('page')).toBe('1');
    expect(stub.requests[0].headers['authorization']).toBe(`Bearer ${SYNCRO_STUB_KEY}`);
    expect(exchanges).toMatchObject([{ method: 'GET', path: `${ROOT}/customers?page=1`, status: 200 }]);
  });

  it('turns a 401 into a clear, non-retryable credentials error', async () => {
    const bad = new SyncroClient(
      { ...syncroStubCredentials(stub.url), ApiKey: 'T-wrong' },
      { outbound: LAB_OUTBOUND, backoffScale: 0 },
    );
    const err = await bad.validate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({ status: 401, retryable: false });
    expect((err as PsaError).message).toMatch(/^The PSA refused the credentials: /);
    expect(stub.requests).toHaveLength(1);
  });

  it('accepts a pasted /api/v1 address as the account URL', async () => {
    const pasted = new SyncroClient(syncroStubCredentials(`${stub.url}/api/v1/`), {
      outbound: LAB_OUTBOUND,
      backoffScale: 0,
    });
    await pasted.validate();
    expect(stub.requests[0].path).toBe(`${ROOT}/customers`);
  });

  it('lists every customer, disabled ones included, across pages', async () => {
    const companies = await client.listCompanies();
    expect(stub.requests.map((r) => `${r.path}?${r.query.toString()}`)).toEqual([
      `${ROOT}/customers?include_disabled=true&page=1`,
      `${ROOT}/customers?include_disabled=true&page=2`,
      `${ROOT}/customers?include_disabled=true&page=3`,
    ]);
    expect(companies).toEqual([
      {
        Id: '3101',
        Name: 'Northwind Traders',
        Identifier: null,
        TypeIds: ['business'],
        StatusId: 'active',
        IsActive: true,
      },
      {
        Id: '3102',
        Name: 'Contoso Dental',
        Identifier: null,
        TypeIds: ['business'],
        StatusId: 'active',
        IsActive: true,
      },
      {
        Id: '3103',
        Name: 'Mark Hanson',
        Identifier: null,
        TypeIds: ['individual'],
        StatusId: 'active',
        IsActive: true,
      },
      {
        Id: '3104',
        Name: 'Fabrikam Legal',
        Identifier: null,
        TypeIds: ['business'],
        StatusId: 'disabled',
        IsActive: false,
      },
      {
        Id: '3105',
        Name: 'Tailspin Toys',
        Identifier: null,
        TypeIds: ['business'],
        StatusId: 'active',
        IsActive: true,
      },
    ]);
  });

  it('stops listing customers when the signal is aborted', async () => {
    const ctl = new AbortController();
    const watching = new SyncroClient(syncroStubCredentials(stub.url), {
      outbound: LAB_OUTBOUND,
      record: () => ctl.abort(),
    });
    await expect(watching.listCompanies(ctl.signal)).rejects.toThrow(/cancelled/);
    expect(stub.requests).toHaveLength(1);
  });

  it('offers customer kinds and enabled/disabled as filter options', async () => {
    expect(await client.filterOptions('types')).toEqual([
      { Id: 'business', Name: 'Business' },
      { Id: 'individual', Name: 'Individual' },
    ]);
    expect(await client.filterOptions('statuses')).toEqual([
      { Id: 'active', Name: 'Active', IsActive: true },
      { Id: 'disabled', Name: 'Disabled', IsActive: false },
    ]);
    expect(stub.requests).toHaveLength(0);
  });

  it('reads statuses and issue types from the ticket settings, once', async () => {
    const statuses = await client.lookup('board-statuses');
    expect(statuses).toEqual([
      { Id: syncroNameId('New'), Name: 'New', IsClosed: false },
      { Id: syncroNameId('In Progress'), Name: 'In Progress', IsClosed: false },
      { Id: syncroNameId('Scheduled'), Name: 'Scheduled', IsClosed: false },
      { Id: syncroNameId('Waiting on Customer'), Name: 'Waiting on Customer', IsClosed: false },
      { Id: syncroNameId('Resolved'), Name: 'Resolved', IsClosed: true },
    ]);
    const types = await client.lookup('ticket-types');
    expect(types?.map((o) => o.Name)).toEqual(['Backup', 'Hardware', 'Network Project', 'Other']);
    expect(await client.lookup('board-types')).toEqual(types);
    expect(stub.requests.map((r) => r.path)).toEqual([`${ROOT}/tickets/settings`]);
    for (const none of [
      'service-boards',
      'priorities',
      'board-subtypes',
      'board-items',
      'sources',
      'callers',
      'note-types',
      'categories',
    ] as const) {
      expect(await client.lookup(none)).toBeNull();
    }
  });

  it('creates a ticket for the customer with status and issue type by name and the description as first comment', async () => {
    const ref = await client.createTicket(ticketInput());
    const post = stub.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe(`${ROOT}/tickets`);
    expect(post?.headers['content-type']).toContain('application/json');
    expect(post?.body).toEqual({
      customer_id: 3101,
      subject: 'Backup failed: Northwind Traders - FS01',
      status: 'New',
      problem_type: 'Backup',
      comments_attributes: [
        { subject: 'Initial Issue', body: 'The job FS01 nightly failed at 02:00.', hidden: true, do_not_email: true },
      ],
    });
    const held = stub.state.tickets.find((t) => String(t.id) === ref.id);
    expect(held).toMatchObject({ customer_id: 3101, status: 'New', problem_type: 'Backup' });
    expect(ref).toEqual({ id: String(held?.id), number: String(held?.number), url: `${stub.url}/tickets/${held?.id}` });
  });

  it('refuses a status the PSA no longer has without calling it', async () => {
    await client.lookup('board-statuses');
    stub.requests.length = 0;
    const err = await client
      .createTicket(ticketInput({ statusId: syncroNameId('Deleted status') }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, retryable: false });
    expect(stub.requests).toHaveLength(0);
  });

  it('adds internal (hidden, no e-mail) and public comments', async () => {
    const ref = await client.createTicket(ticketInput());
    stub.requests.length = 0;
    await client.addNote(ref.id, 'Still failing.', false);
    await client.addNote(ref.id, 'We are on it.', true);
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${ROOT}/tickets/${ref.id}/comment`,
      `POST ${ROOT}/tickets/${ref.id}/comment`,
    ]);
    expect(stub.requests[0].body).toEqual({
      subject: 'Update',
      body: 'Still failing.',
      hidden: true,
      do_not_email: true,
    });
    expect(stub.requests[1].body).toEqual({
      subject: 'Update',
      body: 'We are on it.',
      hidden: false,
      do_not_email: false,
    });
    const held = stub.state.tickets.find((t) => String(t.id) === ref.id);
    expect(held?.comments.map((c) => [c.body, c.hidden])).toEqual([
      ['The job FS01 nightly failed at 02:00.', true],
      ['Still failing.', true],
      ['We are on it.', false],
    ]);
  });

  it('resolves a ticket with a note and reads it back closed with its comments', async () => {
    const ref = await client.createTicket(ticketInput());
    stub.requests.length = 0;
    await client.setStatus(ref.id, syncroNameId('Resolved'), 'Backup succeeded again.', false);
    expect(stub.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${ROOT}/tickets/${ref.id}/comment`,
      `PUT ${ROOT}/tickets/${ref.id}`,
    ]);
    expect(stub.requests[1].body).toEqual({ status: 'Resolved' });
    const held = stub.state.tickets.find((t) => String(t.id) === ref.id);
    expect(held?.statusHistory).toEqual(['New', 'Resolved']);

    const t = await client.getTicket(ref.id);
    expect(t).toMatchObject({
      id: ref.id,
      number: String(held?.number),
      summary: 'Backup failed: Northwind Traders - FS01',
      statusId: syncroNameId('Resolved'),
      statusName: 'Resolved',
      closed: true,
      companyId: '3101',
      companyName: 'Northwind Traders',
      createdAt: held?.created_at,
    });
    expect(t?.notes.map((n) => n.text)).toEqual(['The job FS01 nightly failed at 02:00.', 'Backup succeeded again.']);
    expect(t?.notes[0].author).toBe('Vigil API');
  });

  it('gives null for a ticket Syncro does not have', async () => {
    expect(await client.getTicket('999999')).toBeNull();
    expect(await client.getTicket('abc')).toBeNull();
  });

  it('retries a 429 after the Retry-After wait', async () => {
    stub.failNext(`${ROOT}/customers`, {
      status: 429,
      headers: { 'Retry-After': '60' },
      body: { error: 'Rate limit exceeded' },
    });
    await client.validate();
    expect(exchanges.map((e) => e.status)).toEqual([429, 200]);
  });

  it('keeps to 180 requests a minute per Syncro host', async () => {
    const own = await startSyncroStub();
    try {
      const at: number[] = [];
      // A backoff scale of 1/10 makes the minute 6 s, so the limit shows without a real wait.
      const paced = new SyncroClient(syncroStubCredentials(own.url), {
        outbound: LAB_OUTBOUND,
        backoffScale: 0.1,
        record: () => at.push(Date.now()),
      });
      for (let i = 0; i < 181; i++) await paced.validate();
      expect(own.requests).toHaveLength(181);
      // The first 180 go out at once; the 181st waits until the first has left the window.
      expect(at[179] - at[0]).toBeLessThan(5000);
      expect(at[180] - at[0]).toBeGreaterThanOrEqual(5900);
    } finally {
      await own.close();
    }
  }, 20_000);

  it('gives a retryable PsaError when 500s outlast the retries', async () => {
    const before = stub.state.tickets.length;
    stub.failNext(`${ROOT}/tickets`, { status: 502, body: { error: 'Bad Gateway' } }, 4);
    const err = await client.createTicket(ticketInput({ statusId: null, typeId: null })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PsaError);
    expect(err).toMatchObject({ status: 502, retryable: true, message: 'Bad Gateway' });
    expect(stub.requests).toHaveLength(4);
    expect(stub.state.tickets).toHaveLength(before);
  });

  it("passes Syncro's own message on a rejected ticket", async () => {
    const before = stub.state.tickets.length;
    const err = await client.createTicket(ticketInput({ companyId: '1' })).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, retryable: false, message: 'Customer must exist' });
    expect(stub.state.tickets).toHaveLength(before);

    stub.failNext(`${ROOT}/tickets/`, { status: 400, body: { success: false, message: ['Ticket is locked'] } });
    const locked = await client.addNote('27001', 'x', false).catch((e: unknown) => e);
    expect(locked).toMatchObject({ status: 400, retryable: false, message: 'Ticket is locked' });
  });
});
