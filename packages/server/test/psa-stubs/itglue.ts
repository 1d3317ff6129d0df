import { readFileSync } from 'node:fs';
import { startStubServer, type PsaStubServer, type RecordedRequest, type StubReply } from './base.ts';

/**
 * A local IT Glue speaking its documented JSON:API (test/fixtures/itglue/PROVENANCE.md): the key in
 * `x-api-key`, `page[size]`/`page[number]` paging with `meta` and `links`, a JSON:API 401 for a
 * wrong key, 429 with Retry-After (failNext), and the flexible assets and configuration notes that
 * pushes write, kept so tests read them back.
 */

export const ITGLUE_KEY = 'ITG.stub-api-key';
const ERROR_401 = JSON.parse(readFileSync(new URL('../fixtures/itglue/error-401.json', import.meta.url), 'utf8')) as {
  errors: { detail: string }[];
};
export const ITGLUE_REFUSAL = ERROR_401.errors[0].detail;

export interface StubAsset {
  id: string;
  organizationId: number;
  typeId: number;
  traits: Record<string, unknown>;
}

export interface StubConfiguration {
  id: string;
  organizationId: string;
  name: string;
  hostname: string | null;
  notes: string | null;
  typeId: number;
}

export interface ItGlueStub extends PsaStubServer {
  organizations: { id: string; name: string }[];
  assets: Map<string, StubAsset>;
  configurations: StubConfiguration[];
  /** Makes the next `count` requests answer 429 with Retry-After: 1 (IT Glue's rate limit). */
  rateLimitNext(count: number): void;
}

export const VIGIL_TYPE = 101;
const TYPES = [
  {
    id: VIGIL_TYPE,
    name: 'Vigil Backups',
    fields: [
      'name',
      'backups',
      'succeeded',
      'warned',
      'failed',
      'no-result',
      'last-good-backups',
      'vigil-audit',
      'last-push',
    ],
  },
  { id: 102, name: 'Backup Notes', fields: ['name', 'notes'] },
];
const CONFIG_TYPES = [
  { id: 201, name: 'Managed Server' },
  { id: 202, name: 'Managed Workstation' },
];

const MEDIA = { 'Content-Type': 'application/vnd.api+json' };
const errorReply = (status: number, title: string, detail: string): StubReply => ({
  status,
  headers: MEDIA,
  body: { errors: [{ status: String(status), title, detail }] },
});

/** One page of a listing, as IT Glue pages it. */
function page<T>(
  req: RecordedRequest,
  rows: T[],
  type: string,
  attrs: (r: T) => Record<string, unknown>,
  id: (r: T) => string,
): StubReply {
  const size = Math.min(Number(req.query.get('page[size]') ?? 50) || 50, 1000);
  const number = Math.max(Number(req.query.get('page[number]') ?? 1) || 1, 1);
  const total = Math.max(Math.ceil(rows.length / size), 1);
  const slice = rows.slice((number - 1) * size, number * size);
  return {
    headers: MEDIA,
    body: {
      data: slice.map((r) => ({ id: id(r), type, attributes: attrs(r), relationships: {} })),
      meta: {
        'current-page': number,
        'next-page': number < total ? number + 1 : null,
        'prev-page': number > 1 ? number - 1 : null,
        'total-pages': total,
        'total-count': rows.length,
        filters: {},
      },
      links: {},
    },
  };
}

