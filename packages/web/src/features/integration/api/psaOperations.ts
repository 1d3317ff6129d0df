// The long PSA operations of features §4.3: start one, read its status, cancel a preload.
import type { CrmOperation } from '@vigil/contract';
import { api } from '../../../lib/session';
import { psaBase as base } from './psaKeys';

/** Features §4.3: long operations are polled every second until they leave "pending". */
export const OPERATION_POLL_MS = 1000;

/** The long operations of features §4.3: what starts one and where its status is read. */
export type OperationKind = 'companies-sync' | 'filters-sync' | 'company-filters' | 'configuration-filters';

export function startOperation(id: number, kind: OperationKind, body?: unknown): Promise<CrmOperation> {
  if (kind === 'companies-sync') return api.post<CrmOperation>(`${base(id)}/companies/sync`);
  if (kind === 'filters-sync') return api.post<CrmOperation>(`${base(id)}/filters/sync`);
  return api.post<CrmOperation>(`${base(id)}/preload/${kind}`, body ?? {});
}

export function readOperation(id: number, kind: OperationKind, queryId: string): Promise<CrmOperation> {
  const q = encodeURIComponent(queryId);
  if (kind === 'companies-sync' || kind === 'filters-sync') return api.get<CrmOperation>(`${base(id)}/operations/${q}`);
  return api.get<CrmOperation>(`${base(id)}/preload/${kind}/${q}`);
}

/** Cancels a preload: the server stops the running job. */
export function cancelPreload(id: number, kind: OperationKind, queryId: string): Promise<unknown> {
  return api.delete<unknown>(`${base(id)}/preload/${kind}`, undefined, { query: { queryId } });
}
