import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { SlidePage } from './mapping.ts';

/**
 * The Slide API (api.slide.tech/v1): a Bearer API token; list endpoints paged with `offset` and
 * `limit` (at most 50), answering `{pagination: {next_offset}, data}` — no `next_offset`, no more.
 */

export const SLIDE_DEFAULT_URL = 'https://api.slide.tech';
export const SLIDE_LIMIT = 50;

const baseUrl = (s: SourceSettings) => (s.credentials.ApiUrl?.trim() || SLIDE_DEFAULT_URL).replace(/\/+$/, '');
const headers = (s: SourceSettings) => ({ Authorization: `Bearer ${s.credentials.ApiToken ?? ''}` });

function refused(err: unknown): never {
  // 401: missing or invalid token (err_unauthorized); the tenant reads Slide's own words.
  if (err instanceof VendorError && err.status === 401) throw new VendorAuthError(err.message, 401);
  throw err;
}

export async function slideGet<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): Promise<T> {
  const url = new URL(baseUrl(s) + path);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  try {
    const res = await ctx.http.send<T>({ method: 'GET', url: url.toString(), headers: headers(s) });
    return res.data;
  } catch (err) {
    return refused(err);
  }
}

export async function slidePost<T>(ctx: VendorContext, s: SourceSettings, path: string, body: unknown): Promise<T> {
  try {
    const res = await ctx.http.send<T>({ method: 'POST', url: baseUrl(s) + path, headers: headers(s), body });
    return res.data;
  } catch (err) {
    return refused(err);
  }
}

/** Walks a list endpoint page by page until Slide gives no `next_offset`. */
export async function* slidePages<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): AsyncGenerator<T[]> {
  let offset = 0;
  for (;;) {
    const body = await slideGet<SlidePage<T>>(ctx, s, path, { ...query, offset, limit: SLIDE_LIMIT });
    const items = body?.data ?? [];
    yield items;
    const next = body?.pagination?.next_offset;
    if (typeof next !== 'number' || next <= offset || items.length === 0 || ctx.signal.aborted) return;
    offset = next;
  }
}
