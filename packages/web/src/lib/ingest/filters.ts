// The filters of an e-mail list: read from and written to the address bar, and sent to the API.
import { ProcessingState, type ProcessingState as ProcessingStateName } from '@vigil/contract';

/** The filters of an e-mail list, as kept in the address bar. */
export interface EmailFilters {
  page: number;
  search: string;
  state: ProcessingStateName | '';
  unrecognised: boolean;
  tenantId: number | null;
}

/** Reads the filters from the query string, ignoring values that are not valid. */
export function readEmailFilters(params: URLSearchParams): EmailFilters {
  const page = Math.floor(Number(params.get('page')));
  const state = params.get('state') ?? '';
  const tenant = Math.floor(Number(params.get('tenant')));
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').replace(/^\s+/, ''),
    state: (ProcessingState as readonly string[]).includes(state) ? (state as ProcessingStateName) : '',
    unrecognised: params.get('unrecognised') === 'true',
    tenantId: Number.isFinite(tenant) && tenant > 0 ? tenant : null,
  };
}

/**
 * Writes filters back into a query string, keeping unrelated parameters (the active tab) and
 * leaving defaults out so the address stays short.
 */
export function writeEmailFilters(current: URLSearchParams, next: Partial<EmailFilters>): URLSearchParams {
  const out = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  if ('page' in next) set('page', next.page && next.page > 1 ? String(next.page) : null);
  if ('search' in next) set('search', next.search?.trim() ? next.search : null);
  if ('state' in next) set('state', next.state || null);
  if ('unrecognised' in next) set('unrecognised', next.unrecognised ? 'true' : null);
  if ('tenantId' in next) set('tenant', next.tenantId ? String(next.tenantId) : null);
  return out;
}

/**
 * The query of GET …/processed-emails. Empty values are left out, and so is unrecognised=false:
 * the server reads any value of that flag as true.
 */
export function emailListQuery(
  filters: Omit<EmailFilters, 'page'> & { page: number; size: number },
  searchKey: 'search' | 'email' = 'search',
): Record<string, string | number | boolean> {
  const q: Record<string, string | number | boolean> = { Page: filters.page, Size: filters.size };
  const search = filters.search.trim();
  if (search) q[searchKey] = search;
  if (filters.state) q.state = filters.state;
  if (filters.unrecognised) q.unrecognised = true;
  if (filters.tenantId) q.tenantId = filters.tenantId;
  return q;
}
