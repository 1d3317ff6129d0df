import { joinUrl } from '../../../../platform/http-exchange.ts';
import { bearerGet } from '../bearer.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { AcronisTenant } from './mapping.ts';

/** A page in the Acronis envelope: `items`, and `paging.cursors.after` while more follow. */
export interface AcronisPage<T> {
  items: T[];
  paging?: { cursors?: { after?: string | null; before?: string | null } };
}

/** Tenants asked for per details call (`GET /api/2/tenants?uuids=`). */
const UUIDS_PER_CALL = 100;

/**
 * The Acronis Cyber Protect Cloud APIs of one data center: an OAuth 2 client-credentials token from
 * `/api/2/idp/token` (HTTP Basic with the API client's id and secret), then Bearer calls to the
 * Account Management, Task Manager and Resource Management APIs.
 */
export class AcronisClient {
  private readonly base: string;
  private token: string | null = null;

  constructor(
    private readonly ctx: VendorContext,
    private readonly settings: SourceSettings,
  ) {
    const url = settings.credentials.DataCenterUrl?.trim();
    if (!url) throw new VendorError('The data center URL is required', 400, false);
    this.base = url;
  }

  /** Exchanges the API client's credentials for an access token; refusals carry Acronis's reason. */
  async authenticate(): Promise<string> {
    const { ClientId = '', ClientSecret = '' } = this.settings.credentials;
    try {
      const { data } = await this.ctx.http.send<{ access_token?: string }>({
        method: 'POST',
        url: joinUrl(this.base, '/api/2/idp/token'),
        headers: { Authorization: `Basic ${Buffer.from(`${ClientId}:${ClientSecret}`).toString('base64')}` },
        form: { grant_type: 'client_credentials' },
      });
      if (!data?.access_token) throw new VendorError('Acronis did not return an access token', 502, false);
      this.token = data.access_token;
      return this.token;
    } catch (err) {
      if (err instanceof VendorError && [400, 401, 403].includes(err.status))
        throw new VendorAuthError(err.message, err.status);
      throw err;
    }
  }

  /** A GET with the access token; an expired token is renewed once. */
  async get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const url = new URL(joinUrl(this.base, path));
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return bearerGet<T>(
      this.ctx,
      url.toString(),
      () => this.token ?? this.authenticate(),
      () => {
        this.token = null;
      },
    );
  }

  /** Pages through an endpoint with `limit` and the `after` token; later pages pass only those two. */
  async *pages<T>(
    path: string,
    query: Record<string, string | number | undefined>,
    limit: number,
  ): AsyncGenerator<T[]> {
    let after: string | null = null;
    do {
      if (this.ctx.signal.aborted) return;
      const page: AcronisPage<T> = await this.get<AcronisPage<T>>(path, after ? { limit, after } : { ...query, limit });
      const items = page?.items ?? [];
      if (items.length) yield items;
      after = items.length ? (page?.paging?.cursors?.after ?? null) : null;
    } while (after);
  }

  /** The tenant the API client belongs to (`GET /api/2/clients/{client_id}`). */
  async clientTenantId(): Promise<string> {
    const id = encodeURIComponent(this.settings.credentials.ClientId ?? '');
    const client = await this.get<{ tenant_id?: string }>(`/api/2/clients/${id}`);
    if (!client?.tenant_id) throw new VendorError('Acronis did not name the API client’s tenant', 502, false);
    return client.tenant_id;
  }

  /** The direct child tenants' details, walked breadth first from `root`. */
  async *descendants(root: string): AsyncGenerator<AcronisTenant> {
    const queue = [root];
    const seen = new Set(queue);
    while (queue.length) {
      if (this.ctx.signal.aborted) return;
      const parent = queue.shift()!;
      const children = await this.get<{ items?: string[] }>(`/api/2/tenants/${encodeURIComponent(parent)}/children`);
      const ids = (children?.items ?? []).filter((id) => !seen.has(id));
      for (const id of ids) seen.add(id);
      for (let i = 0; i < ids.length; i += UUIDS_PER_CALL) {
        const batch = ids.slice(i, i + UUIDS_PER_CALL);
        const details = await this.get<{ items?: AcronisTenant[] }>('/api/2/tenants', { uuids: batch.join(',') });
        for (const tenant of details?.items ?? []) {
          yield tenant;
          if (tenant.kind === 'partner' || tenant.kind === 'folder') queue.push(tenant.id);
        }
      }
    }
  }
}
