import { randomBytes } from 'node:crypto';
import { startStubServer, type PsaStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * A Kaseya BMS stand-in speaking REST API v2 as documented: a bearer token from
 * `POST /v2/security/authenticate` (form fields UserName, Password, Tenant, GrantType), every
 * answer wrapped in `{Success, Error, Result}` (paged lists add `TotalRecords`), PageSize and
 * PageNumber paging, JSON Patch ticket updates. Tickets, notes and status changes stay in `state`.
 */

export interface BmsLookup {
  Id: number;
  Name: string;
  IsActive?: boolean;
  IsDefault?: boolean;
}
export interface BmsStubAccount {
  Id: number;
  AccountName: string;
  AccountCode: string;
  AccountTypeId: number | null;
  IsActive: boolean;
  Locations: { Id: number; Name: string; IsMain: boolean }[];
}
export interface BmsStubNote {
  Id: number;
  Details: string;
  IsInternal: boolean;
  TypeId: number;
  NoteDate: string;
  CreatedOn: string;
  CreatedByName: string;
}
export interface BmsStubTicket {
  Id: number;
  TicketNumber: string;
  Title: string;
  Details: string;
  AccountId: number;
  AccountName: string;
  LocationId: number;
  QueueId: number | null;
  StatusId: number;
  StatusName: string;
  PriorityId: number;
  TypeId: number;
  IssueTypeId: number | null;
  SubIssueTypeId: number | null;
  SourceId: number;
  OpenDate: string;
  CreatedOn: string;
  CompletedDate: string | null;
  notes: BmsStubNote[];
  statusHistory: number[];
}

export interface KaseyaBmsStubState {
  tenant: string;
  userName: string;
  password: string;
  /** Tokens the stub has issued and still honours (clear it to simulate expiry). */
  tokens: Set<string>;
  /** Page-size cap, small by default so a handful of accounts spans pages. */
  maxPageSize: number;
  accounts: BmsStubAccount[];
  accountTypes: (BmsLookup & { IsClient?: boolean; IsVendor?: boolean })[];
  queues: BmsLookup[];
  priorities: BmsLookup[];
  statuses: (BmsLookup & { StatusOrder: number; Closed: boolean })[];
  issueTypes: (BmsLookup & { subTypes: BmsLookup[] })[];
  /** Generic lookup tables of `GET /v2/system/lookup/{tableName}`. */
  tables: Record<string, BmsLookup[]>;
  tickets: BmsStubTicket[];
  nextTicketId: number;
  nextNoteId: number;
}

export type KaseyaBmsStubSeed = Partial<Omit<KaseyaBmsStubState, 'tokens'>> & { port?: number };

export interface KaseyaBmsStub extends PsaStubServer {
  state: KaseyaBmsStubState;
}

/** Credentials (as the integration form holds them) that the stub accepts. */
export function kaseyaBmsStubCredentials(url: string) {
  return { Url: url, Tenant: 'Vigil MSP', UserName: 'api.vigil@example.com', Password: 'bms-password-1' };
}

function defaultState(): KaseyaBmsStubState {
  const c = kaseyaBmsStubCredentials('');
  const acct = (
    Id: number,
    AccountName: string,
    AccountCode: string,
    AccountTypeId: number | null,
    IsActive = true,
  ) => ({
    Id,
    AccountName,
    AccountCode,
    AccountTypeId,
    IsActive,
    Locations: [
      { Id: Id * 10 + 1, Name: 'Branch', IsMain: false },
      { Id: Id * 10, Name: 'Head office', IsMain: true },
    ],
  });
  return {
    tenant: c.Tenant,
    userName: c.UserName,
    password: c.Password,
    tokens: new Set(),
    maxPageSize: 4,
    accounts: [
      acct(301, 'Acme Corporation', 'ACME', 1),
      acct(302, 'Globex Inc', 'GLOBEX', 1),
      acct(303, 'Initech', 'INITECH', 2),
      acct(304, 'Umbrella Health', 'UMBRELLA', 1, false),
      acct(305, 'Hooli', 'HOOLI', 3),
      acct(306, 'Wayne Enterprises', 'WAYNE', null),
    ],
    accountTypes: [
      { Id: 1, Name: 'Customer', IsActive: true, IsClient: true },
      { Id: 2, Name: 'Partner', IsActive: true },
      { Id: 3, Name: 'Prospect', IsActive: false },
    ],
    queues: [
      { Id: 7, Name: 'Service Desk', IsActive: true },
      { Id: 8, Name: 'Monitoring', IsActive: true },
      { Id: 9, Name: 'Retired', IsActive: false },
    ],
    priorities: [
      { Id: 1, Name: 'Critical' },
      { Id: 2, Name: 'High' },
      { Id: 3, Name: 'Medium', IsDefault: true },
      { Id: 4, Name: 'Low' },
    ],
    statuses: [
      { Id: 1, Name: 'New', StatusOrder: 1, Closed: false, IsActive: true },
      { Id: 2, Name: 'In Progress', StatusOrder: 2, Closed: false, IsActive: true },
      { Id: 3, Name: 'Completed', StatusOrder: 3, Closed: true, IsActive: true },
      { Id: 4, Name: 'Waiting Customer', StatusOrder: 4, Closed: false, IsActive: true },
      { Id: 5, Name: 'Archived', StatusOrder: 5, Closed: false, IsActive: false },
    ],
    issueTypes: [
      {
        Id: 11,
        Name: 'Backup',
        IsActive: true,
        subTypes: [
          { Id: 111, Name: 'Failed job' },
          { Id: 112, Name: 'Missed schedule' },
        ],
      },
      { Id: 12, Name: 'Hardware', IsActive: true, subTypes: [{ Id: 121, Name: 'Disk' }] },
    ],
    tables: {
      tickettypes: [
        { Id: 1, Name: 'Service Request', IsActive: true },
        { Id: 2, Name: 'Incident', IsActive: true, IsDefault: true },
        { Id: 3, Name: 'Problem', IsActive: true },
      ],
      notetypes: [
        { Id: 4, Name: 'Internal Note', IsActive: true, IsDefault: true },
        { Id: 6, Name: 'Client Update', IsActive: true },
      ],
    },
    tickets: [],
    nextTicketId: 9001,
    nextNoteId: 70001,
  };
}

const ok = (Result: unknown, extra: Record<string, unknown> = {}): StubReply => ({
  body: { Success: true, Error: null, Result, ...extra },
});
const fail = (status: number, Message: string, SubErrors: string[] | null = null): StubReply => ({
  status,
  body: { Success: false, Error: { Code: status, Message, Details: null, StackStrace: null, SubErrors }, Result: null },
});

export async function startKaseyaBmsStub(seed: KaseyaBmsStubSeed = {}): Promise<KaseyaBmsStub> {
  const { port, ...overrides } = seed;
  const state: KaseyaBmsStubState = { ...defaultState(), ...overrides, tokens: new Set() };
  const now = () => new Date().toISOString();
  const ticket = (id: string) => state.tickets.find((t) => t.Id === Number(id));
  const noTicket = () => fail(404, 'Ticket not found.');
  const lookup = (rows: object[]) => () => ok(rows);

  const setStatus = (t: BmsStubTicket, statusId: number): StubReply | null => {
    const s = state.statuses.find((x) => x.Id === statusId && x.IsActive !== false);
    if (!s) return fail(400, 'Validation failed.', [`Status ${statusId} does not exist.`]);
    t.StatusId = s.Id;
    t.StatusName = s.Name;
    t.CompletedDate = s.Closed ? now() : null;
    t.statusHistory.push(s.Id);
    return null;
  };
  const view = (t: BmsStubTicket) => {
    const { notes: _notes, statusHistory: _history, ...rest } = t;
    return rest;
  };

  const createTicket = (req: RecordedRequest): StubReply => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const problems: string[] = [];
    const n = (k: string) => (typeof b[k] === 'number' ? (b[k] as number) : null);
    for (const k of ['Title', 'Details'])
      if (typeof b[k] !== 'string' || !(b[k] as string).trim()) problems.push(`${k} is required.`);
    if (typeof b.OpenDate !== 'string' || Number.isNaN(Date.parse(b.OpenDate))) problems.push('OpenDate is required.');
    const account = state.accounts.find((a) => a.Id === n('AccountId'));
    if (!account) problems.push(`Account ${String(b.AccountId)} does not exist.`);
    const location = account?.Locations.find((l) => l.Id === n('LocationId'));
    if (account && !location) problems.push(`Location ${String(b.LocationId)} does not belong to the account.`);
    const status = state.statuses.find((s) => s.Id === n('StatusId') && s.IsActive !== false);
    if (!status) problems.push(`Status ${String(b.StatusId)} does not exist.`);
    if (!state.priorities.some((p) => p.Id === n('PriorityId')))
      problems.push(`Priority ${String(b.PriorityId)} does not exist.`);
    if (!(state.tables.tickettypes ?? []).some((t) => t.Id === n('TypeId')))
      problems.push(`Ticket type ${String(b.TypeId)} does not exist.`);
    if (n('SourceId') === null) problems.push('SourceId is required.');
    if (b.QueueId !== undefined && !state.queues.some((q) => q.Id === n('QueueId')))
      problems.push(`Queue ${String(b.QueueId)} does not exist.`);
    const issue = b.IssueTypeId === undefined ? null : state.issueTypes.find((i) => i.Id === n('IssueTypeId'));
    if (issue === undefined) problems.push(`Issue type ${String(b.IssueTypeId)} does not exist.`);
    if (b.SubIssueTypeId !== undefined && !issue?.subTypes.some((s) => s.Id === n('SubIssueTypeId'))) {
      problems.push(`Sub-issue type ${String(b.SubIssueTypeId)} does not belong to the issue type.`);
    }
    if (problems.length || !account || !location || !status) return fail(400, 'Validation failed.', problems);
    const id = state.nextTicketId++;
    const t: BmsStubTicket = {
      Id: id,
      TicketNumber: `T20261123.${String(id).padStart(4, '0')}`,
      Title: b.Title as string,
      Details: b.Details as string,
      AccountId: account.Id,
      AccountName: account.AccountName,
      LocationId: location.Id,
      QueueId: n('QueueId'),
      StatusId: status.Id,
      StatusName: status.Name,
      PriorityId: n('PriorityId') as number,
      TypeId: n('TypeId') as number,
      IssueTypeId: n('IssueTypeId'),
      SubIssueTypeId: n('SubIssueTypeId'),
      SourceId: n('SourceId') as number,
      OpenDate: b.OpenDate as string,
      CreatedOn: now(),
      CompletedDate: status.Closed ? now() : null,
      notes: [],
      statusHistory: [status.Id],
    };
    state.tickets.push(t);
    return ok(view(t));
  };

  const addNote = (req: RecordedRequest, id: string): StubReply => {
    const t = ticket(id);
    if (!t) return noTicket();
    const b = (req.body ?? {}) as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof b.Details !== 'string' || !b.Details.trim()) problems.push('Details is required.');
    if (typeof b.IsInternal !== 'boolean') problems.push('IsInternal is required.');
    if (typeof b.TypeId !== 'number') problems.push('TypeId is required.');
    if (typeof b.NoteDate !== 'string') problems.push('NoteDate is required.');
    if (problems.length) return fail(400, 'Validation failed.', problems);
    const note: BmsStubNote = {
      Id: state.nextNoteId++,
      Details: b.Details as string,
      IsInternal: b.IsInternal as boolean,
      TypeId: b.TypeId as number,
      NoteDate: b.NoteDate as string,
      CreatedOn: now(),
      CreatedByName: 'Vigil API',
    };
    t.notes.push(note);
    return ok(note);
  };

  const patchTicket = (req: RecordedRequest, id: string): StubReply => {
    const t = ticket(id);
    if (!t) return noTicket();
    if (!Array.isArray(req.body)) return fail(400, 'A JSON Patch document is expected.');
    for (const op of req.body as { op?: string; path?: string; value?: unknown }[]) {
      if (op.op !== 'replace') return fail(400, `Operation ${String(op.op)} is not supported.`);
      if (op.path?.toLowerCase() === '/statusid') {
        const bad = setStatus(t, Number(op.value));
        if (bad) return bad;
      } else if (op.path?.toLowerCase() === '/title' && typeof op.value === 'string') t.Title = op.value;
      else return fail(400, `Path ${String(op.path)} cannot be patched.`);
    }
    return ok(view(t));
  };

  /** A PageSize/PageNumber page with TotalRecords. */
  const paged = (req: RecordedRequest, rows: unknown[], withTotal: boolean): StubReply => {
    const size = Math.min(Number(req.query.get('PageSize') ?? 25) || 25, state.maxPageSize);
    const page = Math.max(1, Number(req.query.get('PageNumber') ?? 1) || 1);
    const slice = rows.slice((page - 1) * size, page * size);
    return ok(slice, withTotal ? { TotalRecords: rows.length } : {});
  };

  const server = await startStubServer({
    port,
    routes: [
      {
        method: 'POST',
        pattern: '/v2/security/authenticate',
        handler: (req) => {
          const f = (req.body ?? {}) as Record<string, string>;
          if (f.GrantType !== 'password') return fail(400, 'Unsupported grant type.');
          const good =
            f.UserName?.toLowerCase() === state.userName.toLowerCase() &&
            f.Password === state.password &&
            f.Tenant?.toLowerCase() === state.tenant.toLowerCase();
          if (!good) return fail(401, 'Invalid username, password or company name.');
          const token = randomBytes(24).toString('base64url');
          state.tokens.add(token);
          return ok({
            AccessToken: token,
            RefreshToken: randomBytes(24).toString('base64url'),
            AccessTokenExpireOn: new Date(Date.now() + 3600_000).toISOString(),
            RefreshTokenExpireOn: new Date(Date.now() + 86400_000).toISOString(),
          });
        },
      },
      {
        // Not BMS: lets an end-to-end test in another process read what the PSA now holds.
        method: 'GET',
        pattern: '/__stub/state',
        handler: () => ok({ accounts: state.accounts, tickets: state.tickets }),
      },
      {
        method: 'GET',
        pattern: '/v2/security/userinfo',
        handler: () =>
          ok({
            UserId: 42,
            FullName: 'Vigil API',
            EmailAddress: state.userName,
            TenantId: 7,
            BusinessName: state.tenant,
          }),
      },
      { method: 'GET', pattern: '/v2/system/accounttypes/lookup', handler: lookup(state.accountTypes) },
      {
        method: 'GET',
        pattern: '/v2/crm/accounts/summary',
        handler: (req) =>
          paged(
            req,
            state.accounts.map(({ Locations: _l, ...a }) => a),
            true,
          ),
      },
      {
        method: 'GET',
        pattern: '/v2/crm/accounts/:id/locations/lookup',
        handler: (_req, p) => {
          const a = state.accounts.find((x) => x.Id === Number(p.id));
          return a ? ok(a.Locations.map((l) => ({ ...l, AccountId: a.Id }))) : fail(404, 'Account not found.');
        },
      },
      { method: 'GET', pattern: '/v2/system/queues/lookup', handler: lookup(state.queues) },
      { method: 'GET', pattern: '/v2/system/priorities/lookup', handler: lookup(state.priorities) },
      {
        method: 'GET',
        pattern: '/v2/system/statuses/lookup',
        handler: () =>
          ok(state.statuses.map(({ Closed: _c, ...s }) => ({ ...s, TypeId: 1, IsSystemStatus: 0, SlaEventId: null }))),
      },
      {
        method: 'GET',
        pattern: '/v2/system/issuetypes/lookup',
        handler: lookup(state.issueTypes.map(({ subTypes: _s, ...i }) => i)),
      },
      {
        method: 'GET',
        pattern: '/v2/system/issuetypes/:id/issuesubtypes/lookup',
        handler: (_req, p) => {
          const i = state.issueTypes.find((x) => x.Id === Number(p.id));
          return i ? ok(i.subTypes) : fail(404, 'Issue type not found.');
        },
      },
      {
        method: 'GET',
        pattern: '/v2/system/lookup/:table',
        handler: (_req, p) => {
          const rows = state.tables[p.table.toLowerCase()];
          return rows ? ok(rows) : fail(404, `Lookup table ${p.table} not found.`);
        },
      },
      { method: 'POST', pattern: '/v2/servicedesk/tickets', handler: createTicket },
      {
        method: 'GET',
        pattern: '/v2/servicedesk/tickets/:id',
        handler: (_req, p) => {
          const t = ticket(p.id);
          return t ? ok(view(t)) : noTicket();
        },
      },
      { method: 'PATCH', pattern: '/v2/servicedesk/tickets/:id', handler: (req, p) => patchTicket(req, p.id) },
      {
        method: 'GET',
        pattern: '/v2/servicedesk/tickets/:id/notes',
        handler: (req, p) => {
          const t = ticket(p.id);
          return t ? paged(req, t.notes, false) : noTicket();
        },
      },
      { method: 'POST', pattern: '/v2/servicedesk/tickets/:id/notes', handler: (req, p) => addNote(req, p.id) },
    ],
    authorize: (req) => {
      if (req.path.toLowerCase() === '/v2/security/authenticate' || req.path === '/__stub/state') return null;
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      // The API's bearer middleware answers an empty 401 with a challenge header.
      return m && state.tokens.has(m[1]) ? null : { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } };
    },
    notFound: () => fail(404, 'The requested resource was not found.'),
  });
  return { ...server, state };
}
