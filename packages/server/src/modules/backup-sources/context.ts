import { BACKUP_SOURCES, type BackupSourceType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { outboundPolicy } from '../../platform/outbound.ts';
import { VendorHttp } from './http.ts';
import type { VendorContext } from './vendors/types.ts';

/** How long checking credentials may take, retries included, before the form gets an answer. */
export const VALIDATE_DEADLINE_MS = 20_000;

/**
 * The context a connector runs in: a VendorHttp named after the vendor, held to the outbound
 * policy, ended by `signal` (a cancelled sync, a deadline).
 */
export function vendorContext(deps: Pick<Deps, 'config'>, type: BackupSourceType, signal: AbortSignal): VendorContext {
  const http = new VendorHttp(BACKUP_SOURCES[type].Title, {
    outbound: outboundPolicy(deps.config),
    backoffScale: deps.config.VENDOR_BACKOFF_SCALE,
    deadline: signal,
  });
  return { http, signal, now: () => new Date() };
}
