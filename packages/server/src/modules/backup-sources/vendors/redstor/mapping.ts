import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Redstor Pro Storage Platform API payloads (the AccountServer's OData feed of backup accounts)
 * and their mapping. Pure: no I/O. A backup account is one protected machine; it sits in a
 * backup group whose path (`Partner\Reseller\Company`) ends in the customer's group. The feed
 * carries each account's last backup only.
 */

/** `GET /api/odata/Accounts`: one backup account. */
export interface RedstorAccount {
  Guid: string;
  AccountName: string;
  /** The group path, segments separated by backslashes. */
  BackupGroup?: string | null;
  Active?: boolean | null;
  LastBackupDate?: string | null;
  LastBackupMessage?: string | null;
  LastBackupStatus?: string | number | null;
}

export interface RedstorODataPage<T> {
  '@odata.context'?: string;
  '@odata.nextLink'?: string;
  value: T[];
}

/** The customer an account belongs to: the last segment of its group path (the whole path is its id). */
export function redstorGroup(account: Pick<RedstorAccount, 'BackupGroup'>): VendorCustomer | null {
  const path = (account.BackupGroup ?? '').replace(/^\\+|\\+$/g, '').trim();
  if (!path) return null;
  const segments = path.split('\\').filter((s) => s.trim());
  return { id: path, name: segments.at(-1)!.trim() };
}

/** A time from the feed; a time without a zone is UTC (the AccountServer's clock). */
export function redstorTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? value.trim() : `${value.trim()}Z`;
  const d = new Date(zoned);
  return Number.isNaN(d.getTime()) ? null : d;
}

type Outcome = Pick<VendorSession, 'status' | 'message'>;

/**
 * "Successful" / "Completed successfully" → Success; "Completed with errors" or "… with warnings"
 * → Warning (the backup finished; some items were skipped); "Failed", "Not completed",
 * "Cancelled", "Missed", "Error" → Failure; running or queued → nothing yet. The message is read
 * first, then the status.
 */
export function redstorOutcome(a: Pick<RedstorAccount, 'LastBackupMessage' | 'LastBackupStatus'>): Outcome | null {
  for (const raw of [a.LastBackupMessage, a.LastBackupStatus]) {
    if (typeof raw !== 'string' || !raw.trim()) continue;
    const phrase = raw.trim();
    const s = phrase.toLowerCase();
    if (/running|in progress|queued|pending|started|busy/.test(s)) return null;
    if (/not completed|did not|fail|error(?!s)|cancel|abort|missed|unsuccessful|interrupted/.test(s)) {
      return { status: 'Failure', message: phrase };
    }
    if (/with (errors|warnings)|warning|partial/.test(s)) return { status: 'Warning', message: phrase };
    if (/^(successful|success|succeeded|completed|completed successfully|ok)$/.test(s)) {
      return { status: 'Success', message: null };
    }
  }
  return null;
}

export function mapRedstorAccount(a: RedstorAccount): VendorSession | null {
  if (a.Active === false) return null;
  const end = redstorTime(a.LastBackupDate);
  const outcome = redstorOutcome(a);
  if (!end || !outcome) return null;
  const group = redstorGroup(a);
  return {
    sessionId: `${a.Guid}:${end.toISOString()}`,
    customerId: group?.id ?? null,
    customerName: group?.name ?? null,
    device: a.AccountName || a.Guid,
    job: a.AccountName || a.Guid,
    backupType: 'Agent',
    status: outcome.status,
    startTime: null,
    endTime: end,
    sizeBytes: null,
    durationSeconds: null,
    message: outcome.message,
    assetId: a.Guid,
  };
}

export function redstorAsset(a: RedstorAccount): VendorAsset {
  const group = redstorGroup(a);
  return {
    kind: 'device',
    externalId: a.Guid,
    customerId: group?.id ?? null,
    name: a.AccountName || a.Guid,
    fields: {
      DeviceName: a.AccountName || a.Guid,
      Company: group?.name ?? null,
      DeviceId: a.Guid,
    },
  };
}
