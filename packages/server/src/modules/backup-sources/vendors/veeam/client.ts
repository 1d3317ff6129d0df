import { joinUrl } from '../../../../platform/http-exchange.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { VspcEnvelope } from './mapping.ts';

/**
 * Veeam Service Provider Console REST API v3 over HTTP: a REST API key sent as a Bearer token on
 * every request, collections paged with `limit` (at most 500) and `offset` until
 * `meta.pagingInfo.total`, `filter` and `sort` as JSON arrays, errors as `{ errors: [{ message }] }`.
 */

export const API_PREFIX = '/api/v3';
/** The console's largest page. */
export const PAGE_LIMIT = 500;
/** The API contract the client was written for. */
export const CLIENT_VERSION = '3.6';

export interface VspcFilter {
  property: string;
  operation: 'equals' | 'notEquals' | 'lessThan' | 'lessThanOrEqual' | 'greaterThan' | 'greaterThanOrEqual';
  value: string | number | boolean;
}

export interface VspcQuery {
  filter?: VspcFilter[];
  sort?: { property: string; direction: 'ascending' | 'descending' }[];
}

export function consoleUrl(settings: SourceSettings): string {
  const url = (settings.credentials.Url ?? '').trim();
  if (!url) throw new VendorError('The console URL is missing', 0, false);
  return url.replace(/\/+$/, '');
}

function apiKey(settings: SourceSettings): string {
  const key = (settings.credentials.ApiKey ?? '').trim();
  if (!key) throw new VendorAuthError('The API key is missing');
  return key;
}

/** One GET; a refused key (401/403) becomes VendorAuthError with the console's reason. */
export async function vspcGet<T>(
  ctx: VendorContext,
  settings: SourceSettings,
  path: string,
  params: Record<string, string | number>,
): Promise<VspcEnvelope<T>> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const url = joinUrl(consoleUrl(settings), API_PREFIX + path) + (qs ? `?${qs}` : '');
  try {
    const res = await ctx.http.send<VspcEnvelope<T>>({
      method: 'GET',
      url,
      headers: { Authorization: `Bearer ${apiKey(settings)}`, 'X-Client-Version': CLIENT_VERSION },
    });
    if (!res.data || typeof res.data !== 'object') {
      throw new VendorError(`The console at ${new URL(url).origin} did not answer with JSON`, res.status, false);
    }
    return res.data;
  } catch (err) {
    if (err instanceof VendorError && !(err instanceof VendorAuthError) && (err.status === 401 || err.status === 403)) {
      throw new VendorAuthError(err.message, err.status);
    }
    throw err;
  }
}

/** Every page of a collection, one array per page, following offset to the reported total. */
export async function* vspcPages<T>(
  ctx: VendorContext,
  settings: SourceSettings,
  path: string,
  query: VspcQuery = {},
  limit = PAGE_LIMIT,
): AsyncGenerator<T[]> {
  const base: Record<string, string> = {};
  if (query.filter?.length) base.filter = JSON.stringify(query.filter);
  if (query.sort?.length) base.sort = JSON.stringify(query.sort);
  for (let offset = 0; ;) {
    if (ctx.signal.aborted) return;
    const env = await vspcGet<T[]>(ctx, settings, path, { ...base, limit, offset });
    const items = Array.isArray(env.data) ? env.data : [];
    if (items.length) yield items;
    offset += items.length;
    const total = env.meta?.pagingInfo?.total;
    if (!items.length || (typeof total === 'number' ? offset >= total : items.length < limit)) return;
  }
}

/** Every item of a small collection (companies, servers, agents) into a map by UID → name. */
export async function namesOf(
  ctx: VendorContext,
  settings: SourceSettings,
  path: string,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for await (const page of vspcPages<{ instanceUid: string; name: string }>(ctx, settings, path)) {
    for (const item of page) names.set(item.instanceUid, item.name);
  }
  return names;
}
