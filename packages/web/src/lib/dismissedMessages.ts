import type { AppMessage } from '@vigil/contract';
import { readJson, writeJson, type KeyValueStorage } from './storage';

/** Platform §9: dismissed app messages are remembered in browser storage. */
export const DISMISSED_KEY = 'vigil.dismissedMessages';
const KEEP = 100;

/** A short fingerprint of what the user read: a new text or severity shows the message again. */
export function messageFingerprint(m: Pick<AppMessage, 'Severity' | 'Text'>): string {
  const s = `${m.Severity}\n${m.Text}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(36)}.${s.length.toString(36)}`;
}

type Dismissed = Record<string, string>;

export function isDismissed(storage: KeyValueStorage | null, m: Pick<AppMessage, 'Id' | 'Severity' | 'Text'>): boolean {
  const all = readJson<Dismissed>(storage, DISMISSED_KEY, {});
  return all[`m${m.Id}`] === messageFingerprint(m);
}

/** Remembers the dismissal; only the newest entries are kept. */
export function dismissMessage(storage: KeyValueStorage | null, m: Pick<AppMessage, 'Id' | 'Severity' | 'Text'>): void {
  const all = readJson<Dismissed>(storage, DISMISSED_KEY, {});
  delete all[`m${m.Id}`];
  all[`m${m.Id}`] = messageFingerprint(m);
  const entries = Object.entries(all);
  writeJson(storage, DISMISSED_KEY, Object.fromEntries(entries.slice(-KEEP)));
}
