import { startStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * An Autotask REST API v1.0 stand-in: `/ATServicesRest/V1.0/...` under the stub's URL, the
 * three authentication headers checked on every call (401 with an empty body otherwise, as the
 * zone servers answer), entity queries with JSON filters paged through `pageDetails.nextPageUrl`,
 * picklists in `entityInformation/fields`, `{ "errors": [...] }` bodies, and tickets with their
 * notes kept in `state`.
 */

export interface AtPicklistValue {
  value: string;
  label: string;
  isDefaultValue: boolean;
  sortOrder: number;
  parentValue: string;
  isActive: boolean;
  isSystem: boolean;
}
export interface AtStubCompany {
  id: number;
  companyName: string;
  companyNumber: string | null;
  companyType: number | null;
  isActive: boolean;
}
export interface AtStubNote {
  id: number;
  ticketID: number;
  title: string;
  description: string;
  noteType: number;
  publish: number;
  createDateTime: string;
  creatorResourceID: number;
}
export interface AtStubTicket {
  id: number;
  ticketNumber: string;
  companyID: number;
  title: string;
  description: string;
  status: number;
  priority: number | null;
  queueID: number | null;
  issueType: number | null;
  subIssueType: number | null;
  source: number | null;
  ticketType: number | null;
  ticketCategory: number | null;
  createDate: string;
  notes: AtStubNote[];
  /** Every status the ticket went through, in order. */
  statusHistory: number[];
}
export interface AutotaskStubState {
  companies: AtStubCompany[];
  /** Picklists by entity, then field name. */
  picklists: Record<string, Record<string, AtPicklistValue[]>>;
  tickets: AtStubTicket[];
  /** Records per query page (the real cap is 500; small here so paging is exercised). */
  pageSize: number;
}
export interface AutotaskStubSeed {
  companies?: AtStubCompany[];
  picklists?: Record<string, Record<string, AtPicklistValue[]>>;
  pageSize?: number;
}

const pick = (entries: [string, string, string?][], defaultValue?: string): AtPicklistValue[] =>
  entries.map(([value, label, parentValue], i) => ({
    value,
    label,
    isDefaultValue: value === defaultValue,
    sortOrder: i + 1,
    parentValue: parentValue ?? '',
    isActive: true,
    isSystem: false,
  }));

export const AUTOTASK_STUB_USER = 'vigil-api@acme-msp.example';
export const AUTOTASK_STUB_SECRET = 'at-secret-9f2c';
export const AUTOTASK_STUB_CODE = 'VIGILTESTINTEGRATIONCODE27';

export function autotaskStubCredentials(url: string) {
  return { Url: url, UserName: AUTOTASK_STUB_USER, Secret: AUTOTASK_STUB_SECRET, IntegrationCode: AUTOTASK_STUB_CODE };
}

function defaultSeed(): Required<AutotaskStubSeed> {
  const inactive = { ...pick([['6', 'Cancellation']])[0], isActive: false, sortOrder: 5 };
  return {
    pageSize: 3,
    companies: [
      { id: 0, companyName: 'Acme MSP (own company)', companyNumber: '0', companyType: 5, isActive: true },
      { id: 174, companyName: 'Northwind Traders', companyNumber: 'NW-01', companyType: 1, isActive: true },
      { id: 175, companyName: 'Contoso Dental', companyNumber: null, companyType: 1, isActive: true },
      { id: 176, companyName: 'Fabrikam Legal', companyNumber: 'FAB', companyType: 3, isActive: true },
      { id: 177, companyName: 'Tailspin Toys', companyNumber: null, companyType: 1, isActive: false },
      { id: 178, companyName: 'Wide World Importers', companyNumber: 'WWI', companyType: 2, isActive: true },
      { id: 179, companyName: 'Litware Labs', companyNumber: null, companyType: null, isActive: true },
    ],
    picklists: {
      Companies: {
        companyType: [
          ...pick([
            ['1', 'Customer'],
            ['2', 'Lead'],
            ['3', 'Prospect'],
            ['5', 'Partner'],
          ]),
          inactive,
        ],
      },
      Tickets: {
        queueID: pick([
          ['29683481', 'Client Portal'],
          ['29683482', 'Monitoring Alert'],
          ['29683483', 'Level I Support'],
        ]),
        status: pick(
          [
            ['1', 'New'],
            ['5', 'Complete'],
            ['7', 'Waiting Customer'],
            ['8', 'In Progress'],
          ],
          '1',
        ),
        priority: pick(
          [
            ['4', 'Critical'],
            ['1', 'High'],
            ['2', 'Medium'],
            ['3', 'Low'],
          ],
          '2',
        ),
        issueType: pick([
          ['11', 'Backup'],
          ['12', 'Hardware'],
        ]),
        subIssueType: pick([
          ['211', 'Job failed', '11'],
          ['212', 'Job missed', '11'],
          ['221', 'Disk', '12'],
        ]),
        source: pick(
          [
            ['-1', 'Insourced'],
            ['2', 'Phone'],
            ['8', 'Monitoring Alert'],
          ],
          '8',
        ),
        ticketType: pick(
          [
            ['1', 'Service Request'],
            ['2', 'Incident'],
            ['5', 'Alert'],
          ],
          '1',
        ),
        ticketCategory: pick(
          [
            ['2', 'Standard'],
            ['3', 'RMM Alert'],
          ],
          '2',
        ),
      },
      TicketNotes: {
        noteType: pick(
          [
            ['1', 'Task Summary'],
            ['2', 'Task Detail'],
          ],
          '2',
        ),
        publish: pick([
          ['1', 'All Autotask Users'],
          ['2', 'Internal Only'],
        ]),
      },
    },
  };
}

type Filter = { op: string; field?: string; value?: unknown; items?: Filter[] };

function get(row: object, field: string): unknown {
  const key = Object.keys(row).find((k) => k.toLowerCase() === field.toLowerCase());
  return key ? (row as Record<string, unknown>)[key] : undefined;
}

/** The subset of Autotask's filter grammar the stub understands (enough for real clients). */
function matches(row: object, f: Filter): boolean {
  const op = f.op.toLowerCase();
  if (op === 'and') return (f.items ?? []).every((i) => matches(row, i));
  if (op === 'or') return (f.items ?? []).some((i) => matches(row, i));
  const v = get(row, f.field ?? '');
  switch (op) {
    case 'eq':
      return String(v) === String(f.value);
    case 'noteq':
      return String(v) !== String(f.value);
    case 'gt':
      return Number(v) > Number(f.value);
    case 'gte':
      return Number(v) >= Number(f.value);
    case 'lt':
      return Number(v) < Number(f.value);
    case 'lte':
      return Number(v) <= Number(f.value);
    case 'in':
      return Array.isArray(f.value) && f.value.map(String).includes(String(v));
    case 'exist':
      return v !== undefined && v !== null;
    case 'notexist':
      return v === undefined || v === null;
    default:
      throw new Error(`Unsupported filter operation ${f.op}`);
  }
}

const errors = (status: number, ...messages: string[]): StubReply => ({ status, body: { errors: messages } });

export async function startAutotaskStub(seed: AutotaskStubSeed = {}) {
  const d = defaultSeed();
  const state: AutotaskStubState = {
    companies: seed.companies ?? d.companies,
    picklists: { ...d.picklists, ...seed.picklists },
    tickets: [],
    pageSize: seed.pageSize ?? d.pageSize,
  };
  let url = '';
  let nextTicketId = 9001;
  let nextNoteId = 30001;
  const root = '/ATServicesRest/V1.0';

  const fieldsOf = (entity: string) => {
    const lists = state.picklists[entity] ?? {};
    return {
      fields: [
        { name: 'id', dataType: 'long', isPickList: false, isRequired: true, picklistValues: null },
        ...Object.entries(lists).map(([name, values]) => ({
          name,
          dataType: 'integer',
          isPickList: true,
          isRequired: false,
          picklistValues: values,
        })),
      ],
    };
  };

  const validPick = (entity: string, field: string, value: unknown) =>
    value === undefined ||
    value === null ||
    (state.picklists[entity]?.[field] ?? []).some((p) => p.isActive && p.value === String(value));

  /** One page after `afterIndex` of the rows matching `search`, with the next-page link. */
  const page = (entity: string, rows: object[], search: Record<string, unknown>, offset: number) => {
    const max = Math.min(Number(search.MaxRecords ?? search.maxRecords ?? 500), 500, state.pageSize);
    const slice = rows.slice(offset, offset + max);
    const include = (search.IncludeFields ?? search.includeFields) as string[] | undefined;
    const items = include?.length
      ? slice.map((r) => Object.fromEntries(include.map((f) => [f, get(r, f) ?? null])))
      : slice;
    const more = offset + max < rows.length;
    const paging = { pageSize: max, offset: offset + max };
    return {
      items,
      pageDetails: {
        count: items.length,
        requestCount: max,
        prevPageUrl: null,
        nextPageUrl: more
          ? `${url}${root}/${entity}/query/next?paging=${encodeURIComponent(JSON.stringify(paging))}&search=${encodeURIComponent(JSON.stringify(search))}`
          : null,
      },
    };
  };

  const entityRows = (entity: string): object[] | null =>
    entity.toLowerCase() === 'companies'
      ? state.companies
      : entity.toLowerCase() === 'tickets'
        ? state.tickets.map(({ notes: _n, statusHistory: _s, ...t }) => t)
        : null;

  const runQuery = (entity: string, search: Record<string, unknown>, offset: number): StubReply => {
    const rows = entityRows(entity);
    if (!rows) return errors(404, `Entity ${entity} is not available`);
    const filter = (search.filter ?? search.Filter) as Filter[] | undefined;
    if (!Array.isArray(filter) || filter.length === 0) return errors(400, 'Filter is required.');
    try {
      const hits = rows
        .filter((r) => filter.every((f) => matches(r, f)))
        .sort((a, b) => Number(get(a, 'id')) - Number(get(b, 'id')));
      return { body: page(entity, hits, search, offset) };
    } catch (err) {
      return errors(400, (err as Error).message);
    }
  };

  const ticket = (id: string) => state.tickets.find((t) => String(t.id) === id);

  const server = await startStubServer({
    authorize: (req: RecordedRequest) => {
      const h = req.headers;
      const ok =
        h['username'] === AUTOTASK_STUB_USER &&
        h['secret'] === AUTOTASK_STUB_SECRET &&
        h['apiintegrationcode'] === AUTOTASK_STUB_CODE;
      return ok ? null : { status: 401, body: '' };
    },
    notFound: (req) => errors(404, `No HTTP resource was found that matches the request URI '${req.path}'.`),
    routes: [
      {
        method: 'GET',
        pattern: `${root}/:entity/entityInformation/fields`,
        handler: (_r, p) =>
          state.picklists[p.entity] ? { body: fieldsOf(p.entity) } : errors(404, `Unknown entity ${p.entity}`),
      },
      {
        method: 'POST',
        pattern: `${root}/:entity/query`,
        handler: (r, p) => runQuery(p.entity, (r.body ?? {}) as Record<string, unknown>, 0),
      },
      {
        method: 'GET',
        pattern: `${root}/:entity/query/next`,
        handler: (r, p) => {
          try {
            const paging = JSON.parse(r.query.get('paging') ?? '{}') as { offset: number };
            const search = JSON.parse(r.query.get('search') ?? '{}') as Record<string, unknown>;
            return runQuery(p.entity, search, paging.offset);
          } catch {
            return errors(400, 'Invalid paging token.');
          }
        },
      },
      {
        method: 'GET',
        pattern: `${root}/Companies/:id`,
        handler: (_r, p) => ({ body: { item: state.companies.find((c) => String(c.id) === p.id) ?? null } }),
      },
      {
        method: 'GET',
        pattern: `${root}/Tickets/:id`,
        handler: (_r, p) => {
          const t = ticket(p.id);
          if (!t) return { body: { item: null } };
          const { notes: _n, statusHistory: _s, ...item } = t;
          return { body: { item } };
        },
      },
      {
        method: 'POST',
        pattern: `${root}/Tickets`,
        handler: (r) => {
          const b = (r.body ?? {}) as Record<string, unknown>;
          const missing = ['companyID', 'title', 'status', 'priority'].filter(
            (k) => b[k] === undefined || b[k] === null || b[k] === '',
          );
          if (missing.length) return errors(400, ...missing.map((k) => `${k} is required.`));
          if (!state.companies.some((c) => c.id === Number(b.companyID))) {
            return errors(400, `Reference value on field: companyID of type: Account does not exist or is invalid.`);
          }
          for (const f of [
            'queueID',
            'status',
            'priority',
            'issueType',
            'subIssueType',
            'source',
            'ticketType',
            'ticketCategory',
          ]) {
            if (!validPick('Tickets', f, b[f]))
              return errors(400, `Value ${String(b[f])} does not exist for picklist field ${f}.`);
          }
          if (String(b.title).length > 255)
            return errors(400, 'Value for field title exceeds its maximum length of 255.');
          const id = nextTicketId++;
          const n = (v: unknown) => (v === undefined || v === null ? null : Number(v));
          state.tickets.push({
            id,
            ticketNumber: `T20261123.${String(id).padStart(4, '0')}`,
            companyID: Number(b.companyID),
            title: String(b.title),
            description: String(b.description ?? ''),
            status: Number(b.status),
            priority: n(b.priority),
            queueID: n(b.queueID),
            issueType: n(b.issueType),
            subIssueType: n(b.subIssueType),
            source: n(b.source),
            ticketType: n(b.ticketType),
            ticketCategory: n(b.ticketCategory),
            createDate: new Date().toISOString(),
            notes: [],
            statusHistory: [Number(b.status)],
          });
          return { body: { itemId: id } };
        },
      },
      {
        method: 'PATCH',
        pattern: `${root}/Tickets`,
        handler: (r) => {
          const b = (r.body ?? {}) as Record<string, unknown>;
          const t = ticket(String(b.id));
          if (!t) return errors(400, `Ticket ${String(b.id)} does not exist.`);
          if (b.status !== undefined) {
            if (!validPick('Tickets', 'status', b.status))
              return errors(400, `Value ${String(b.status)} does not exist for picklist field status.`);
            t.status = Number(b.status);
            t.statusHistory.push(t.status);
          }
          return { body: { itemId: t.id } };
        },
      },
      {
        method: 'GET',
        pattern: `${root}/Tickets/:id/Notes`,
        handler: (_r, p) => {
          const t = ticket(p.id);
          return {
            body: {
              items: t?.notes ?? [],
              pageDetails: { count: t?.notes.length ?? 0, requestCount: 500, prevPageUrl: null, nextPageUrl: null },
            },
          };
        },
      },
      {
        method: 'POST',
        pattern: `${root}/Tickets/:id/Notes`,
        handler: (r, p) => {
          const t = ticket(p.id);
          if (!t) return errors(400, `Parent ticket ${p.id} does not exist.`);
          const b = (r.body ?? {}) as Record<string, unknown>;
          const missing = ['description', 'noteType', 'publish'].filter(
            (k) => b[k] === undefined || b[k] === null || b[k] === '',
          );
          if (missing.length) return errors(400, ...missing.map((k) => `${k} is required.`));
          if (!validPick('TicketNotes', 'noteType', b.noteType))
            return errors(400, `Value ${String(b.noteType)} does not exist for picklist field noteType.`);
          if (!validPick('TicketNotes', 'publish', b.publish))
            return errors(400, `Value ${String(b.publish)} does not exist for picklist field publish.`);
          const note: AtStubNote = {
            id: nextNoteId++,
            ticketID: t.id,
            title: String(b.title ?? ''),
            description: String(b.description),
            noteType: Number(b.noteType),
            publish: Number(b.publish),
            createDateTime: new Date().toISOString(),
            creatorResourceID: 29682885,
          };
          t.notes.push(note);
          return { body: { itemId: note.id } };
        },
      },
    ],
  });
  url = server.url;
  return { ...server, state };
}

export type AutotaskStub = Awaited<ReturnType<typeof startAutotaskStub>>;
