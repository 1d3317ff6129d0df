import { POPUP_DEFAULT } from '@vigil/contract';
import { newStorageKey, POPUP_DATA_TTL_MS, POPUP_KEY_PREFIX } from '../../lib/auditWindows';
import { browserStorage, readJson, writeJson, type KeyValueStorage } from '../../lib/storage';
import type { WindowManager } from '../../lib/windows';

/**
 * The Admin Portal's "manage plan" window (platform §2 admin window route `billing/{storageKey}`):
 * the tenant it is about is kept in localStorage under the storage key the route names.
 */
export interface BillingWindowData {
  tenantId: number;
  tenantName: string;
  createdAt: number;
}

export const billingWindowPath = (storageKey: string) => `/window/admin/billing/${storageKey}`;

/** Keeps the window's tenant; drops entries of windows opened more than a day ago. */
export function storeBillingWindow(
  storage: KeyValueStorage | null,
  tenant: { Id: number; Name: string },
  opts: { now?: number; keys?: readonly string[] } = {},
): string {
  const now = opts.now ?? Date.now();
  if (storage && opts.keys)
    for (const k of opts.keys) {
      if (!k.startsWith(POPUP_KEY_PREFIX)) continue;
      const old = readJson<{ createdAt?: number } | null>(storage, k, null);
      if (!old || typeof old.createdAt !== 'number' || now - old.createdAt > POPUP_DATA_TTL_MS) storage.removeItem(k);
    }
  const key = newStorageKey(Math.random, now);
  const data: BillingWindowData = { tenantId: tenant.Id, tenantName: tenant.Name, createdAt: now };
  writeJson(storage, POPUP_KEY_PREFIX + key, data);
  return key;
}

export function readBillingWindow(storage: KeyValueStorage | null, key: string | undefined): BillingWindowData | null {
  if (!key) return null;
  const d = readJson<Partial<BillingWindowData> | null>(storage, POPUP_KEY_PREFIX + key, null);
  if (!d || typeof d.tenantId !== 'number' || !Number.isInteger(d.tenantId) || d.tenantId <= 0) return null;
  return { tenantId: d.tenantId, tenantName: String(d.tenantName ?? ''), createdAt: Number(d.createdAt ?? 0) };
}

function storedKeys(): string[] {
  try {
    return Object.keys(window.localStorage);
  } catch {
    return [];
  }
}

/**
 * Stores the tenant for a new manage-plan window and answers its path. Below the `md`
 * breakpoint the path opens in the same tab; otherwise in a window of its own.
 */
export function billingWindowFor(tenant: { Id: number; Name: string }): string {
  return billingWindowPath(storeBillingWindow(browserStorage(), tenant, { keys: storedKeys() }));
}

/** Opens (or focuses) the tenant's manage-plan window; one window per tenant. */
export function openBillingWindow(manager: WindowManager, tenant: { Id: number; Name: string }, path: string): boolean {
  return !!manager.open(`admin-billing-${tenant.Id}`, path, POPUP_DEFAULT, `Plan · ${tenant.Name}`);
}
