import { startStubServer, type PsaStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * A ConnectWise Manage stand-in speaking REST API 3.0 as documented: `login/companyinfo` for the
 * codebase, Basic auth `{company}+{public}:{private}` plus a `clientId` header, page/pageSize
 * paging with a Link header, `conditions` filters, JSON Patch updates and `{code, message, errors}`
 * error bodies. Tickets created through it (with their notes and status changes) stay in `state`.
 */

export interface CwRef {
  id: number;
  name: string;
}
export interface CwStubCompany {
  id: number;
  identifier: string;
  name: string;
  status: CwRef;
  types: CwRef[];
  deletedFlag?: boolean;
}
export interface CwStubStatus extends CwRef {
  closedStatus: boolean;
  defaultFlag?: boolean;
  inactive?: boolean;
  sortOrder: number;
}
export interface CwStubBoard extends CwRef {
  inactiveFlag?: boolean;
  statuses: CwStubStatus[];
  types: (CwRef & { inactiveFlag?: boolean })[];
  subtypes: (CwRef & { inactiveFlag?: boolean })[];
  items: (CwRef & { inactiveFlag?: boolean })[];
  /** Which sub-types and items go with which type on this board. */
  associations: { id: number; type: CwRef; subType: CwRef | null; item: CwRef | null }[];
}
export interface CwStubNote {
  id: number;
  ticketId: number;
  text: string;
  detailDescriptionFlag: boolean;
  internalAnalysisFlag: boolean;
  resolutionFlag: boolean;
  dateCreated: string;
  createdBy: string;
}
export interface CwStubTicket {
  id: number;
  summary: string;
  recordType: string;
  board: CwRef;
  company: { id: number; identifier: string; name: string };
  status: CwRef;
  priority: CwRef | null;
  type: CwRef | null;
  subType: CwRef | null;
  item: CwRef | null;
  source: CwRef | null;
  closedFlag: boolean;
  dateEntered: string;
  closedDate: string | null;
  notes: CwStubNote[];
  /** Every status the ticket went through, oldest first. */
  statusHistory: number[];
}

export interface ConnectWiseStubState {
  companyId: string;
  publicKey: string;
  privateKey: string;
  clientId: string;
  /** As `login/companyinfo` answers it, with the trailing slash. */
  codebase: string;
  /** The server's page-size cap. Manage caps at 1000; the default here is small so a few companies span pages. */
  maxPageSize: number;
  companies: CwStubCompany[];
  companyTypes: (CwRef & { defaultFlag?: boolean })[];
  companyStatuses: (CwRef & { inactiveFlag: boolean; defaultFlag?: boolean })[];
  boards: CwStubBoard[];
  priorities: (CwRef & { sortOrder: number; defaultFlag?: boolean })[];
  sources: (CwRef & { defaultFlag?: boolean })[];
  tickets: CwStubTicket[];
  nextTicketId: number;
  nextNoteId: number;
}

export type ConnectWiseStubSeed = Partial<ConnectWiseStubState> & { port?: number };

export interface ConnectWiseStub extends PsaStubServer {
  state: ConnectWiseStubState;
  /** The API root path, e.g. `/v2025_1/apis/3.0`, for `failNext` prefixes. */
  apiPath: string;
}

/** Credentials (as the integration form holds them) that the stub accepts. */
export function connectWiseStubCredentials(url: string) {
  return {
    Url: url,
    CompanyId: 'vigilmsp',
    PublicKey: 'cw-public-key',
    PrivateKey: 'cw-private-key',
    ClientId: 'c0ffee00-0000-4000-8000-000000000001',
  };
}

function defaultState(): ConnectWiseStubState {
  const types = [
    { id: 1, name: 'Customer', defaultFlag: true },
    { id: 2, name: 'Prospect' },
    { id: 3, name: 'Vendor' },
  ];
  const statuses = [
    { id: 1, name: 'Active', inactiveFlag: false, defaultFlag: true },
    { id: 2, name: 'Inactive', inactiveFlag: true },
    { id: 3, name: 'Credit Hold', inactiveFlag: false },
  ];
  const co = (id: number, identifier: string, name: string, status: number, typeIds: number[]): CwStubCompany => ({
    id,
    identifier,
    name,
    status: { id: status, name: statuses[status - 1].name },
    types: typeIds.map((t) => ({ id: t, name: types[t - 1].name })),
  });
  const serviceStatuses: CwStubStatus[] = [
    { id: 11, name: 'New', closedStatus: false, defaultFlag: true, sortOrder: 1 },
    { id: 12, name: 'In Progress', closedStatus: false, sortOrder: 2 },
    { id: 13, name: 'Waiting on Client', closedStatus: false, sortOrder: 3 },
    { id: 14, name: 'Closed (resolved)', closedStatus: true, sortOrder: 4 },
    { id: 15, name: 'Old Queue', closedStatus: false, inactive: true, sortOrder: 5 },
  ];
  const bType = (id: number, name: string) => ({ id, name });
  return {
    ...connectWiseCredentialsParts(),
    codebase: 'v2025_1/',
    maxPageSize: 5,
    companies: [
      co(250, 'AcmeCorp', 'Acme Corporation', 1, [1]),
      co(251, 'Globex', 'Globex Inc', 1, [1]),
      co(252, 'Initech', 'Initech', 3, [1, 3]),
      co(253, 'Umbrella', 'Umbrella Health', 2, [1]),
      co(254, 'Hooli', 'Hooli', 1, [2]),
      co(255, 'Stark', 'Stark Industries', 1, [1]),
      co(256, 'Wayne', 'Wayne Enterprises', 1, []),
      { ...co(257, 'OldCo', 'Old Co (deleted)', 2, [1]), deletedFlag: true },
    ],
    companyTypes: types,
    companyStatuses: statuses,
    boards: [
      {
        id: 1,
        name: 'Service Desk',
        statuses: serviceStatuses,
        types: [bType(21, 'Backup'), bType(22, 'Hardware'), { ...bType(23, 'Retired'), inactiveFlag: true }],
        subtypes: [bType(31, 'Failed job'), bType(32, 'Missed schedule'), bType(33, 'Disk')],
        items: [bType(41, 'Server'), bType(42, 'Workstation')],
        associations: [
          { id: 1, type: bType(21, 'Backup'), subType: bType(31, 'Failed job'), item: bType(41, 'Server') },
          { id: 2, type: bType(21, 'Backup'), subType: bType(31, 'Failed job'), item: bType(42, 'Workstation') },
          { id: 3, type: bType(21, 'Backup'), subType: bType(32, 'Missed schedule'), item: null },
          { id: 4, type: bType(22, 'Hardware'), subType: bType(33, 'Disk'), item: bType(41, 'Server') },
        ],
      },
      {
        id: 2,
        name: 'Alerts',
        statuses: [
          { id: 51, name: 'New (alert)', closedStatus: false, defaultFlag: true, sortOrder: 1 },
          { id: 52, name: 'Completed', closedStatus: true, sortOrder: 2 },
        ],
        types: [bType(24, 'Monitoring')],
        subtypes: [],
        items: [],
        associations: [],
      },
      {
        id: 3,
        name: 'Old board',
        inactiveFlag: true,
        statuses: [],
        types: [],
        subtypes: [],
        items: [],
        associations: [],
      },
    ],
    priorities: [
      { id: 1, name: 'Priority 1 - Emergency Response', sortOrder: 1 },
      { id: 2, name: 'Priority 2 - Quick Response', sortOrder: 2 },
      { id: 3, name: 'Priority 3 - Normal Response', sortOrder: 3, defaultFlag: true },
      { id: 4, name: 'Priority 4 - Schedule Maintenance', sortOrder: 4 },
    ],
    sources: [
      { id: 1, name: 'Email' },
      { id: 2, name: 'Phone' },
      { id: 6, name: 'Monitoring', defaultFlag: true },
    ],
    tickets: [],
    nextTicketId: 1001,
    nextNoteId: 5001,
  };
}

function connectWiseCredentialsParts() {
  const c = connectWiseStubCredentials('');
  return { companyId: c.CompanyId, publicKey: c.PublicKey, privateKey: c.PrivateKey, clientId: c.ClientId };
}

const err = (status: number, code: string, message: string, errors?: unknown[]): StubReply => ({
  status,
  body: errors ? { code, message, errors } : { code, message },
});

/** Reads a value of a `conditions` clause: numbers, booleans, null and quoted strings. */
function conditionValue(raw: string): unknown {
  const v = raw.trim();
  if (/^".*"$/.test(v) || /^'.*'$/.test(v)) return v.slice(1, -1);
  if (v === 'true' || v === 'false') return v === 'true';
  if (v === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  throw new Error(`Unsupported value ${v}`);
}

function fieldOf(row: unknown, path: string): unknown {
  return path
    .split('/')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), row);
}

