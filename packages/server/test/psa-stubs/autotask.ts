import { startStubServer, type RecordedRequest, type StubReply } from './base.ts';
import { errors, get, matches, type Filter } from './autotask/query.ts';
import {
  AUTOTASK_STUB_CODE,
  AUTOTASK_STUB_SECRET,
  AUTOTASK_STUB_USER,
  defaultSeed,
  type AutotaskStubSeed,
  type AutotaskStubState,
} from './autotask/state.ts';
import { autotaskTicketRoutes } from './autotask/tickets.ts';

export {
  AUTOTASK_STUB_CODE,
  AUTOTASK_STUB_SECRET,
  AUTOTASK_STUB_USER,
  autotaskStubCredentials,
  type AtPicklistValue,
  type AtStubCompany,
  type AtStubNote,
  type AtStubTicket,
  type AutotaskStubSeed,
  type AutotaskStubState,
} from './autotask/state.ts';

/**
 * An Autotask REST API v1.0 stand-in: `/ATServicesRest/V1.0/...` under the stub's URL, the
 * three authentication headers checked on every call (401 with an empty body otherwise, as the
 * zone servers answer), entity queries with JSON filters paged through `pageDetails.nextPageUrl`,
 * picklists in `entityInformation/fields`, `{ "errors": [...] }` bodies, and tickets with their
 * notes kept in `state`.
 */

export async function startAutotaskStub(seed: AutotaskStubSeed = {}) {
  const d = defaultSeed();
  const state: AutotaskStubState = {
    companies: seed.companies ?? d.companies,
    picklists: { ...d.picklists, ...seed.picklists },
    tickets: [],
    pageSize: seed.pageSize ?? d.pageSize,
  };
  let url = '';
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
      ...autotaskTicketRoutes(state, root),
    ],
  });
  url = server.url;
  return { ...server, state };
}

export type AutotaskStub = Awaited<ReturnType<typeof startAutotaskStub>>;
