import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * SkyKick Partner Integration API payloads (Cloud Backup) and their mapping. Pure: no I/O.
 * A subscription is one placed Cloud Backup order (one customer's Microsoft 365 tenant); each
 * protected mailbox, OneDrive or SharePoint site reports its last snapshot. SkyKick publishes no
 * schema, so field names are read case-insensitively (the API mixes camelCase and PascalCase).
 */

export type SkyKickRow = Record<string, unknown>;

/** `GET /Backup`: one placed Cloud Backup subscription order. */
export interface SkyKickSubscription {
  id: string;
  companyName?: string | null;
}

/** One protected item's last snapshot, normalised from `GET /Backup/{id}/lastsnapshotstats`. */
export interface SkyKickSnapshot {
  itemId: string;
  name: string;
  service: string;
  status: string;
  startTime: string | null;
  endTime: string | null;
  sizeBytes: number | null;
  message: string | null;
}

/** The value of the first of `keys` present on `row`, whatever its case. */
export function pick(value: unknown, ...keys: string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const row = value as SkyKickRow;
  const lower = new Map(Object.keys(row).map((k) => [k.toLowerCase(), k]));
  for (const key of keys) {
    const found = lower.get(key.toLowerCase());
    if (found !== undefined && row[found] !== null && row[found] !== undefined) return row[found];
  }
  return undefined;
}
const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** A list answer: a bare array, or one wrapped in OData's `value` (or a named list). */
export function rowsOf(body: unknown, ...wrappers: string[]): SkyKickRow[] {
  if (Array.isArray(body)) return body.filter((x): x is SkyKickRow => !!x && typeof x === 'object');
  for (const key of ['value', ...wrappers]) {
    const inner = pick(body, key);
    if (Array.isArray(inner)) return rowsOf(inner);
  }
  return [];
}

export function skykickSubscription(row: SkyKickRow): SkyKickSubscription | null {
  const id = text(pick(row, 'id', 'subscriptionId', 'backupServiceId'));
  if (!id) return null;
  const companyName = text(pick(row, 'companyName', 'customerName', 'name'));
  const info = pick(row, 'CustomerInformation');
  return { id, companyName: companyName ?? text(pick(info, 'CompanyName')) };
}

export const skykickCustomer = (s: SkyKickSubscription): VendorCustomer => ({
  id: s.id,
  name: s.companyName || `Subscription ${s.id}`,
});

/** The Microsoft 365 service a row belongs to, as SkyKick's console names it. */
export function skykickService(raw: string | null, siteUrl: string | null): string {
  const s = (raw ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (s.includes('onedrive')) return 'OneDrive';
  if (s.includes('teams')) return 'Microsoft Teams';
  if (s.includes('sharepoint') || s === 'site' || (!s && siteUrl)) return 'SharePoint Online';
  return 'Exchange Online';
}

export function skykickSnapshot(row: SkyKickRow): SkyKickSnapshot | null {
  const siteUrl = text(pick(row, 'SiteUrl', 'Url'));
  const email = text(pick(row, 'EmailAddress', 'SmtpAddress', 'UserPrincipalName', 'Email'));
  const service = skykickService(text(pick(row, 'ServiceType', 'Service', 'Type')), siteUrl);
  const name =
    (service === 'SharePoint Online' ? siteUrl : email) ?? email ?? siteUrl ?? text(pick(row, 'DisplayName'));
  const itemId = text(pick(row, 'SubscriptionId', 'MailboxId', 'SiteId', 'Id')) ?? name;
  if (!itemId || !name) return null;
  return {
    itemId,
    name,
    service,
    status: text(pick(row, 'LastSnapshotStatus', 'SnapshotStatus', 'Status')) ?? '',
    startTime: text(pick(row, 'LastSnapshotStartTime', 'SnapshotStartTime', 'StartTime')),
    endTime: text(pick(row, 'LastSnapshotEndTime', 'LastSnapshotTime', 'LastSnapshotDate', 'SnapshotEndTime')),
    sizeBytes: num(pick(row, 'SizeInBytes', 'TotalSizeInBytes', 'SizeBytes')),
    message: text(pick(row, 'ErrorMessage', 'StatusMessage', 'Message')),
  };
}

type Outcome = Pick<VendorSession, 'status' | 'message'>;

/**
 * Succeeded → Success; completed with warnings / partially succeeded → Warning; failed → Failure;
 * missed or stalled (no snapshot in the expected window) → Failure; in progress, queued, pending
 * or never run → nothing yet.
 */
export function skykickOutcome(snap: Pick<SkyKickSnapshot, 'status' | 'message'>): Outcome | null {
  const s = snap.status.toLowerCase().replace(/[^a-z]/g, '');
  if (/^(succeeded|success|successful|completed|complete|ok|healthy)$/.test(s)) {
    return { status: 'Success', message: null };
  }
  if (/warning|partial/.test(s)) {
    return { status: 'Warning', message: snap.message ?? 'Snapshot completed with warnings' };
  }
  if (/^(failed|failure|error|errored)$/.test(s))
    return { status: 'Failure', message: snap.message ?? 'Snapshot failed' };
  if (/^(missed|stalled|overdue)$/.test(s)) {
    return { status: 'Failure', message: snap.message ?? 'No snapshot was taken in the expected window' };
  }
  return null;
}

export const skykickSessionId = (subscriptionId: string, snap: SkyKickSnapshot, end: Date) =>
  `${subscriptionId}:${snap.itemId}:${snap.service}:${end.toISOString()}`;

export function mapSkyKickSnapshot(sub: SkyKickSubscription, snap: SkyKickSnapshot): VendorSession | null {
  const outcome = skykickOutcome(snap);
  const end = snap.endTime ? new Date(snap.endTime) : null;
  if (!outcome || !end || Number.isNaN(end.getTime())) return null;
  const startParsed = snap.startTime ? new Date(snap.startTime) : null;
  const start = startParsed && !Number.isNaN(startParsed.getTime()) ? startParsed : null;
  return {
    sessionId: skykickSessionId(sub.id, snap, end),
    customerId: sub.id,
    customerName: sub.companyName ?? null,
    device: snap.name,
    job: snap.service,
    backupType: 'Microsoft 365',
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: snap.sizeBytes,
    durationSeconds: start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null,
    message: outcome.message,
    assetId: snap.itemId,
  };
}

/** A protected mailbox (`GET /Backup/{id}/mailboxes`) or site (`GET /Backup/{id}/sites`) as a device. */
export function skykickAsset(sub: SkyKickSubscription, row: SkyKickRow, kind: 'mailbox' | 'site'): VendorAsset | null {
  const name =
    kind === 'site'
      ? text(pick(row, 'Url', 'SiteUrl'))
      : text(pick(row, 'EmailAddress', 'SmtpAddress', 'UserPrincipalName', 'Email'));
  const id = text(pick(row, 'SubscriptionId', 'MailboxId', 'SiteId', 'Id')) ?? name;
  if (!name || !id) return null;
  return {
    kind: 'device',
    externalId: id,
    customerId: sub.id,
    name,
    fields: {
      DeviceName: text(pick(row, 'DisplayName', 'Title')) ?? name,
      Hostname: name,
      Company: sub.companyName ?? null,
      Platform: kind === 'site' ? 'SharePoint Online' : 'Exchange Online',
      DeviceId: id,
    },
  };
}