/** The subset of the conditions grammar the stub understands: `a/b=v and c!=w`. */
function matchConditions(conditions: string | null): (row: unknown) => boolean {
  if (!conditions) return () => true;
  const clauses = conditions.split(/\s+and\s+/i).map((c) => {
    const m = /^\s*([A-Za-z_/]+)\s*(!=|=)\s*(.+?)\s*$/.exec(c);
    if (!m) throw new Error(`Unsupported condition ${c}`);
    return { path: m[1], op: m[2], value: conditionValue(m[3]) };
  });
  return (row) =>
    clauses.every(({ path, op, value }) => {
      const actual = fieldOf(row, path) ?? (typeof value === 'boolean' ? false : null);
      return op === '=' ? actual === value : actual !== value;
    });
}

function sortRows<T>(rows: T[], orderBy: string | null): T[] {
  if (!orderBy) return rows;
  const [field, dir] = orderBy.trim().split(/\s+/);
  const sign = dir?.toLowerCase() === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = fieldOf(a, field) as string | number;
    const y = fieldOf(b, field) as string | number;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
}

export async function startConnectWiseStub(seed: ConnectWiseStubSeed = {}): Promise<ConnectWiseStub> {
  const { port, ...overrides } = seed;
  const state: ConnectWiseStubState = { ...defaultState(), ...overrides };
  const api = () => `/${state.codebase.replace(/\/$/, '')}/apis/3.0`;
  let origin = '';

  /** A page of a list with the Link header Manage sends (next/last) when there are more pages. */
  const paged = (req: RecordedRequest, rows: unknown[]): StubReply => {
    let filtered: unknown[];
    try {
      filtered = sortRows(rows.filter(matchConditions(req.query.get('conditions'))), req.query.get('orderBy'));
    } catch (e) {
      return err(400, 'InvalidObject', `Invalid conditions: ${(e as Error).message}`);
    }
    const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
    const asked = Number(req.query.get('pageSize') ?? 25) || 25;
    if (asked > 1000) return err(400, 'InvalidObject', 'pageSize may not exceed 1000');
    const size = Math.min(asked, state.maxPageSize);
    const last = Math.max(1, Math.ceil(filtered.length / size));
    const headers: Record<string, string> = {};
    if (page < last) {
      const link = (p: number) => {
        const q = new URLSearchParams(req.query);
        q.set('page', String(p));
        return `<${origin}${req.path}?${q.toString()}>`;
      };
      headers.Link = `${link(page + 1)}; rel="next", ${link(last)}; rel="last"`;
    }
    return { body: filtered.slice((page - 1) * size, page * size), headers };
  };
  const board = (id: string) => state.boards.find((b) => b.id === Number(id));
  const ticket = (id: string) => state.tickets.find((t) => t.id === Number(id));
  const noTicket = (id: string) => err(404, 'NotFound', `Ticket with id ${id} not found`);
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

  const addNote = (t: CwStubTicket, b: Record<string, unknown>): CwStubNote => {
    const note: CwStubNote = {
      id: state.nextNoteId++,
      ticketId: t.id,
      text: String(b.text ?? ''),
      detailDescriptionFlag: !!b.detailDescriptionFlag,
      internalAnalysisFlag: !!b.internalAnalysisFlag,
      resolutionFlag: !!b.resolutionFlag,
      dateCreated: now(),
      createdBy: 'VigilAPI',
    };
    t.notes.push(note);
    return note;
  };
  const setStatus = (t: CwStubTicket, statusId: number): StubReply | null => {
    const s = board(String(t.board.id))?.statuses.find((x) => x.id === statusId);
    if (!s) {
      return err(400, 'InvalidObject', 'ticket object is invalid', [
        {
          code: 'InvalidObject',
          message: `Status ${statusId} is not a status of board ${t.board.name}`,
          resource: 'ticket',
          field: 'status',
        },
      ]);
    }
    t.status = { id: s.id, name: s.name };
    t.closedFlag = s.closedStatus;
    t.closedDate = s.closedStatus ? now() : null;
    t.statusHistory.push(s.id);
    return null;
  };

  const createTicket = (req: RecordedRequest): StubReply => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const refId = (k: string) => (b[k] && typeof b[k] === 'object' ? Number((b[k] as { id?: unknown }).id) : null);
    const errors: { code: string; message: string; resource: string; field: string }[] = [];
    const problem = (field: string, message: string, code = 'InvalidObject') =>
      errors.push({ code, message, resource: 'ticket', field });
    const summary = typeof b.summary === 'string' ? b.summary : '';
    if (!summary.trim()) problem('summary', 'summary may not be empty', 'NullOrEmpty');
    else if (summary.length > 100) problem('summary', 'summary may not exceed 100 characters');
    const company = state.companies.find((c) => c.id === refId('company') && !c.deletedFlag);
    if (!company) problem('company', 'Company not found');
    const boardRef = b.board as { id?: number; name?: string } | undefined;
    const bd = boardRef?.id
      ? board(String(boardRef.id))
      : state.boards.find((x) => x.name.toLowerCase() === String(boardRef?.name ?? '').toLowerCase());
    if (!bd) problem('board', 'Board not found');
    const statusId = refId('status');
    const status =
      bd && (statusId ? bd.statuses.find((s) => s.id === statusId) : bd.statuses.find((s) => s.defaultFlag));
    if (bd && !status) problem('status', `Status ${statusId} is not a status of board ${bd.name}`);
    const priorityId = refId('priority');
    const priority = priorityId
      ? state.priorities.find((p) => p.id === priorityId)
      : state.priorities.find((p) => p.defaultFlag);
    if (!priority) problem('priority', 'Priority not found');
    const pick = (k: string, list: CwRef[] | undefined) => {
      const id = refId(k);
      if (id === null) return null;
      const hit = list?.find((x) => x.id === id);
      if (!hit) problem(k, `${k} ${id} not found`);
      return hit ? { id: hit.id, name: hit.name } : null;
    };
    const type = pick('type', bd?.types);
    const subType = pick('subType', bd?.subtypes);
    const item = pick('item', bd?.items);
    const source = pick('source', state.sources);
    if (errors.length || !company || !bd || !status || !priority) {
      return err(400, 'InvalidObject', 'ticket object is invalid', errors);
    }
    const t: CwStubTicket = {
      id: state.nextTicketId++,
      summary,
      recordType: String(b.recordType ?? 'ServiceTicket'),
      board: { id: bd.id, name: bd.name },
      company: { id: company.id, identifier: company.identifier, name: company.name },
      status: { id: status.id, name: status.name },
      priority: { id: priority.id, name: priority.name },
      type,
      subType,
      item,
      source,
      closedFlag: status.closedStatus,
      dateEntered: now(),
      closedDate: null,
      notes: [],
      statusHistory: [status.id],
    };
    // Manage turns the initial description and analysis into the ticket's first notes.
    if (typeof b.initialDescription === 'string' && b.initialDescription) {
      addNote(t, { text: b.initialDescription, detailDescriptionFlag: true });
    }
    if (typeof b.initialInternalAnalysis === 'string' && b.initialInternalAnalysis) {
      addNote(t, { text: b.initialInternalAnalysis, internalAnalysisFlag: true });
    }
    state.tickets.push(t);
    return { status: 201, body: view(t) };
  };
  const view = (t: CwStubTicket) => {
    const { notes: _notes, statusHistory: _history, ...rest } = t;
    return { ...rest, _info: { dateEntered: t.dateEntered } };
  };

  const patchTicket = (req: RecordedRequest, id: string): StubReply => {
    const t = ticket(id);
    if (!t) return noTicket(id);
    if (!Array.isArray(req.body)) return err(400, 'InvalidObject', 'A JSON Patch array is expected');
    for (const op of req.body as { op?: string; path?: string; value?: unknown }[]) {
      const path = String(op.path ?? '').replace(/^\//, '');
      if (op.op !== 'replace') return err(400, 'InvalidObject', `Unsupported operation ${op.op}`);
      if (path === 'status' || path === 'status/id') {
        const v = path === 'status' ? Number((op.value as { id?: unknown })?.id) : Number(op.value);
        const bad = setStatus(t, v);
        if (bad) return bad;
      } else if (path === 'summary' && typeof op.value === 'string') t.summary = op.value;
      else return err(400, 'InvalidObject', `Cannot patch ${path}`);
    }
    return { body: view(t) };
  };

  const routes = () => {
    const a = api();
    const list = (pattern: string, rows: (p: Record<string, string>) => unknown[] | null) => ({
      method: 'GET',
      pattern: `${a}/${pattern}`,
      handler: (req: RecordedRequest, p: Record<string, string>) => {
        const r = rows(p);
        return r ? paged(req, r) : err(404, 'NotFound', 'Board not found');
      },
    });
    return [
      {
        method: 'GET',
        pattern: '/login/companyinfo/:company',
        handler: (_req: RecordedRequest, p: Record<string, string>): StubReply =>
          p.company.toLowerCase() === state.companyId.toLowerCase()
            ? {
                body: {
                  CompanyName: 'Vigil MSP',
                  Codebase: state.codebase,
                  VersionCode: 'v2025.1',
                  VersionNumber: 'v4.6.100000',
                  CompanyID: state.companyId,
                  IsCloud: true,
                  SiteUrl: new URL(origin).host,
                },
              }
            : { body: 'null', headers: { 'Content-Type': 'application/json' } },
      },
      {
        // Not Manage: lets an end-to-end test in another process read what the PSA now holds.
        method: 'GET',
        pattern: '/__stub/state',
        handler: (): StubReply => ({
          body: { companies: state.companies, boards: state.boards, tickets: state.tickets },
        }),
      },
      {
        method: 'GET',
        pattern: `${a}/system/info`,
        handler: () => ({
          body: { version: 'v2025.1.100000', isCloud: true, serverTimeZone: 'Eastern Standard Time' },
        }),
      },
      list('company/companies/types', () => state.companyTypes),
      list('company/companies/statuses', () => state.companyStatuses),
      list('company/companies', () => state.companies),
      list('service/boards', () =>
        state.boards.map(({ id, name, inactiveFlag }) => ({ id, name, inactiveFlag: !!inactiveFlag })),
      ),
      list(
        'service/boards/:id/statuses',
        (p) => board(p.id)?.statuses.map((s) => ({ ...s, board: { id: Number(p.id) } })) ?? null,
      ),
      list('service/boards/:id/types', (p) => board(p.id)?.types ?? null),
      list('service/boards/:id/subtypes', (p) => board(p.id)?.subtypes ?? null),
      list('service/boards/:id/items', (p) => board(p.id)?.items ?? null),
      list('service/boards/:id/typeSubTypeItemAssociations', (p) => board(p.id)?.associations ?? null),
      list('service/priorities', () => state.priorities),
      list('service/sources', () => state.sources),
      { method: 'POST', pattern: `${a}/service/tickets`, handler: createTicket },
      {
        method: 'GET',
        pattern: `${a}/service/tickets/:id`,
        handler: (_req: RecordedRequest, p: Record<string, string>): StubReply => {
          const t = ticket(p.id);
          return t ? { body: view(t) } : noTicket(p.id);
        },
      },
      {
        method: 'PATCH',
        pattern: `${a}/service/tickets/:id`,
        handler: (req: RecordedRequest, p: Record<string, string>) => patchTicket(req, p.id),
      },
      {
        method: 'GET',
        pattern: `${a}/service/tickets/:id/notes`,
        handler: (req: RecordedRequest, p: Record<string, string>): StubReply => {
          const t = ticket(p.id);
          return t ? paged(req, t.notes) : noTicket(p.id);
        },
      },
      {
        method: 'POST',
        pattern: `${a}/service/tickets/:id/notes`,
        handler: (req: RecordedRequest, p: Record<string, string>): StubReply => {
          const t = ticket(p.id);
          if (!t) return noTicket(p.id);
          const b = (req.body ?? {}) as Record<string, unknown>;
          if (typeof b.text !== 'string' || !b.text.trim()) {
            return err(400, 'InvalidObject', 'serviceNote object is invalid', [
              { code: 'NullOrEmpty', message: 'text may not be empty', resource: 'serviceNote', field: 'text' },
            ]);
          }
          if (!b.detailDescriptionFlag && !b.internalAnalysisFlag && !b.resolutionFlag) {
            return err(400, 'InvalidObject', 'serviceNote object is invalid', [
              {
                code: 'InvalidObject',
                message: 'At least one note flag must be set',
                resource: 'serviceNote',
                field: 'detailDescriptionFlag',
              },
            ]);
          }
          return { status: 201, body: addNote(t, b) };
        },
      },
    ];
  };

  const expectedAuth = () =>
    `Basic ${Buffer.from(`${state.companyId}+${state.publicKey}:${state.privateKey}`).toString('base64')}`;
  const server = await startStubServer({
    port,
    routes: routes(),
    authorize: (req) => {
      if (req.path.toLowerCase().startsWith('/login/companyinfo/') || req.path === '/__stub/state') return null;
      if (req.headers.authorization !== expectedAuth()) {
        return err(401, 'Unauthorized', 'Login failed: the API member credentials are not valid.');
      }
      if (req.headers.clientid !== state.clientId) {
        return err(401, 'Unauthorized', 'A valid clientId header is required.');
      }
      return null;
    },
    notFound: (req) => err(404, 'NotFound', `The resource ${req.path} was not found.`),
  });
  origin = server.url;
  return { ...server, state, apiPath: api() };
}
