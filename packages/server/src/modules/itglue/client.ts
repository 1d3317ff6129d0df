import { HttpExchange, joinUrl, type HttpExchangeOptions } from '../../platform/http-exchange.ts';

/**
 * IT Glue's REST API as documented at api.itglue.com/developer: JSON:API documents
 * (`application/vnd.api+json`), the key in `x-api-key`, pages by `page[size]`/`page[number]` with
 * `meta.total-pages`, a rate limit of 3000 requests per 5 minutes (429, retried after Retry-After
 * by the exchange).
 */

export class ItGlueError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ItGlueError';
  }
}

export interface JsonApiResource<A = Record<string, unknown>> {
  id: string;
  type: string;
  attributes: A;
}

interface JsonApiDocument<A> {
  data: JsonApiResource<A>[] | JsonApiResource<A>;
  meta?: { 'current-page'?: number; 'next-page'?: number | null; 'total-pages'?: number; 'total-count'?: number };
  links?: { next?: string | null };
}

export interface FlexibleAssetTraits {
  [key: string]: string | number | null;
}

const MEDIA = 'application/vnd.api+json';
/** IT Glue's largest page. */
const PAGE_SIZE = 1000;
/** A runaway listing stops here (a million rows at the largest page). */
const MAX_PAGES = 1000;

export class ItGlueClient {
  private readonly http: HttpExchange<ItGlueError>;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    options: HttpExchangeOptions = {},
    private readonly pageSize = PAGE_SIZE,
  ) {
    this.http = new HttpExchange<ItGlueError>(options, {
      who: 'IT Glue',
      error: (message, status, retryable, retryAfter) => new ItGlueError(message, status, retryable, retryAfter),
      refused: (message) => new ItGlueError(message, 0, false),
      isOwn: (err): err is ItGlueError => err instanceof ItGlueError,
    });
  }

  private async request<A>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
    const res = await this.http.send<JsonApiDocument<A>>({
      method,
      url: joinUrl(this.baseUrl, path),
      headers: { 'x-api-key': this.apiKey, Accept: MEDIA, ...(body !== undefined ? { 'Content-Type': MEDIA } : {}) },
      body,
    });
    if (!res.data || typeof res.data !== 'object' || !('data' in res.data)) {
      throw new ItGlueError('IT Glue answered with something that is not a JSON:API document', res.status, false);
    }
    return res.data;
  }

  /** Every resource of a listing, page by page until `meta.next-page` (or `links.next`) runs out. */
  async list<A>(path: string, query: Record<string, string> = {}): Promise<JsonApiResource<A>[]> {
    const out: JsonApiResource<A>[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const q = new URLSearchParams({ ...query, 'page[size]': String(this.pageSize), 'page[number]': String(page) });
      const doc = await this.request<A>('GET', `${path}?${q.toString()}`);
      const rows = Array.isArray(doc.data) ? doc.data : [doc.data];
      out.push(...rows);
      const next = doc.meta?.['next-page'] ?? null;
      const total = doc.meta?.['total-pages'];
      const more = next !== null ? next > page : total !== undefined ? page < total : Boolean(doc.links?.next);
      if (!more || rows.length === 0) break;
    }
    return out;
  }

  /** Checks the key: the smallest read the key must be allowed (one organisation). */
  async validate(): Promise<void> {
    await this.request('GET', '/organizations?page[size]=1&page[number]=1');
  }

  organizations() {
    return this.list<{ name: string }>('/organizations');
  }

  flexibleAssetTypes() {
    return this.list<{ name: string; enabled?: boolean }>('/flexible_asset_types');
  }

  /** The name keys of a flexible asset type's fields (the keys its `traits` take). */
  async flexibleAssetFieldKeys(typeId: number): Promise<string[]> {
    const rows = await this.list<{ 'name-key'?: string; name?: string }>(
      `/flexible_asset_types/${typeId}/relationships/flexible_asset_fields`,
    );
    return rows.map((r) => r.attributes['name-key'] ?? '').filter(Boolean);
  }

  configurationTypes() {
    return this.list<{ name: string }>('/configuration_types');
  }

  configurations(organizationId: string) {
    return this.list<{ name: string; hostname?: string | null; notes?: string | null }>('/configurations', {
      'filter[organization_id]': organizationId,
    });
  }

  async createFlexibleAsset(organizationId: string, typeId: number, traits: FlexibleAssetTraits): Promise<string> {
    const doc = await this.request('POST', '/flexible_assets', {
      data: {
        type: 'flexible-assets',
        attributes: { 'organization-id': Number(organizationId), 'flexible-asset-type-id': typeId, traits },
      },
    });
    return (Array.isArray(doc.data) ? doc.data[0] : doc.data).id;
  }

  async updateFlexibleAsset(assetId: string, traits: FlexibleAssetTraits): Promise<void> {
    await this.request('PATCH', `/flexible_assets/${encodeURIComponent(assetId)}`, {
      data: { type: 'flexible-assets', attributes: { traits } },
    });
  }

  async updateConfigurationNotes(configurationId: string, notes: string): Promise<void> {
    await this.request('PATCH', `/configurations/${encodeURIComponent(configurationId)}`, {
      data: { type: 'configurations', attributes: { notes } },
    });
  }
}
