import { startStubServer, type PsaStubServer, type RecordedRequest, type StubReply } from './base.ts';
import { err, pagedList } from './connectwise/query.ts';
import { boardOf, defaultState, type ConnectWiseStubSeed, type ConnectWiseStubState } from './connectwise/state.ts';
import { connectWiseTicketRoutes } from './connectwise/tickets.ts';

export {
  connectWiseStubCredentials,
  type ConnectWiseStubSeed,
  type ConnectWiseStubState,
  type CwRef,
  type CwStubBoard,
  type CwStubCompany,
  type CwStubNote,
  type CwStubStatus,
  type CwStubTicket,
} from './connectwise/state.ts';

/**
 * A ConnectWise Manage stand-in speaking REST API 3.0 as documented: `login/companyinfo` for the
 * codebase, Basic auth `{company}+{public}:{private}` plus a `clientId` header, page/pageSize
 * paging with a Link header, `conditions` filters, JSON Patch updates and `{code, message, errors}`
 * error bodies. Tickets created through it (with their notes and status changes) stay in `state`.
 */

export interface ConnectWiseStub extends PsaStubServer {
  state: ConnectWiseStubState;
  /** The API root path, e.g. `/v2025_1/apis/3.0`, for `failNext` prefixes. */
  apiPath: string;
}

export async function startConnectWiseStub(seed: ConnectWiseStubSeed = {}): Promise<ConnectWiseStub> {
  const { port, ...overrides } = seed;
  const state: ConnectWiseStubState = { ...defaultState(), ...overrides };
  const api = () => `/${state.codebase.replace(/\/$/, '')}/apis/3.0`;
  let origin = '';
  const paged = pagedList(
    () => state.maxPageSize,
    () => origin,
  );
  const board = (id: string) => boardOf(state, id);

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
      ...connectWiseTicketRoutes(state, a, paged),
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