export async function startItGlueStub(opts: { organizations?: string[]; port?: number } = {}): Promise<ItGlueStub> {
  const organizations = (opts.organizations ?? ['Happy Frog', 'Alpha Co', 'Beta Secret Co']).map((name, i) => ({
    id: String(2187 + i),
    name,
  }));
  const assets = new Map<string, StubAsset>();
  const configurations: StubConfiguration[] = [];
  let nextAsset = 2543;
  const data = (req: RecordedRequest) =>
    ((req.body as { data?: { attributes?: Record<string, unknown> } } | null)?.data?.attributes ?? {}) as Record<
      string,
      unknown
    >;
  const server = await startStubServer({
    port: opts.port,
    authorize: (req) =>
      req.headers['x-api-key'] === ITGLUE_KEY ? null : errorReply(401, 'Unauthorized', ITGLUE_REFUSAL),
    notFound: (req) => errorReply(404, 'Not Found', `No route for ${req.method} ${req.path}`),
    routes: [
      {
        method: 'GET',
        pattern: '/organizations',
        handler: (req) =>
          page(
            req,
            organizations,
            'organizations',
            (o) => ({ name: o.name }),
            (o) => o.id,
          ),
      },
      {
        method: 'GET',
        pattern: '/flexible_asset_types',
        handler: (req) =>
          page(
            req,
            TYPES,
            'flexible-asset-types',
            (t) => ({ name: t.name, enabled: true }),
            (t) => String(t.id),
          ),
      },
      {
        method: 'GET',
        pattern: '/flexible_asset_types/:id/relationships/flexible_asset_fields',
        handler: (req, p) => {
          const t = TYPES.find((x) => String(x.id) === p.id);
          if (!t) return errorReply(404, 'Not Found', 'Record not found');
          return page(
            req,
            t.fields,
            'flexible-asset-fields',
            (f) => ({ name: f, 'name-key': f, kind: 'Text' }),
            (f) => `${t.id}-${f}`,
          );
        },
      },
      {
        method: 'GET',
        pattern: '/configuration_types',
        handler: (req) =>
          page(
            req,
            CONFIG_TYPES,
            'configuration-types',
            (t) => ({ name: t.name }),
            (t) => String(t.id),
          ),
      },
      {
        method: 'GET',
        pattern: '/configurations',
        handler: (req) => {
          const org = req.query.get('filter[organization_id]');
          const rows = configurations.filter((c) => !org || c.organizationId === org);
          return page(
            req,
            rows,
            'configurations',
            (c) => ({ name: c.name, hostname: c.hostname, notes: c.notes, 'configuration-type-id': c.typeId }),
            (c) => c.id,
          );
        },
      },
      {
        method: 'PATCH',
        pattern: '/configurations/:id',
        handler: (req, p) => {
          const c = configurations.find((x) => x.id === p.id);
          if (!c) return errorReply(404, 'Not Found', 'Record not found');
          const a = data(req);
          if (typeof a.notes === 'string') c.notes = a.notes;
          return {
            headers: MEDIA,
            body: { data: { id: c.id, type: 'configurations', attributes: { name: c.name, notes: c.notes } } },
          };
        },
      },
      {
        method: 'POST',
        pattern: '/flexible_assets',
        handler: (req) => {
          if (!String(req.headers['content-type']).includes('application/vnd.api+json'))
            return errorReply(415, 'Unsupported Media Type', 'Use application/vnd.api+json');
          const a = data(req);
          const type = TYPES.find((t) => t.id === Number(a['flexible-asset-type-id']));
          const org = organizations.find((o) => o.id === String(a['organization-id']));
          if (!type || !org)
            return errorReply(422, 'Unprocessable Entity', 'Organization or flexible asset type not found');
          const traits = (a.traits ?? {}) as Record<string, unknown>;
          const unknown = Object.keys(traits).filter((k) => !type.fields.includes(k));
          if (unknown.length) return errorReply(422, 'Unprocessable Entity', `Unknown traits: ${unknown.join(', ')}`);
          const asset: StubAsset = { id: String(nextAsset++), organizationId: Number(org.id), typeId: type.id, traits };
          assets.set(asset.id, asset);
          return { headers: MEDIA, body: { data: { id: asset.id, type: 'flexible-assets', attributes: { traits } } } };
        },
      },
      {
        method: 'PATCH',
        pattern: '/flexible_assets/:id',
        handler: (req, p) => {
          const asset = assets.get(p.id);
          if (!asset) return errorReply(404, 'Not Found', 'Record not found');
          // IT Glue replaces the traits: any left out are cleared.
          asset.traits = (data(req).traits ?? {}) as Record<string, unknown>;
          return {
            headers: MEDIA,
            body: { data: { id: asset.id, type: 'flexible-assets', attributes: { traits: asset.traits } } },
          };
        },
      },
    ],
  });
  return {
    ...server,
    organizations,
    assets,
    configurations,
    rateLimitNext(count: number) {
      server.failNext(
        '/',
        { ...errorReply(429, 'Too Many Requests', 'Rate limit exceeded'), headers: { ...MEDIA, 'Retry-After': '1' } },
        count,
      );
    },
  };
}
