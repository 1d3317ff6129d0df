import { randomUUID } from 'node:crypto';
import { startStubServer, type PsaStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * A HaloPSA / HaloITSM instance on loopback: the authorisation server at `/auth/token`
 * (client credentials, `tenant` query) and the resource server under `/api`, with Halo's
 * paging (`pageinate`, `page_size`, `page_no`, `record_count`), its array-taking POST
 * endpoints, and its plain-text 400 messages.
 */

export interface HaloStubClient {
  id: number;
  name: string;
  inactive: boolean;
  accountsid: string | null;
  customer_relationship: { id: number; name: string }[];
}
export interface HaloStubAction {
  id: number;
  ticket_id: number;
  note: string;
  outcome: string;
  hiddenfromuser: boolean;
  datetime: string;
  who: string;
}
export interface HaloStubTicket {
  id: number;
  summary: string;
  details: string;
  client_id: number;
  team_id: number | null;
  team: string | null;
  priority_id: number | null;
  status_id: number;
  tickettype_id: number | null;
  categoryid_1: number | null;
  source: number | null;
  dateoccurred: string;
  /** Every status the ticket went through, in order. */
  statusHistory: number[];
  actions: HaloStubAction[];
}
export interface HaloStubState {
  kind: 'psa' | 'itsm';
  clients: HaloStubClient[];
  teams: { id: number; name: string; inactive?: boolean }[];
  priorities: { id: string; slaid: number; priorityid: number; name: string; ishidden?: boolean }[];
  statuses: { id: number; name: string; type: number }[];
  ticketTypes: { id: number; name: string; inactive?: boolean }[];
  categories: { id: number; value: string; type_id: number }[];
  sources: { id: number; name: string; isdefault?: boolean }[];
  outcomes: { id: number; outcome: string }[];
  tickets: HaloStubTicket[];
  /** Tokens handed out, so tests can see a token was reused or renewed. */
  tokens: string[];
}

export interface HaloStub extends PsaStubServer {
  state: HaloStubState;
}

export const HALO_STUB_CLIENT_ID = 'vigil-backup-monitor';
export const HALO_STUB_SECRET = 'halo-stub-secret-7f3c';
export const HALO_STUB_TENANT = 'acme';

/** Credentials the stub accepts. */
export function haloStubCredentials(url: string) {
  return {
    Url: url,
    AuthUrl: null,
    ClientId: HALO_STUB_CLIENT_ID,
    ClientSecret: HALO_STUB_SECRET,
    Tenant: HALO_STUB_TENANT,
  };
}

function seedClients(kind: 'psa' | 'itsm'): HaloStubClient[] {
  const managed = { id: 1, name: 'Managed Services' };
  const breakFix = { id: 2, name: 'Break/Fix' };
  const prospect = { id: 3, name: 'Prospect' };
  const named: HaloStubClient[] =
    kind === 'psa'
      ? [
          { id: 12, name: 'Northwind Traders', inactive: false, accountsid: 'NWT', customer_relationship: [managed] },
          {
            id: 13,
            name: 'Contoso Dental',
            inactive: false,
            accountsid: 'CONDEN',
            customer_relationship: [managed, breakFix],
          },
          { id: 14, name: 'Fabrikam Legal', inactive: true, accountsid: null, customer_relationship: [breakFix] },
          { id: 15, name: 'Tailspin Toys', inactive: false, accountsid: null, customer_relationship: [] },
          { id: 16, name: 'Adventure Works', inactive: false, accountsid: 'ADV', customer_relationship: [prospect] },
        ]
      : [
          { id: 12, name: 'Finance Department', inactive: false, accountsid: null, customer_relationship: [managed] },
          { id: 13, name: 'Head Office', inactive: false, accountsid: 'HQ', customer_relationship: [managed] },
          { id: 14, name: 'Warehouse', inactive: true, accountsid: null, customer_relationship: [] },
        ];
  // Enough further clients that a full listing takes two pages of 100.
  const filler = Array.from({ length: 120 }, (_, i) => ({
    id: 100 + i,
    name: `${kind === 'psa' ? 'Customer' : 'Site'} ${String(i + 1).padStart(3, '0')}`,
    inactive: i % 10 === 9,
    accountsid: null,
    customer_relationship: i % 2 === 0 ? [managed] : [breakFix],
  }));
  return [...named, ...filler];
}

function defaultState(kind: 'psa' | 'itsm'): HaloStubState {
  return {
    kind,
    clients: seedClients(kind),
    teams:
      kind === 'psa'
        ? [
            { id: 1, name: '1st Line Support' },
            { id: 2, name: 'Backups & DR' },
            { id: 3, name: 'Retired Team', inactive: true },
          ]
        : [
            { id: 1, name: 'Service Desk' },
            { id: 2, name: 'Infrastructure' },
          ],
    priorities: [
      { id: '1-1', slaid: 1, priorityid: 1, name: 'Critical' },
      { id: '1-2', slaid: 1, priorityid: 2, name: 'High' },
      { id: '1-3', slaid: 1, priorityid: 3, name: 'Medium' },
      { id: '1-4', slaid: 1, priorityid: 4, name: 'Low' },
      { id: '2-1', slaid: 2, priorityid: 1, name: 'Critical' },
      { id: '1-5', slaid: 1, priorityid: 5, name: 'Hidden', ishidden: true },
    ],
    statuses: [
      { id: 1, name: 'New', type: 0 },
      { id: 2, name: 'In Progress', type: 0 },
      { id: 3, name: 'Action Required', type: 0 },
      { id: 4, name: 'With User', type: 0 },
      { id: 8, name: 'Resolved', type: 0 },
      { id: 9, name: 'Closed', type: 0 },
    ],
    ticketTypes:
      kind === 'psa'
        ? [
            { id: 1, name: 'Incident' },
            { id: 3, name: 'Service Request' },
            { id: 21, name: 'Backup Alert' },
            { id: 30, name: 'Old Type', inactive: true },
          ]
        : [
            { id: 1, name: 'Incident' },
            { id: 3, name: 'Service Request' },
            { id: 4, name: 'Problem' },
            { id: 5, name: 'Change Request' },
          ],
    categories: [
      { id: 11, value: 'Backup>Failed job', type_id: 1 },
      { id: 12, value: 'Backup>Missed schedule', type_id: 1 },
      { id: 13, value: 'Hardware>Server', type_id: 1 },
      { id: 40, value: 'Resolution>Fixed', type_id: 2 },
    ],
    sources: [
      { id: 0, name: 'Email' },
      { id: 1, name: 'Phone' },
      { id: 3, name: 'Monitoring', isdefault: true },
      { id: 5, name: 'Web' },
    ],
    outcomes: [
      { id: 1, outcome: 'Update' },
      { id: 2, outcome: 'Private Note' },
      { id: 7, outcome: 'Email User' },
    ],
    tickets: [],
    tokens: [],
  };
}

const text = (status: number, message: string): StubReply => ({
  status,
  body: message,
  headers: { 'Content-Type': 'text/plain' },
});
const json = (body: unknown, status = 200): StubReply => ({ status, body });

function authorizeRequest(state: HaloStubState, req: RecordedRequest): StubReply | null {
  if (!req.path.toLowerCase().startsWith('/api/')) return null;
  const auth = req.headers.authorization ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  if (!state.tokens.includes(token)) return json({ message: 'Authorization has been denied for this request.' }, 401);
  return null;
}

/** Starts a Halo stub; `kind` picks HaloPSA or HaloITSM seed data. */
export async function startHaloStub(seed: Partial<HaloStubState> & { kind?: 'psa' | 'itsm' } = {}): Promise<HaloStub> {
  const kind = seed.kind ?? 'psa';
  const state: HaloStubState = { ...defaultState(kind), ...seed, kind };
  let nextTicket = 1000;
  let nextAction = 1;
  const bool = (req: RecordedRequest, key: string, fallback: boolean) => {
    const v = req.query.get(key);
    return v === null ? fallback : v.toLowerCase() === 'true';
  };
  const ticketView = (t: HaloStubTicket) => ({
    id: t.id,
    summary: t.summary,
    details: t.details,
    client_id: t.client_id,
    client_name: state.clients.find((c) => c.id === t.client_id)?.name ?? '',
    team_id: t.team_id,
    team: t.team,
    priority_id: t.priority_id,
    status_id: t.status_id,
    status_name: state.statuses.find((s) => s.id === t.status_id)?.name ?? '',
    tickettype_id: t.tickettype_id,
    categoryid_1: t.categoryid_1,
    source: t.source,
    dateoccurred: t.dateoccurred,
    datecreated: t.dateoccurred,
  });
  const addAction = (t: HaloStubTicket, a: Record<string, unknown>) => {
    const action: HaloStubAction = {
      id: nextAction++,
      ticket_id: t.id,
      note: String(a.note ?? ''),
      outcome: String(a.outcome ?? 'Update'),
      hiddenfromuser: a.hiddenfromuser === true,
      datetime: new Date().toISOString(),
      who: 'API Agent',
    };
    t.actions.push(action);
    return action;
  };

  const server = await startStubServer({
    authorize: (req) => authorizeRequest(state, req),
    notFound: () => text(404, 'Not Found'),
    routes: [
      {
        method: 'POST',
        pattern: '/auth/token',
        handler: (req) => {
          const f = (req.body ?? {}) as Record<string, string>;
          if (req.query.get('tenant') !== HALO_STUB_TENANT) {
            return json({ error: 'invalid_request', error_description: 'Unknown tenant' }, 400);
          }
          if (f.grant_type !== 'client_credentials') return json({ error: 'unsupported_grant_type' }, 400);
          if (f.client_id !== HALO_STUB_CLIENT_ID || f.client_secret !== HALO_STUB_SECRET) {
            return json({ error: 'invalid_client' }, 400);
          }
          const token = randomUUID();
          state.tokens.push(token);
          return json({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope: f.scope ?? 'all' });
        },
      },
      {
        // Not Halo: lets an end-to-end test in another process read what the PSA now holds.
        method: 'GET',
        pattern: '/__stub/state',
        handler: () =>
          json({ clients: state.clients, teams: state.teams, statuses: state.statuses, tickets: state.tickets }),
      },
      { method: 'GET', pattern: '/api/Agent/me', handler: () => json({ id: 38, name: 'API Agent', isapiagent: true }) },
      {
        method: 'GET',
        pattern: '/api/Client',
        handler: (req) => {
          const rows = state.clients.filter((c) =>
            c.inactive ? bool(req, 'includeinactive', false) : bool(req, 'includeactive', true),
          );
          if (!bool(req, 'pageinate', false)) return json({ record_count: rows.length, clients: rows });
          const size = Number(req.query.get('page_size') ?? 50);
          const page = Number(req.query.get('page_no') ?? 1);
          if (!(size > 0) || !(page > 0)) return text(400, 'page_size and page_no must be positive');
          return json({
            page_no: page,
            page_size: size,
            record_count: rows.length,
            clients: rows.slice((page - 1) * size, page * size),
          });
        },
      },
      { method: 'GET', pattern: '/api/Team', handler: () => json(state.teams) },
      { method: 'GET', pattern: '/api/Priority', handler: () => json(state.priorities) },
      {
        method: 'GET',
        pattern: '/api/Status',
        handler: (req) => (req.query.get('type') === 'ticket' ? json(state.statuses) : json([])),
      },
      {
        method: 'GET',
        pattern: '/api/TicketType',
        handler: (req) =>
          json(bool(req, 'showinactive', false) ? state.ticketTypes : state.ticketTypes.filter((t) => !t.inactive)),
      },
      {
        method: 'GET',
        pattern: '/api/Category',
        handler: (req) => json(state.categories.filter((c) => String(c.type_id) === (req.query.get('type_id') ?? '1'))),
      },
      {
        method: 'GET',
        pattern: '/api/Lookup',
        handler: (req) => (req.query.get('lookupid') === '4' ? json(state.sources) : json([])),
      },
      { method: 'GET', pattern: '/api/Outcome', handler: () => json(state.outcomes) },
      {
        method: 'POST',
        pattern: '/api/Tickets',
        handler: (req) => {
          if (!Array.isArray(req.body) || req.body.length === 0)
            return text(400, 'Request body must be an array of tickets');
          const results: unknown[] = [];
          for (const raw of req.body as Record<string, unknown>[]) {
            if (raw.id !== undefined && raw.id !== null && Number(raw.id) > 0) {
              const t = state.tickets.find((x) => x.id === Number(raw.id));
              if (!t) return text(400, `Ticket ${String(raw.id)} does not exist`);
              if (raw.status_id !== undefined) {
                if (!state.statuses.some((s) => s.id === Number(raw.status_id))) {
                  return text(400, `Status ${String(raw.status_id)} is not valid`);
                }
                t.status_id = Number(raw.status_id);
                t.statusHistory.push(t.status_id);
              }
              results.push(ticketView(t));
              continue;
            }
            if (typeof raw.summary !== 'string' || !raw.summary.trim()) return text(400, 'Please enter a Summary');
            if (!state.clients.some((c) => c.id === Number(raw.client_id))) {
              return text(400, `Client ${String(raw.client_id)} does not exist`);
            }
            if (raw.tickettype_id !== undefined && !state.ticketTypes.some((t) => t.id === Number(raw.tickettype_id))) {
              return text(400, `Ticket Type ${String(raw.tickettype_id)} does not exist`);
            }
            const opt = (k: string) => (raw[k] === undefined || raw[k] === null ? null : Number(raw[k]));
            const status = opt('status_id') ?? 1;
            const t: HaloStubTicket = {
              id: nextTicket++,
              summary: raw.summary,
              details: String(raw.details ?? ''),
              client_id: Number(raw.client_id),
              team_id: opt('team_id'),
              team: typeof raw.team === 'string' ? raw.team : null,
              priority_id: opt('priority_id'),
              status_id: status,
              tickettype_id: opt('tickettype_id'),
              categoryid_1: opt('categoryid_1'),
              source: opt('source'),
              dateoccurred: new Date().toISOString(),
              statusHistory: [status],
              actions: [],
            };
            state.tickets.push(t);
            results.push(ticketView(t));
          }
          // One ticket in, the ticket out; several in, an array out.
          return json(results.length === 1 ? results[0] : results, 201);
        },
      },
      {
        method: 'GET',
        pattern: '/api/Tickets/:id',
        handler: (_req, p) => {
          const t = state.tickets.find((x) => String(x.id) === p.id);
          return t ? json(ticketView(t)) : text(404, `Ticket ${p.id} not found`);
        },
      },
      {
        method: 'POST',
        pattern: '/api/Actions',
        handler: (req) => {
          if (!Array.isArray(req.body) || req.body.length === 0)
            return text(400, 'Request body must be an array of actions');
          const out: HaloStubAction[] = [];
          for (const raw of req.body as Record<string, unknown>[]) {
            const t = state.tickets.find((x) => x.id === Number(raw.ticket_id));
            if (!t) return text(400, `Ticket ${String(raw.ticket_id)} does not exist`);
            out.push(addAction(t, raw));
          }
          return json(out.length === 1 ? out[0] : out, 201);
        },
      },
      {
        method: 'GET',
        pattern: '/api/Actions',
        handler: (req) => {
          const t = state.tickets.find((x) => String(x.id) === req.query.get('ticket_id'));
          if (!t) return text(400, 'ticket_id is required');
          return json({ record_count: t.actions.length, actions: t.actions });
        },
      },
    ],
  });
  return { ...server, state };
}
