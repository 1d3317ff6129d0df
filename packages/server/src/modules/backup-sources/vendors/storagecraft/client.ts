import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import { pageItems, pageNext, type ShadowControlPage } from './mapping.ts';

/**
 * The ShadowControl Report API on the tenant's appliance: the access token in the `CMD_TOKEN`
 * header, `GET /api/reports/status/` (current state of every subscribed endpoint) and
 * `GET /api/reports/history/` (their history), sorted by organization then site. A console that
 * pages its answer gives a `next` link, which is followed on the configured address.
 */

export const SHADOWCONTROL_PAGE_SIZE = 100;

export const shadowControlBase = (s: SourceSettings) => (s.credentials.Url ?? '').trim().replace(/\/+$/, '');

function refused(err: unknown): never {
  // 401/403 {"detail": "Invalid token."}: the tenant reads the console's own words.
  if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
    throw new VendorAuthError(err.message, err.status);
  }
  throw err;
}

async function get<T>(ctx: VendorContext, s: SourceSettings, url: string): Promise<T> {
  try {
    const res = await ctx.http.send<T>({
      method: 'GET',
      url,
      headers: { CMD_TOKEN: s.credentials.Token ?? '', Accept: 'application/json' },
    });
    return res.data;
  } catch (err) {
    return refused(err);
  }
}

/** A `next` link kept on the configured address (an appliance behind a proxy may name itself otherwise). */
function onBase(base: string, next: string): string {
  const u = new URL(next, base + '/');
  return base + u.pathname + u.search;
}

/** Walks a report page by page until the console gives no `next` link. */
export async function* shadowControlPages<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: '/api/reports/status/' | '/api/reports/history/',
): AsyncGenerator<T[]> {
  const base = shadowControlBase(s);
  let url: string | null = `${base}${path}?page_size=${SHADOWCONTROL_PAGE_SIZE}`;
  const seen = new Set<string>();
  while (url && !seen.has(url)) {
    seen.add(url);
    const body: ShadowControlPage<T> = await get<ShadowControlPage<T>>(ctx, s, url);
    yield pageItems(body);
    const next: string | null = pageNext(body);
    url = next && !ctx.signal.aborted ? onBase(base, next) : null;
  }
}

/** One cheap authenticated call: the first page of the status report. */
export async function shadowControlCheck(ctx: VendorContext, s: SourceSettings): Promise<void> {
  await get(ctx, s, `${shadowControlBase(s)}/api/reports/status/?page_size=1`);
}
