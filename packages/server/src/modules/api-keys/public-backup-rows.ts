// Backups as the public REST API reads them: paging, the select and the row.
import { DayStatusName, type Paged, type PublicBackup } from '@vigil/contract';
import { NO_CLIENT, NO_COMPANY } from '../audit/common.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { isoOrNull } from '../../platform/dates.ts';

export const DEFAULT_RESULT_DAYS = 7;
export const DEFAULT_HISTORY_DAYS = 30;

export function page<T>(rows: T[], total: number, q: { Page: number; Size: number }): Paged<T> {
  return { Results: rows, Page: q.Page, PageSize: q.Size, Total: total, TotalPages: Math.ceil(total / q.Size) };
}

/** Appends a parameter and answers its placeholder. */
export const bind = (params: unknown[], v: unknown) => `$${params.push(v)}`;

export interface BackupDbRow {
  id: number;
  vendor: string;
  device_name: string;
  job_name: string;
  method: string;
  backup_type: string;
  state: string;
  company_id: number | null;
  company_name: string | null;
  vendor_client_id: string | null;
  client_tag: string | null;
  current_status: number;
  status_since: string | null;
  last_result_at: Date | string | null;
  last_success_at: Date | string | null;
  tags: string[] | null;
  created_at: Date | string;
}

export const BACKUP_SELECT = `
  SELECT b.id, b.vendor, b.device_name, b.job_name, b.method, b.backup_type, b.state, b.company_id,
         c.name AS company_name, b.vendor_client_id, b.client_tag, b.current_status, b.status_since::text AS status_since,
         b.last_result_at, b.last_success_at, b.created_at,
         (SELECT array_agg(t.tag ORDER BY lower(t.tag)) FROM backup_tags t WHERE t.backup_id = b.id) AS tags
    FROM backups b LEFT JOIN companies c ON c.id = b.company_id`;

export function toBackup(r: BackupDbRow): PublicBackup {
  const active = r.state === 'Active';
  // Only audited backups have a day status; the others have none to report.
  const status = active ? r.current_status : 0;
  return {
    BackupId: r.id,
    Vendor: r.vendor,
    VendorName: vendorNames.get(r.vendor) ?? r.vendor,
    DeviceName: r.device_name,
    JobName: r.job_name,
    Method: r.method,
    BackupType: r.backup_type,
    State: r.state as PublicBackup['State'],
    IsActive: active,
    CompanyId: r.company_id,
    CompanyName: r.company_name ?? NO_COMPANY,
    ClientId: r.vendor_client_id ?? r.client_tag ?? NO_CLIENT,
    Status: status,
    StatusName: DayStatusName[status] ?? String(status),
    StatusSince: active ? r.status_since : null,
    LastResultAt: isoOrNull(r.last_result_at),
    LastSuccessAt: isoOrNull(r.last_success_at),
    Tags: r.tags ?? [],
    CreatedAt: isoOrNull(r.created_at) ?? '',
  };
}
