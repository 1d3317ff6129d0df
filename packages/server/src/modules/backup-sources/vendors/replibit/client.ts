import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';

/**
 * The x360Recover public API (https://axapi.axcient.com/x360recover): an API key created in the
 * x360Portal, sent as the `x-api-key` header. Lists answer JSON arrays; job history is paged with
 * `limit`/`offset` and filtered by `starttime_begin` (unix seconds). A wrong key answers 401
 * `{"message": "Unauthorized"}`; other errors are problem+json (`title`, `detail`).
 */

export const X360_DEFAULT_URL = 'https://axapi.axcient.com/x360recover';
export const X360_HISTORY_LIMIT = 100;

const baseUrl = (s: SourceSettings) => (s.credentials.ApiUrl?.trim() || X360_DEFAULT_URL).replace(/\/+$/, '');

export async function x360Get<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): Promise<T> {
  const url = new URL(baseUrl(s) + path);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  try {
    const res = await ctx.http.send<T>({
      method: 'GET',
      url: url.toString(),
      headers: { 'x-api-key': s.credentials.ApiKey ?? '', Accept: 'application/json' },
    });
    return res.data;
  } catch (err) {
    // 401: a missing or wrong key; 403: a key without the permission. Axcient's own words are shown.
    if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
      throw new VendorAuthError(err.message, err.status);
    }
    throw err;
  }
}

/** A list answer: the documented array, or the items of an object that wraps one. */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    for (const key of ['data', 'items', 'results']) {
      const v = (body as Record<string, unknown>)[key];
      if (Array.isArray(v)) return v as T[];
    }
  }
  return [];
}

/** Walks `limit`/`offset` pages until a page holds fewer items than asked for. */
export async function* x360Pages<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number | boolean | undefined> = {},
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += X360_HISTORY_LIMIT) {
    const items = listOf<T>(await x360Get<unknown>(ctx, s, path, { ...query, limit: X360_HISTORY_LIMIT, offset }));
    yield items;
    if (items.length < X360_HISTORY_LIMIT || ctx.signal.aborted) return;
  }
}
