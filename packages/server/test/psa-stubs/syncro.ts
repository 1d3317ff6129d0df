import { startStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * A SyncroMSP REST API v1 stand-in under `/api/v1`: the API token checked in the Authorization
 * header (401 `{"error": ...}` otherwise), `page` paging with `meta`, `/tickets/settings` for
 * statuses and issue types, Rails-style 422 `{"success": false, "message": [...]}` validation
 * errors, and tickets with their comments and status changes kept in `state`.
 */

export interface SyncroStubCustomer {
  id: number;
  business_name: string | null;
  firstname: string;
  lastname: string;
  disabled: boolean;
}
export interface SyncroStubComment {
  id: number;
  subject: string;
  body: string;
  hidden: boolean;
  do_not_email: boolean;
  tech: string;
  created_at: string;
}
export interface SyncroStubTicket {
  id: number;
  number: number;
  subject: string;
  customer_id: number;
  status: string;
  problem_type: string | null;
  created_at: string;
  comments: SyncroStubComment[];
  /** Every status the ticket went through, in order. */
  statusHistory: string[];
}
export interface SyncroStubState {
  customers: SyncroStubCustomer[];
  statuses: string[];
  problemTypes: string[];
  tickets: SyncroStubTicket[];
  /** Records per page (Syncro's is 25; small here so paging is exercised). */
  perPage: number;
}
export interface SyncroStubSeed {
  customers?: SyncroStubCustomer[];
  statuses?: string[];
  problemTypes?: string[];
  perPage?: number;
}

export const SYNCRO_STUB_KEY = 'T3f1c0a2b9d8e7f6a5b4c3d2e1f0a9b8c-7d6e5f4a';

export function syncroStubCredentials(url: string) {
  return { Url: url, ApiKey: SYNCRO_STUB_KEY };
}

const fail = (status: number, ...message: string[]): StubReply => ({ status, body: { success: false, message } });

export async function startSyncroStub(seed: SyncroStubSeed = {}) {
  const state: SyncroStubState = {
    customers: seed.customers ?? [
      { id: 3101, business_name: 'Northwind Traders', firstname: 'Nancy', lastname: 'Davolio', disabled: false },
      { id: 3102, business_name: 'Contoso Dental', firstname: 'Ann', lastname: 'Beebe', disabled: false },
      { id: 3103, business_name: null, firstname: 'Mark', lastname: 'Hanson', disabled: false },
      { id: 3104, business_name: 'Fabrikam Legal', firstname: 'Jo', lastname: 'Brown', disabled: true },
      { id: 3105, business_name: 'Tailspin Toys', firstname: 'Kim', lastname: 'Ralls', disabled: false },
    ],
    statuses: seed.statuses ?? ['New', 'In Progress', 'Scheduled', 'Waiting on Customer', 'Resolved'],
    problemTypes: seed.problemTypes ?? ['Backup', 'Hardware', 'Network Project', 'Other'],
    tickets: [],
    perPage: seed.perPage ?? 2,
  };
  let nextTicketId = 27001;
  let nextNumber = 1501;
  let nextCommentId = 880001;
  const root = '/api/v1';
  const now = () => new Date().toISOString();
  const ticket = (id: string) => state.tickets.find((t) => String(t.id) === id);
  const fullname = (c: SyncroStubCustomer) => `${c.firstname} ${c.lastname}`;
  const view = (t: SyncroStubTicket) => {
    const c = state.customers.find((x) => x.id === t.customer_id);
    const { statusHistory: _s, comments, ...rest } = t;
    return {
      ...rest,
      customer_business_then_name: c ? (c.business_name ?? fullname(c)) : null,
      comments: comments.map(({ do_not_email: _d, ...cm }) => cm),
    };
  };
  const comment = (b: Record<string, unknown>): SyncroStubComment => ({
    id: nextCommentId++,
    subject: String(b.subject ?? ''),
    body: String(b.body ?? ''),
    hidden: b.hidden === true || b.hidden === 'true',
    do_not_email: b.do_not_email === true || b.do_not_email === 'true',
    tech: 'Vigil API',
    created_at: now(),
  });

  const server = await startStubServer({
    authorize: (req: RecordedRequest) => {
      const auth = req.headers['authorization'] ?? '';
      // Syncro takes the token bare or as a bearer token.
      const token = auth.replace(/^Bearer\s+/i, '');
      return token === SYNCRO_STUB_KEY ? null : { status: 401, body: { error: 'Unauthorized: invalid API token' } };
    },
    notFound: () => ({ status: 404, body: { error: 'Not found' } }),
    routes: [
      {
        method: 'GET',
        pattern: `${root}/customers`,
        handler: (r) => {
          const page = Math.max(1, Number(r.query.get('page') ?? '1') || 1);
          const rows = state.customers.filter((c) => r.query.get('include_disabled') === 'true' || !c.disabled);
          const totalPages = Math.max(1, Math.ceil(rows.length / state.perPage));
          const slice = rows.slice((page - 1) * state.perPage, page * state.perPage);
          return {
            body: {
              customers: slice.map((c) => ({
                ...c,
                fullname: fullname(c),
                business_then_name: c.business_name ?? fullname(c),
              })),
              meta: { total_pages: totalPages, total_entries: rows.length, per_page: state.perPage, page },
            },
          };
        },
      },
      {
        method: 'GET',
        pattern: `${root}/tickets/settings`,
        handler: () => ({ body: { ticket_status_list: state.statuses, problem_types: state.problemTypes } }),
      },
      {
        method: 'GET',
        pattern: `${root}/tickets/:id`,
        handler: (_r, p) => {
          const t = ticket(p.id);
          return t ? { body: { ticket: view(t) } } : { status: 404, body: { error: 'Not found' } };
        },
      },
      {
        method: 'POST',
        pattern: `${root}/tickets`,
        handler: (r) => {
          const b = (r.body ?? {}) as Record<string, unknown>;
          const errs: string[] = [];
          if (!b.subject) errs.push("Subject can't be blank");
          if (!state.customers.some((c) => c.id === Number(b.customer_id))) errs.push('Customer must exist');
          if (b.status !== undefined && !state.statuses.includes(String(b.status)))
            errs.push('Status is not included in the list');
          if (b.problem_type !== undefined && !state.problemTypes.includes(String(b.problem_type))) {
            errs.push('Problem type is not included in the list');
          }
          if (errs.length) return fail(422, ...errs);
          const t: SyncroStubTicket = {
            id: nextTicketId++,
            number: nextNumber++,
            subject: String(b.subject),
            customer_id: Number(b.customer_id),
            status: String(b.status ?? 'New'),
            problem_type: b.problem_type ? String(b.problem_type) : null,
            created_at: now(),
            comments: ((b.comments_attributes ?? []) as Record<string, unknown>[]).map(comment),
            statusHistory: [String(b.status ?? 'New')],
          };
          state.tickets.push(t);
          return { body: { ticket: view(t) } };
        },
      },
      {
        method: 'PUT',
        pattern: `${root}/tickets/:id`,
        handler: (r, p) => {
          const t = ticket(p.id);
          if (!t) return { status: 404, body: { error: 'Not found' } };
          const b = (r.body ?? {}) as Record<string, unknown>;
          if (b.status !== undefined) {
            if (!state.statuses.includes(String(b.status))) return fail(422, 'Status is not included in the list');
            t.status = String(b.status);
            t.statusHistory.push(t.status);
          }
          return { body: { ticket: view(t) } };
        },
      },
      {
        method: 'POST',
        pattern: `${root}/tickets/:id/comment`,
        handler: (r, p) => {
          const t = ticket(p.id);
          if (!t) return { status: 404, body: { error: 'Not found' } };
          const b = (r.body ?? {}) as Record<string, unknown>;
          if (!b.body) return fail(422, "Body can't be blank");
          if (!b.subject) return fail(422, "Subject can't be blank");
          const c = comment(b);
          t.comments.push(c);
          const { do_not_email: _d, ...shown } = c;
          return { body: { comment: shown } };
        },
      },
    ],
  });
  return { ...server, state };
}

export type SyncroStub = Awaited<ReturnType<typeof startSyncroStub>>;
