import {
  VendorAuthError,
  VendorError,
  type SourceSettings,
  type VendorContext,
  type VendorResponse,
} from '../types.ts';

/**
 * The Dropsuite partner API: the partner-specific API URL with two tokens from the Partner Portal
 * (Settings → API Settings) sent as the `X-Reseller-Token` and `X-Access-Token` headers; lists
 * paged with `page` (from 1) and `per_page` (at most 100), answering a JSON array.
 */

export const DROPSUITE_PER_PAGE = 100;

const baseUrl = (s: SourceSettings) => (s.credentials.ApiUrl ?? '').trim().replace(/\/+$/, '');
const headers = (s: SourceSettings) => ({
  'X-Reseller-Token': s.credentials.ResellerToken ?? '',
  'X-Access-Token': s.credentials.AuthenticationToken ?? '',
});

async function send<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<VendorResponse<T>> {
  const url = new URL(baseUrl(s) + path);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  try {
    return await ctx.http.send<T>({ method: 'GET', url: url.toString(), headers: headers(s) });
  } catch (err) {
    // 401/403: a wrong or revoked token; the tenant reads Dropsuite's own words.
    if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
      throw new VendorAuthError(err.message, err.status);
    }
    throw err;
  }
}

export async function dropsuiteGet<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<T> {
  return (await send<T>(ctx, s, path, query)).data;
}

/**
 * Walks a list endpoint page by page: until `X-Total-Count` items are read, or, without that
 * header, until an empty page (a server may answer fewer than `per_page` items on any page).
 */
export async function* dropsuitePages<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | undefined> = {},
): AsyncGenerator<T[]> {
  let read = 0;
  for (let page = 1; ; page++) {
    const res = await send<T[]>(ctx, s, path, { ...query, page, per_page: DROPSUITE_PER_PAGE });
    const items = Array.isArray(res.data) ? res.data : [];
    read += items.length;
    if (items.length) yield items;
    const total = Number(res.headers.get('x-total-count') ?? NaN);
    if (items.length === 0 || (Number.isFinite(total) && read >= total) || ctx.signal.aborted) return;
  }
}
