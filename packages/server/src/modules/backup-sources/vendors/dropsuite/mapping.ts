import type { VendorCustomer, VendorSession } from '../types.ts';

/**
 * Dropsuite partner API payloads and their mapping. Pure: no I/O. A user is a customer
 * organisation; an account is one of its Microsoft 365 / Google Workspace mailboxes, carrying the
 * last backup of each service (Mail, OneDrive, SharePoint, Teams, Calendar, Contacts).
 */

export interface DropsuiteUser {
  id: number | string;
  email: string;
  organization_name?: string | null;
}

export type DropsuiteBackupStatus = 'success' | 'partial' | 'failed' | 'in_progress' | 'never' | string;

export interface DropsuiteService {
  service: string;
  last_backup_at?: string | null;
  last_backup_started_at?: string | null;
  last_backup_status?: DropsuiteBackupStatus | null;
  last_backup_message?: string | null;
  size_bytes?: number | null;
}

export interface DropsuiteAccount {
  id: number | string;
  email: string;
  display_name?: string | null;
  account_type?: 'office365' | 'gsuite' | string | null;
  services?: DropsuiteService[] | null;
}

export interface DropsuiteOrg {
  id: string;
  name: string;
}

export const dropsuiteCustomer = (u: DropsuiteUser): VendorCustomer => ({
  id: String(u.id),
  name: u.organization_name?.trim() || u.email,
});

/** success → Success, partial → Warning, failed → Failure; in progress or never backed up: nothing to file. */
export function dropsuiteOutcome(s: DropsuiteService): Pick<VendorSession, 'status' | 'message'> | null {
  const text = s.last_backup_message?.trim() || null;
  switch (s.last_backup_status) {
    case 'success':
      return { status: 'Success', message: null };
    case 'partial':
      return { status: 'Warning', message: text ?? 'Backup completed with skipped items' };
    case 'failed':
      return { status: 'Failure', message: text ?? 'Backup failed' };
    default:
      return null;
  }
}

const backupType = (a: DropsuiteAccount) => (a.account_type === 'gsuite' ? 'Google Workspace' : 'Microsoft 365');

/** One session per account, service and last backup time: the same backup read again keeps its id. */
export function dropsuiteSessionId(a: DropsuiteAccount, service: string, endIso: string): string {
  return `${a.id}:${service}:${endIso}`;
}

export function mapDropsuiteService(org: DropsuiteOrg, a: DropsuiteAccount, s: DropsuiteService): VendorSession | null {
  const outcome = dropsuiteOutcome(s);
  if (!outcome || !s.last_backup_at) return null;
  const end = new Date(s.last_backup_at);
  if (Number.isNaN(end.getTime())) return null;
  const start = s.last_backup_started_at ? new Date(s.last_backup_started_at) : null;
  const validStart = start && !Number.isNaN(start.getTime()) ? start : null;
  return {
    sessionId: dropsuiteSessionId(a, s.service, end.toISOString()),
    customerId: org.id,
    customerName: org.name,
    device: a.email,
    job: s.service,
    backupType: backupType(a),
    status: outcome.status,
    startTime: validStart,
    endTime: end,
    sizeBytes: typeof s.size_bytes === 'number' ? s.size_bytes : null,
    durationSeconds: validStart ? Math.max(0, Math.round((end.getTime() - validStart.getTime()) / 1000)) : null,
    message: outcome.message,
    assetId: null,
  };
}
