import { joinUrl } from '../../../../platform/http-exchange.ts';
import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import { entities, type EmQueryResult } from './mapping.ts';

/**
 * Veeam Backup Enterprise Manager REST API over HTTP: a logon session created with
 * `POST /api/sessionMngr/?v=latest` and Basic authentication answers `X-RestSvcSessionId`, sent on
 * every later request; JSON through `Accept: application/json`; the query service
 * (`/api/query?type=…&format=Entities`) with `filter` (`;` and, `,` or), `sortAsc` and
 * `pageSize`/`page` paging up to `PagingInfo.PagesCount`; the logon session is closed at the end.
 */

export const PAGE_SIZE = 500;

export interface EmSession {
  base: string;
  id: string;
  /** The logon session resource, deleted to log off. */
  href: string | null;
}

export function enterpriseManagerUrl(settings: SourceSettings): string {
  const url = (settings.credentials.Url ?? '').trim();
  if (!url) throw new VendorError('The Enterprise Manager URL is missing', 0, false);
  return url.replace(/\/+$/, '');
}

const refused = (err: unknown): never => {
  if (err instanceof VendorError && !(err instanceof VendorAuthError) && (err.status === 401 || err.status === 403)) {
    throw new VendorAuthError(err.message, err.status);
  }
  throw err;
};

export async function logon(ctx: VendorContext, settings: SourceSettings): Promise<EmSession> {
  const base = enterpriseManagerUrl(settings);
  const user = settings.credentials.UserName ?? '';
  const password = settings.credentials.Password ?? '';
  if (!user || !password) throw new VendorAuthError('The user name and password are required');
  const basic = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
  const res = await ctx.http
    .send<{ SessionId?: string; Href?: string } | null>({
      method: 'POST',
      url: joinUrl(base, '/api/sessionMngr/') + '?v=latest',
      headers: { Authorization: `Basic ${basic}` },
    })
    .catch(refused);
  const id = res.headers.get('x-restsvcsessionid') ?? res.data?.SessionId ?? null;
  if (!id)
    throw new VendorError(
      `Enterprise Manager at ${new URL(base).origin} did not open a logon session`,
      res.status,
      false,
    );
  return { base, id, href: res.data?.Href ?? null };
}

/** Closes the logon session; a failure here never fails the sync. */
export async function logoff(ctx: VendorContext, em: EmSession): Promise<void> {
  if (!em.href) return;
  try {
    const path = new URL(em.href).pathname;
    await ctx.http.send({ method: 'DELETE', url: joinUrl(em.base, path), headers: { 'X-RestSvcSessionId': em.id } });
  } catch {
    // The session expires on its own.
  }
}

export interface EmQuery {
  filter?: string;
  sortAsc?: string;
}

async function queryPage(
  ctx: VendorContext,
  em: EmSession,
  type: string,
  query: EmQuery,
  page: number,
  pageSize: number,
): Promise<EmQueryResult> {
  const params = new URLSearchParams({ type, format: 'Entities', pageSize: String(pageSize), page: String(page) });
  if (query.filter) params.set('filter', query.filter);
  if (query.sortAsc) params.set('sortAsc', query.sortAsc);
  const res = await ctx.http
    .send<EmQueryResult>({
      method: 'GET',
      url: `${joinUrl(em.base, '/api/query')}?${params}`,
      headers: { 'X-RestSvcSessionId': em.id },
    })
    .catch(refused);
  if (!res.data || typeof res.data !== 'object') {
    throw new VendorError(
      `Enterprise Manager at ${new URL(em.base).origin} did not answer with JSON`,
      res.status,
      false,
    );
  }
  return res.data;
}

/** Every page of a query, one array per page, up to the reported page count. */
export async function* queryPages<T>(
  ctx: VendorContext,
  em: EmSession,
  type: string,
  plural: string,
  query: EmQuery = {},
  pageSize = PAGE_SIZE,
): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    if (ctx.signal.aborted) return;
    const result = await queryPage(ctx, em, type, query, page, pageSize);
    const items = entities<T>(result, plural);
    if (items.length) yield items;
    const count = result.PagingInfo?.PagesCount;
    if (!items.length || (typeof count === 'number' ? page >= count : items.length < pageSize)) return;
  }
}

/** A filter value in the query syntax: quoted, with quotes escaped. */
export const quoted = (value: string) => `"${value.replace(/"/g, '\\"')}"`;
