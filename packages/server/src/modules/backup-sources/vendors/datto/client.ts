import { VendorAuthError, VendorError, type SourceSettings, type VendorContext } from '../types.ts';
import type { DattoAsset, DattoDevice, DattoPaged, DattoSaasDomain, DattoSaasReportItem } from './mapping.ts';

/**
 * The Datto REST API (api.datto.com): HTTP Basic with the API public key and secret key, list
 * endpoints paged with `_page` (from 1) and `_perPage`, answering `{pagination, items}`.
 */

export const DATTO_DEFAULT_URL = 'https://api.datto.com';
export const DATTO_PER_PAGE = 100;

const baseUrl = (s: SourceSettings) => (s.credentials.ApiUrl?.trim() || DATTO_DEFAULT_URL).replace(/\/+$/, '');

function authorization(s: SourceSettings): string {
  const pair = `${s.credentials.PublicKey ?? ''}:${s.credentials.SecretKey ?? ''}`;
  return `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
}

export async function dattoGet<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number> = {},
): Promise<T> {
  const url = new URL(baseUrl(s) + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  try {
    const res = await ctx.http.send<T>({
      method: 'GET',
      url: url.toString(),
      headers: { Authorization: authorization(s) },
    });
    return res.data;
  } catch (err) {
    // 401/403: the key pair was refused; the tenant reads Datto's own reason.
    if (err instanceof VendorError && (err.status === 401 || err.status === 403)) {
      throw new VendorAuthError(err.message, err.status);
    }
    throw err;
  }
}

/** Walks a paged list to its last page, one page of items at a time. */
export async function* dattoPages<T>(
  ctx: VendorContext,
  s: SourceSettings,
  path: string,
  query: Record<string, string | number> = {},
): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    const body = await dattoGet<DattoPaged<T> | T[]>(ctx, s, path, { ...query, _page: page, _perPage: DATTO_PER_PAGE });
    // Some list endpoints answer a bare array (no paging).
    if (Array.isArray(body)) {
      yield body;
      return;
    }
    const items = body?.items ?? [];
    yield items;
    const total = body?.pagination?.totalPages ?? 1;
    if (page >= total || items.length === 0 || ctx.signal.aborted) return;
  }
}

/** BCDR devices (appliances), page by page. */
export const dattoDevices = (ctx: VendorContext, s: SourceSettings) =>
  dattoPages<DattoDevice>(ctx, s, '/v1/bcdr/device');

/** A device's assets (agents and shares), each with its recent backups. */
export async function dattoAssets(ctx: VendorContext, s: SourceSettings, serial: string): Promise<DattoAsset[]> {
  const all: DattoAsset[] = [];
  for await (const page of dattoPages<DattoAsset>(ctx, s, `/v1/bcdr/device/${encodeURIComponent(serial)}/asset`)) {
    all.push(...page);
  }
  return all;
}

export const dattoSaasDomains = (ctx: VendorContext, s: SourceSettings) =>
  dattoPages<DattoSaasDomain>(ctx, s, '/v1/saas/domains');

/** A SaaS Protection customer's backup report over the last `days` days. */
export async function dattoSaasApplications(
  ctx: VendorContext,
  s: SourceSettings,
  saasCustomerId: number,
  days: number,
): Promise<DattoSaasReportItem[]> {
  const body = await dattoGet<DattoPaged<DattoSaasReportItem> | DattoSaasReportItem[]>(
    ctx,
    s,
    `/v1/saas/${encodeURIComponent(String(saasCustomerId))}/applications`,
    { daysUntil: days },
  );
  return Array.isArray(body) ? body : (body?.items ?? []);
}
