import type { AdminProcessedEmail, Paged, ProcessedEmail, ProcessedResult } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { vendorParsers } from '../../parser/vendors/index.ts';
import { visibleSql } from '../audit/scope.ts';
import { GENERIC_VENDOR } from '../../parser/engine.ts';
import { toReading, type StoredReading } from '../../parser/generic/stored.ts';
import { isoOrNull } from '../../platform/dates.ts';

const STATUS_NAME: Record<number, ProcessedResult['Status']> = { 1: 'Success', 2: 'Warning', 3: 'Failure' };
export const vendorNames = new Map([
  ...vendorParsers.map((p): [string, string] => [p.id, p.name]),
  [GENERIC_VENDOR, 'Generic reader'],
]);

export interface EmailFilter {
  /** null lists every tenant's e-mails (platform admins). */
  tenantId: number | null;
  page: number;
  size: number;
  search?: string;
  state?: string;
  unrecognised?: boolean;
  emailId?: number;
  /** The caller's companies (`visibleCompanies`): their e-mails only, and of those only their results. */
  visible?: number[] | null;
}

interface EmailDbRow {
  id: string | number;
  tenant_id: number;
  tenant_name: string;
  subject: string;
  from_address: string;
  recipient: string;
  received_at: Date | string;
  state: ProcessedEmail['State'];
  source: ProcessedEmail['Source'];
  size: number;
  vendor: string | null;
  reason: string | null;
  plus_tag: string | null;
  attempts: number;
  total: string | number;
}

interface ResultDbRow {
  id: string | number;
  email_id: string | number;
  backup_id: number;
  vendor: string;
  job_name: string;
  device_name: string;
  backup_state: string;
  backup_type: 'Backup' | 'Alert';
  status: number;
  start_time: Date | string | null;
  end_time: Date | string | null;
  result_kind: string;
  storage_kind: string | null;
  size_bytes: string | number | null;
  duration_seconds: number | null;
  failure_text: string | null;
  vendor_client_id: string | null;
  reading?: StoredReading | null;
}

export function toResult(r: ResultDbRow): ProcessedResult {
  return {
    ResultId: Number(r.id),
    Vendor: r.vendor,
    JobName: r.job_name,
    DeviceName: r.device_name,
    Status: STATUS_NAME[r.status] ?? 'Failure',
    BackupId: r.backup_id,
    BackupActive: r.backup_state === 'Active',
    StartTime: isoOrNull(r.start_time),
    EndTime: isoOrNull(r.end_time),
    ResultKind: r.result_kind,
    StorageKind: r.storage_kind,
    BackupType: r.backup_type,
    SizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    DurationSeconds: r.duration_seconds,
    FailureText: r.failure_text,
    ClientId: r.vendor_client_id,
    Reading: toReading(r.reading),
  };
}

/** Received e-mails with their parsed results, newest first; tenant-scoped unless tenantId is null. */
export async function listEmails(database: Database, f: EmailFilter): Promise<Paged<AdminProcessedEmail>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.tenantId !== null) where.push(`e.tenant_id = ${p(f.tenantId)}`);
  if (f.emailId) where.push(`e.id = ${p(f.emailId)}`);
  if (f.visible) where.push(visibleSql('email', f.visible, params));
  if (f.state) where.push(`e.state = ${p(f.state)}`);
  if (f.unrecognised) where.push(`e.vendor IS NULL AND e.state IN ('Processed', 'Inactive', 'NeedsReview')`);
  if (f.search?.trim()) {
    const like = p(`%${f.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(
      `(e.subject ILIKE ${like} OR e.from_address ILIKE ${like} OR e.recipient ILIKE ${like} OR e.message_id ILIKE ${like}
        OR e.vendor ILIKE ${like} OR EXISTS (SELECT 1 FROM results r JOIN backups b ON b.id = r.backup_id
          WHERE r.email_id = e.id AND (b.job_name ILIKE ${like} OR b.device_name ILIKE ${like})))`,
    );
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const rows = await database.query<EmailDbRow>(
    `SELECT e.id, e.tenant_id, t.name AS tenant_name, e.subject, e.from_address, e.recipient, e.received_at, e.state,
            e.source, e.size, e.vendor, e.reason, e.plus_tag, e.attempts, count(*) OVER () AS total
       FROM emails e JOIN tenants t ON t.id = e.tenant_id ${clause}
      ORDER BY e.received_at DESC, e.id DESC LIMIT ${p(f.size)} OFFSET ${p((f.page - 1) * f.size)}`,
    params,
  );
  const ids = rows.rows.map((r) => Number(r.id));
  const byEmail = new Map<number, ProcessedResult[]>();
  if (ids.length) {
    const resultParams: unknown[] = [ids];
    const seen = visibleSql('backup', f.visible ?? null, resultParams);
    const results = await database.query<ResultDbRow>(
      `SELECT r.id, r.email_id, r.backup_id, b.vendor, b.job_name, b.device_name, b.state AS backup_state, b.backup_type,
              r.status, r.start_time, r.end_time, r.result_kind, r.storage_kind, r.size_bytes, r.duration_seconds,
              r.failure_text, r.vendor_client_id, r.reading
         FROM results r JOIN backups b ON b.id = r.backup_id
        WHERE r.email_id = ANY($1::bigint[]) AND ${seen} ORDER BY r.email_id, r.ordinal`,
      resultParams,
    );
    for (const r of results.rows) {
      const k = Number(r.email_id);
      byEmail.set(k, [...(byEmail.get(k) ?? []), toResult(r)]);
    }
  }
  const total = Number(rows.rows[0]?.total ?? 0);
  return {
    Results: rows.rows.map((r) => ({
      emailId: Number(r.id),
      tenantId: r.tenant_id,
      TenantName: r.tenant_name,
      Subject: r.subject,
      From: r.from_address,
      To: r.recipient,
      ReceivedAt: new Date(r.received_at).toISOString(),
      State: r.state,
      Source: r.source,
      Size: r.size,
      Vendor: r.vendor,
      VendorName: r.vendor === null ? null : (vendorNames.get(r.vendor) ?? r.vendor),
      Reason: r.reason,
      PlusTag: r.plus_tag,
      Attempts: r.attempts,
      Results: byEmail.get(Number(r.id)) ?? [],
    })),
    Page: f.page,
    PageSize: f.size,
    Total: total,
    TotalPages: Math.ceil(total / f.size),
  };
}

/** The stored raw e-mail, only when it belongs to the tenant asked for. */
export async function emailBlob(
  database: Database,
  tenantId: number,
  emailId: number,
): Promise<{ blobKey: string; subject: string } | null> {
  const r = await database.query<{ blob_key: string; subject: string }>(
    'SELECT blob_key, subject FROM emails WHERE id = $1 AND tenant_id = $2',
    [emailId, tenantId],
  );
  return r.rows[0] ? { blobKey: r.rows[0].blob_key, subject: r.rows[0].subject } : null;
}

/** A safe download name for a raw e-mail. */
export function emlFileName(emailId: number, subject: string): string {
  const base = subject
    .replace(/[^\w .-]+/g, '')
    .trim()
    .slice(0, 60)
    .replace(/\s+/g, '-');
  return `${emailId}${base ? `-${base}` : ''}.eml`;
}
