import { createHash } from 'node:crypto';
import { startStubServer, type PsaStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * A ServiceNow instance on loopback speaking the Table API: basic auth, `/api/now/table/{table}`
 * with encoded queries (`a=b^cINx,y^ORDERBYz`), `sysparm_fields`, `sysparm_limit` /
 * `sysparm_offset` paging answered with a Link header and X-Total-Count,
 * `sysparm_display_value=all`, and the `{ error: { message, detail }, status: 'failure' }` body.
 * Every row holds strings, as the Table API returns them.
 */

export type SnRow = Record<string, string>;
export interface ServiceNowStubState {
  companies: SnRow[];
  /** sys_choice rows of the incident table. */
  choices: SnRow[];
  groups: SnRow[];
  users: SnRow[];
  incidents: SnRow[];
  /** sys_journal_field: work notes and comments. */
  journal: SnRow[];
  /** Every state each incident went through, by sys_id. */
  stateHistory: Record<string, string[]>;
}
export interface ServiceNowStub extends PsaStubServer {
  state: ServiceNowStubState;
}

export const SN_STUB_USER = 'vigil.integration';
export const SN_STUB_PASSWORD = 'sn-stub-Passw0rd!';

/** Credentials the stub accepts. */
export function serviceNowStubCredentials(url: string) {
  return { Url: url, UserName: SN_STUB_USER, Password: SN_STUB_PASSWORD };
}

/** A stable sys_id for seeded rows, so tests can name them. */
export const snSysId = (seed: string) => createHash('md5').update(seed).digest('hex');

const PRIORITY: Record<string, string> = {
  '1-1': '1',
  '1-2': '2',
  '2-1': '2',
  '1-3': '3',
  '2-2': '3',
  '3-1': '3',
  '2-3': '4',
  '3-2': '4',
  '3-3': '5',
};

function choice(element: string, value: string, label: string, sequence: number, extra: Partial<SnRow> = {}): SnRow {
  return {
    sys_id: snSysId(`choice:${element}:${value}`),
    name: 'incident',
    element,
    value,
    label,
    sequence: String(sequence),
    language: 'en',
    inactive: 'false',
    dependent_value: '',
    ...extra,
  };
}

function defaultState(): ServiceNowStubState {
  const company = (
    name: string,
    flags: { customer?: boolean; vendor?: boolean; manufacturer?: boolean } = {},
  ): SnRow => ({
    sys_id: snSysId(`company:${name}`),
    name,
    customer: String(flags.customer ?? false),
    vendor: String(flags.vendor ?? false),
    manufacturer: String(flags.manufacturer ?? false),
  });
  const named = [
    company('Northwind Traders', { customer: true }),
    company('Contoso Dental', { customer: true, vendor: true }),
    company('Fabrikam Hardware', { manufacturer: true, vendor: true }),
    company('Internal IT'),
  ];
  // Enough further companies that a listing takes two pages of 100.
  const filler = Array.from({ length: 110 }, (_, i) =>
    company(`Account ${String(i + 1).padStart(3, '0')}`, { customer: true }),
  );
  const choices = [
    choice('state', '1', 'New', 1),
    choice('state', '2', 'In Progress', 2),
    choice('state', '3', 'On Hold', 3),
    choice('state', '6', 'Resolved', 6),
    choice('state', '7', 'Closed', 7),
    choice('state', '8', 'Canceled', 8),
    choice('category', 'inquiry', 'Inquiry / Help', 1),
    choice('category', 'software', 'Software', 2),
    choice('category', 'hardware', 'Hardware', 3),
    choice('category', 'database', 'Database', 4),
    choice('category', 'retired', 'Retired', 5, { inactive: 'true' }),
    choice('subcategory', 'email', 'Email', 1, { dependent_value: 'software' }),
    choice('subcategory', 'os', 'Operating System', 2, { dependent_value: 'software' }),
    choice('subcategory', 'disk', 'Disk', 1, { dependent_value: 'hardware' }),
    choice('subcategory', 'db2', 'DB2', 1, { dependent_value: 'database' }),
    choice('subcategory', 'mssql', 'MS SQL Server', 2, { dependent_value: 'database' }),
    choice('urgency', '1', '1 - High', 1),
    choice('urgency', '2', '2 - Medium', 2),
    choice('urgency', '3', '3 - Low', 3),
    choice('impact', '1', '1 - High', 1),
    choice('impact', '2', '2 - Medium', 2),
    choice('impact', '3', '3 - Low', 3),
    choice('priority', '1', '1 - Critical', 1),
    choice('priority', '2', '2 - High', 2),
    choice('priority', '3', '3 - Moderate', 3),
    choice('priority', '4', '4 - Low', 4),
    choice('priority', '5', '5 - Planning', 5),
    choice('contact_type', 'email', 'Email', 1),
    choice('contact_type', 'phone', 'Phone', 2),
    choice('contact_type', 'self-service', 'Self-service', 3),
    choice('contact_type', 'monitoring', 'Monitoring', 4),
    choice('close_code', 'Duplicate', 'Duplicate', 1),
    choice('close_code', 'Known error', 'Known error', 2),
    choice('close_code', 'Solution provided', 'Solution provided', 3),
    choice('close_code', 'Resolved by caller', 'Resolved by caller', 4),
  ];
  const user = (name: string, companyName: string, active = true): SnRow => ({
    sys_id: snSysId(`user:${name}`),
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    company: snSysId(`company:${companyName}`),
    active: String(active),
  });
  return {
    companies: [...named, ...filler],
    choices,
    groups: [
      { sys_id: snSysId('group:Service Desk'), name: 'Service Desk', active: 'true' },
      { sys_id: snSysId('group:Backup Operations'), name: 'Backup Operations', active: 'true' },
      { sys_id: snSysId('group:Old Team'), name: 'Old Team', active: 'false' },
    ],
    users: [
      user('Abel Tuter', 'Northwind Traders'),
      user('Beth Anglin', 'Northwind Traders'),
      user('Former Employee', 'Northwind Traders', false),
      user('Carol Dentist', 'Contoso Dental'),
    ],
    incidents: [],
    journal: [],
    stateHistory: {},
  };
}

const failure = (status: number, message: string, detail: string | null = null): StubReply => ({
  status,
  body: { error: { message, detail }, status: 'failure' },
});

/** Evaluates the subset of encoded queries the client sends: `=`, `!=`, `IN`, `ORDERBY`, `ORDERBYDESC`. */
function applyQuery(rows: SnRow[], encoded: string | null): SnRow[] {
  let out = rows;
  const orders: { field: string; desc: boolean }[] = [];
  for (const term of (encoded ?? '').split('^').filter(Boolean)) {
    if (term.startsWith('ORDERBYDESC')) orders.push({ field: term.slice(11), desc: true });
    else if (term.startsWith('ORDERBY')) orders.push({ field: term.slice(7), desc: false });
    else {
      const m = /^([a-z_0-9.]+)(!=|=|IN)(.*)$/.exec(term);
      if (!m) throw new Error(`Unsupported query term ${term}`);
      const [, field, op, value] = m;
      out = out.filter((r) => {
        const v = r[field] ?? '';
        if (op === '=') return v === value;
        if (op === '!=') return v !== value;
        return value.split(',').includes(v);
      });
    }
  }
  for (const o of orders.reverse()) {
    out = [...out].sort(
      (a, b) => (o.desc ? -1 : 1) * (a[o.field] ?? '').localeCompare(b[o.field] ?? '', 'en', { numeric: true }),
    );
  }
  return out;
}

export async function startServiceNowStub(seed: Partial<ServiceNowStubState> = {}): Promise<ServiceNowStub> {
  const state: ServiceNowStubState = { ...defaultState(), ...seed };
  let nextNumber = 10001;
  let clock = Date.parse('2026-03-02T08:00:00Z');
  const now = () => new Date((clock += 1000)).toISOString().replace('T', ' ').slice(0, 19);
  let origin = '';

  const tables = (): Record<string, SnRow[]> => ({
    core_company: state.companies,
    sys_choice: state.choices,
    sys_user_group: state.groups,
    sys_user: state.users,
    incident: state.incidents,
    sys_journal_field: state.journal,
  });
  const label = (element: string, value: string) =>
    state.choices.find((c) => c.element === element && c.value === value)?.label ?? value;
  const displayOf = (table: string, field: string, value: string): string => {
    if (table !== 'incident') return value;
    if (['state', 'category', 'subcategory', 'urgency', 'impact', 'priority', 'contact_type'].includes(field)) {
      return label(field, value);
    }
    if (field === 'company') return state.companies.find((c) => c.sys_id === value)?.name ?? '';
    if (field === 'caller_id') return state.users.find((u) => u.sys_id === value)?.name ?? '';
    if (field === 'assignment_group') return state.groups.find((g) => g.sys_id === value)?.name ?? '';
    return value;
  };
  const present = (table: string, row: SnRow, req: RecordedRequest) => {
    const fields = req.query.get('sysparm_fields')?.split(',').filter(Boolean) ?? Object.keys(row);
    const display = req.query.get('sysparm_display_value') ?? 'false';
    return Object.fromEntries(
      fields.map((f) => {
        const value = row[f] ?? '';
        if (display === 'all') return [f, { value, display_value: displayOf(table, f, value) }];
        return [f, display === 'true' ? displayOf(table, f, value) : value];
      }),
    );
  };

  /** Writes incident fields, enforcing the checks an instance's data policies make. */
  const writeIncident = (row: SnRow, body: Record<string, unknown>, creating: boolean): StubReply | null => {
    const next: SnRow = { ...row };
    const notes: SnRow[] = [];
    for (const [k, raw] of Object.entries(body)) {
      const v = String(raw);
      if (k === 'work_notes' || k === 'comments') {
        notes.push({ element: k, value: v });
        continue;
      }
      next[k] = v;
    }
    if (creating && !next.short_description?.trim()) {
      return failure(403, 'Operation Failed', 'Data Policy Exception: \n Short description is mandatory');
    }
    if (next.company && !state.companies.some((c) => c.sys_id === next.company)) {
      return failure(400, 'Invalid reference', `Invalid value for field: company (${next.company})`);
    }
    for (const f of ['state', 'category', 'urgency', 'impact', 'contact_type'] as const) {
      if (next[f] && !state.choices.some((c) => c.element === f && c.value === next[f])) {
        return failure(400, 'Invalid choice', `Invalid value for field: ${f} (${next[f]})`);
      }
    }
    if (['6', '7'].includes(next.state) && next.state !== row.state && (!next.close_code || !next.close_notes)) {
      return failure(
        403,
        'Operation Failed',
        'Data Policy Exception: \n Resolution code, Resolution notes are mandatory',
      );
    }
    next.priority = PRIORITY[`${next.impact}-${next.urgency}`] ?? next.priority;
    next.active = String(!['6', '7', '8'].includes(next.state));
    next.sys_updated_on = now();
    Object.assign(row, next);
    if (creating || state.stateHistory[row.sys_id]?.at(-1) !== row.state) {
      (state.stateHistory[row.sys_id] ??= []).push(row.state);
    }
    for (const n of notes) {
      state.journal.push({
        sys_id: snSysId(`journal:${state.journal.length}`),
        name: 'incident',
        element_id: row.sys_id,
        element: n.element,
        value: n.value,
        sys_created_on: now(),
        sys_created_by: SN_STUB_USER,
      });
    }
    return null;
  };

  const server = await startStubServer({
    authorize: (req) => {
      if (req.path === '/__stub/state') return null;
      const expected = 'Basic ' + Buffer.from(`${SN_STUB_USER}:${SN_STUB_PASSWORD}`).toString('base64');
      return req.headers.authorization === expected
        ? null
        : failure(401, 'User Not Authenticated', 'Required to provide Auth information');
    },
    notFound: () => failure(400, 'Requested URI does not represent any resource'),
    routes: [
      {
        // Not ServiceNow: lets an end-to-end test in another process read what the PSA now holds.
        method: 'GET',
        pattern: '/__stub/state',
        handler: () => ({
          body: { incidents: state.incidents, journal: state.journal, stateHistory: state.stateHistory },
        }),
      },
      {
        method: 'GET',
        pattern: '/api/now/table/:table',
        handler: (req, p) => {
          const rows = tables()[p.table];
          if (!rows) return failure(400, 'Invalid table ' + p.table);
          let matched: SnRow[];
          try {
            matched = applyQuery(rows, req.query.get('sysparm_query'));
          } catch (err) {
            return failure(400, 'Invalid query', String(err));
          }
          const limit = Number(req.query.get('sysparm_limit') ?? 10000);
          const offset = Number(req.query.get('sysparm_offset') ?? 0);
          const page = matched.slice(offset, offset + limit);
          const headers: Record<string, string> = { 'X-Total-Count': String(matched.length) };
          if (matched.length > limit) {
            const link = (o: number, rel: string) => {
              const u = new URL(`${origin}${req.path}`);
              for (const [k, v] of req.query) u.searchParams.set(k, v);
              u.searchParams.set('sysparm_offset', String(o));
              u.searchParams.set('sysparm_limit', String(limit));
              // The instance names itself by its public host, not the address the caller used.
              return `<${u.toString().replace(origin, 'https://acme.service-now.com')}>;rel="${rel}"`;
            };
            const lastOffset = Math.floor((matched.length - 1) / limit) * limit;
            const parts = [link(0, 'first')];
            if (offset > 0) parts.push(link(Math.max(0, offset - limit), 'prev'));
            if (offset + limit < matched.length) parts.push(link(offset + limit, 'next'));
            parts.push(link(lastOffset, 'last'));
            headers.Link = parts.join(',');
          }
          return { body: { result: page.map((r) => present(p.table, r, req)) }, headers };
        },
      },
      {
        method: 'GET',
        pattern: '/api/now/table/:table/:sysId',
        handler: (req, p) => {
          const row = tables()[p.table]?.find((r) => r.sys_id === p.sysId);
          if (!row)
            return failure(404, 'No Record found', "Record doesn't exist or ACL restricts the record retrieval");
          return { body: { result: present(p.table, row, req) } };
        },
      },
      {
        method: 'POST',
        pattern: '/api/now/table/incident',
        handler: (req) => {
          if (!req.body || typeof req.body !== 'object')
            return failure(400, 'Exception while reading request', 'No request body');
          const row: SnRow = {
            sys_id: snSysId(`incident:${nextNumber}`),
            number: `INC00${nextNumber++}`,
            state: '1',
            urgency: '3',
            impact: '3',
            sys_created_on: now(),
          };
          const refused = writeIncident(row, req.body as Record<string, unknown>, true);
          if (refused) return refused;
          state.incidents.push(row);
          return { status: 201, body: { result: present('incident', row, req) } };
        },
      },
      {
        method: 'PATCH',
        pattern: '/api/now/table/incident/:sysId',
        handler: (req, p) => {
          const row = state.incidents.find((r) => r.sys_id === p.sysId);
          if (!row)
            return failure(404, 'No Record found', "Record doesn't exist or ACL restricts the record retrieval");
          if (!req.body || typeof req.body !== 'object')
            return failure(400, 'Exception while reading request', 'No request body');
          const refused = writeIncident(row, req.body as Record<string, unknown>, false);
          return refused ?? { body: { result: present('incident', row, req) } };
        },
      },
    ],
  });
  origin = server.url;
  return { ...server, state };
}
