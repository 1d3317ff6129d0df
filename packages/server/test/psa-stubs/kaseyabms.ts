import { randomBytes } from 'node:crypto';
import { startStubServer, type PsaStubServer } from './base.ts';
import { fail, ok, pagedList } from './kaseyabms/reply.ts';
import { defaultState, type KaseyaBmsStubSeed, type KaseyaBmsStubState } from './kaseyabms/state.ts';
import { kaseyaBmsTicketRoutes } from './kaseyabms/tickets.ts';

export {
  kaseyaBmsStubCredentials,
  type BmsLookup,
  type BmsStubAccount,
  type BmsStubNote,
  type BmsStubTicket,
  type KaseyaBmsStubSeed,
  type KaseyaBmsStubState,
} from './kaseyabms/state.ts';

/**
 * A Kaseya BMS stand-in speaking REST API v2 as documented: a bearer token from
 * `POST /v2/security/authenticate` (form fields UserName, Password, Tenant, GrantType), every
 * answer wrapped in `{Success, Error, Result}` (paged lists add `TotalRecords`), PageSize and
 * PageNumber paging, JSON Patch ticket updates. Tickets, notes and status changes stay in `state`.
 */

export interface KaseyaBmsStub extends PsaStubServer {
  state: KaseyaBmsStubState;
}

export async function startKaseyaBmsStub(seed: KaseyaBmsStubSeed = {}): Promise<KaseyaBmsStub> {
  const { port, ...overrides } = seed;
  const state: KaseyaBmsStubState = { ...defaultState(), ...overrides, tokens: new Set() };
  const lookup = (rows: object[]) => () => ok(rows);
  const paged = pagedList(state);

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
      ...kaseyaBmsTicketRoutes(state, paged),
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
