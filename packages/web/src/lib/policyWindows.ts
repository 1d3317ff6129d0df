import type { WindowManager } from './windows';
import { readJson, writeJson, type KeyValueStorage } from './storage';
import { newStorageKey } from './auditWindows';

/**
 * The backup editor popups (features §2.2): one backup opens
 * `policy/edit/{policyId}/{withDefaults}/{activate}` at 1000×950 titled "Edit Backup #id";
 * several open `policies/edit/{storageKey}/{activate}` at 1140×1140 titled "Edit Backups #ids",
 * the ids kept in localStorage under the storage key.
 */
export const SINGLE_SIZE = { width: 1000, height: 950 };
export const MULTI_SIZE = { width: 1140, height: 1140 };
const PREFIX = 'vigil.manage.policies.';

export function editorTitle(ids: readonly number[]): string {
  return ids.length === 1 ? `Edit Backup #${ids[0]}` : `Edit Backups #${ids.join(', #')}`;
}

export function storePolicyIds(storage: KeyValueStorage | null, ids: readonly number[]): string {
  const key = newStorageKey();
  writeJson(storage, PREFIX + key, { ids: [...ids], createdAt: Date.now() });
  return key;
}

export function readPolicyIds(storage: KeyValueStorage | null, key: string | undefined): number[] {
  if (!key) return [];
  const v = readJson<{ ids?: unknown } | null>(storage, PREFIX + key, null);
  return Array.isArray(v?.ids) ? v.ids.filter((x): x is number => Number.isInteger(x) && x > 0) : [];
}

export function editorPath(storage: KeyValueStorage | null, ids: readonly number[], activate: boolean): string {
  if (ids.length === 1) return `/window/manage/policy/edit/${ids[0]}/${activate}/${activate}`;
  return `/window/manage/policies/edit/${storePolicyIds(storage, ids)}/${activate}`;
}

/** Opens the editor popup; false when the browser blocked it (the caller shows a dialog instead). */
export function openPolicyEditor(
  manager: WindowManager,
  storage: KeyValueStorage | null,
  ids: readonly number[],
  activate: boolean,
): boolean {
  const id = `policy-editor-${activate ? 'activate' : 'edit'}-${ids.join('-')}`;
  const url = editorPath(storage, ids, activate);
  return !!manager.open(id, url, ids.length === 1 ? SINGLE_SIZE : MULTI_SIZE, editorTitle(ids));
}
