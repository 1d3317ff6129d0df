import { joinUrl } from '../../../../platform/http-exchange.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { RedstorODataPage } from './mapping.ts';

/**
 * The Redstor Pro Storage Platform API of an AccountServer: HTTP Basic with a console user,
 * `GET /api/backup/Groups`, and the OData feed `GET /api/odata/Accounts` (`value`, paged by the
 * server — 1000 accounts a page — and walked with `$skip`).
 */

export const REDSTOR_REGIONS: Record<string, string> = {
  uk: 'https://api.pro.redstor.com',
  za: 'https://zaapi.pro.redstor.com',
};

/** The server's page size: a full page means another may follow. */
export const REDSTOR_PAGE = 1000;

/** The AccountServer: the source's URL when set, else its region's address. */
export function redstorBase(s: SourceSettings): string {
  const custom = s.credentials.ApiUrl?.trim();
  return (custom || REDSTOR_REGIONS[s.region ?? 'uk'] || REDSTOR_REGIONS.uk!).replace(/\/+$/, '');
}

export async function redstorGet<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number> = {},
): Promise<T> {
  const url = new URL(joinUrl(redstorBase(s), path));
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const { UserName = '', Password = '' } = s.credentials;
  try {
    const res = await ctx.http.send<T>({
      method: 'GET',
      url: url.toString(),
      headers: {
        Authorization: `Basic ${Buffer.from(`${UserName}:${Password}`).toString('base64')}`,
        Accept: 'application/json',
      },
    });
    return res.data;
  } catch (err) {
    // 401: wrong user name or password; 403: the user is not a collection administrator.
    if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
      throw new VendorAuthError(err.message, err.status);
    }
    throw err;
  }
}

/** Walks an OData feed page by page: on while the server links a next page or fills a page. */
export async function* redstorPages<T>(ctx: VendorContext, s: SourceSettings, path: string): AsyncGenerator<T[]> {
  let skip = 0;
  for (;;) {
    const body = await redstorGet<RedstorODataPage<T>>(ctx, s, path, skip ? { $skip: skip } : {});
    const items = Array.isArray(body?.value) ? body.value : [];
    yield items;
    const more = !!body?.['@odata.nextLink'] || items.length >= REDSTOR_PAGE;
    if (!more || items.length === 0 || ctx.signal.aborted) return;
    skip += items.length;
  }
}
