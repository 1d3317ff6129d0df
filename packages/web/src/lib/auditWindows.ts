/**
 * The audit popup windows (platform §2, features §2.3): what a window is opened with is kept
 * in localStorage under a storage key, and the window route names that key. A popup is a
 * separate page, so this is how it learns which backups and which day it is about.
 */
import { readJson, writeJson, type KeyValueStorage } from './storage';
import type { IsoDay } from './days';

export type AuditPopupKind = 'verify' | 'remediate' | 'restore' | 'add' | 'edit' | 'view';
export type MarkKind = 'verify' | 'remediate' | 'restore';

/** A backup as a popup shows it. */
export interface PopupBackup {
  PolicyId: number;
  JobName: string;
  DeviceName: string;
  CompanyName: string;
  VendorName: string;
  /** Status of the day (audit grid rows). */
  Status?: number;
  /** Whether the day already carries the popup's mark (verify, remediate, restore). */
  Marked?: boolean;
}

export interface AuditPopupData {
  date: IsoDay;
  backups: PopupBackup[];
  /** The day's results of the backup, for stepping through them in view-result. */
  resultIds?: number[];
  createdAt: number;
}

export const POPUP_KEY_PREFIX = 'vigil.popup.';
/** Stored popup data older than this is cleared when a new popup opens. */
export const POPUP_DATA_TTL_MS = 24 * 60 * 60 * 1000;

/** The route segment of each popup (platform §2 audit popup window routes). */
export const POPUP_SEGMENT: Record<AuditPopupKind, string> = {
  verify: 'verify-audit-result',
  remediate: 'remediate-audit-result',
  restore: 'restore-audit-result',
  add: 'add-result',
  edit: 'edit-result',
  view: 'view-result',
};

export const MARK_LABELS: Record<MarkKind, { verb: string; done: string; noun: string; title: string }> = {
  verify: { verb: 'Verify', done: 'Verified', noun: 'verification', title: 'Verify' },
  remediate: { verb: 'Remediate', done: 'Remediated', noun: 'remediation', title: 'Remediate' },
  restore: { verb: 'Restore', done: 'Restored', noun: 'restore', title: 'Restore' },
};

export function newStorageKey(random: () => number = Math.random, now: number = Date.now()): string {
  return `${now.toString(36)}${Math.floor(random() * 0xffffff)
    .toString(36)
    .padStart(5, '0')}`;
}

/** Keeps a popup's data; drops data of popups opened more than a day ago. */
export function storePopupData(
  storage: KeyValueStorage | null,
  data: Omit<AuditPopupData, 'createdAt'>,
  opts: { now?: number; key?: string; keys?: readonly string[] } = {},
): string {
  const now = opts.now ?? Date.now();
  const key = opts.key ?? newStorageKey(Math.random, now);
  if (storage && opts.keys) {
    for (const k of opts.keys) {
      if (!k.startsWith(POPUP_KEY_PREFIX)) continue;
      const old = readJson<{ createdAt?: number } | null>(storage, k, null);
      if (!old || typeof old.createdAt !== 'number' || now - old.createdAt > POPUP_DATA_TTL_MS) storage.removeItem(k);
    }
  }
  writeJson(storage, POPUP_KEY_PREFIX + key, { ...data, createdAt: now });
  return key;
}

export function readPopupData(storage: KeyValueStorage | null, key: string | undefined): AuditPopupData | null {
  if (!key) return null;
  const d = readJson<AuditPopupData | null>(storage, POPUP_KEY_PREFIX + key, null);
  if (!d || typeof d !== 'object' || typeof d.date !== 'string' || !Array.isArray(d.backups)) return null;
  return d;
}

/** The window route of a popup: `/window/audit/<segment>[/<resultId>]/<storageKey>`. */
export function popupPath(kind: AuditPopupKind, storageKey: string, resultId?: number): string {
  const id = kind === 'edit' || kind === 'view' ? `/${resultId ?? 0}` : '';
  return `/window/audit/${POPUP_SEGMENT[kind]}${id}/${encodeURIComponent(storageKey)}`;
}

/** The window title: "Verify · Nightly (FS01)", "Verify · 3 backups". */
export function popupTitle(kind: AuditPopupKind, backups: readonly PopupBackup[]): string {
  const what =
    backups.length === 1
      ? `${backups[0].JobName} (${backups[0].DeviceName})`
      : `${backups.length} backup${backups.length === 1 ? '' : 's'}`;
  const verb =
    kind === 'add'
      ? 'Add result'
      : kind === 'edit'
        ? 'Edit result'
        : kind === 'view'
          ? 'Result'
          : MARK_LABELS[kind].verb;
  return `${verb} · ${what}`;
}

/** The window id: one window per popup and subject, so opening it again focuses it. */
export function popupWindowId(kind: AuditPopupKind, date: IsoDay, policyIds: readonly number[], resultId?: number) {
  if (kind === 'view' || kind === 'edit') return `audit-${kind}-${resultId}`;
  const ids = policyIds.length <= 3 ? policyIds.join('-') : `${policyIds.length}-${policyIds[0]}`;
  return `audit-${kind}-${date}-${ids}`;
}

/** The popup a window route shows, from its path (`/window/audit/<segment>/…`). */
export function popupKindOfPath(pathname: string): AuditPopupKind | null {
  const segment = pathname.split('/').filter(Boolean)[2];
  const found = (Object.entries(POPUP_SEGMENT) as [AuditPopupKind, string][]).find(([, s]) => s === segment);
  return found ? found[0] : null;
}
