// The columns and joins of a PolicyRow, and the vendor groups its fields depend on.
import type { PolicyRow, ScheduleRule } from '@vigil/contract';

export type PolicyState = 'Inactive' | 'Active' | 'Retired';

/** Vendors whose backups protect Microsoft 365 / Google mailboxes (the "Active Mailboxes Backups" count). */
export const MAILBOX_VENDORS = ['veeam-m365', 'datto-saas', 'dropsuite', 'skykick'];
/** Vendors that back up end-user computers; with device names like DESKTOP-…, LAPTOP-… they count as workstations. */
export const WORKSTATION_VENDORS = ['macrium', 'urbackup', 'carbonite'];
export const WORKSTATION_NAME = '^(desktop|laptop|ws|pc|nb)[-_]';

export interface PolicyDbRow {
  id: number;
  state: PolicyState;
  vendor: string;
  device_name: string;
  job_name: string;
  method: 'Email' | 'Api';
  backup_type: 'Backup' | 'Alert';
  sender_address: string | null;
  client_tag: string | null;
  vendor_client_id: string | null;
  company_id: number | null;
  company_name: string | null;
  company_source: string | null;
  template_id: number | null;
  template_name: string | null;
  backup_plan_id: number | null;
  schedule: ScheduleRule | null;
  schedule_id: number | null;
  schedule_name: string | null;
  day_start_hour: number;
  status_calculation: PolicyRow['StatusCalculation'];
  treat_warning_as_success: boolean;
  failure_threshold: number;
  notes: string | null;
  tags: { TagValue: string; PlanName: string | null }[] | null;
  last_email_at: Date | string | null;
  last_status: number | null;
  last_result_at: Date | string | null;
  current_status: number;
  result_count: string | number;
  paused_until: Date | string | null;
  activated_at: Date | string | null;
  retired_at: Date | string | null;
  created_at: Date | string;
  total?: string | number;
}

export const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The columns of a PolicyRow, on backups `b` joined to companies `c`, schedules `s`, templates `tp`. */
const POLICY_COLUMNS = `b.id, b.state, b.vendor, b.device_name, b.job_name, b.method, b.backup_type, b.sender_address,
  b.client_tag, b.vendor_client_id, b.company_id, c.name AS company_name, b.company_source, b.template_id,
  tp.name AS template_name, b.backup_plan_id, b.schedule, b.schedule_id, s.name AS schedule_name, b.day_start_hour,
  b.status_calculation, b.treat_warning_as_success, b.failure_threshold, b.notes,
  (SELECT json_agg(json_build_object('TagValue', t.tag, 'PlanName', bp.name) ORDER BY t.tag)
     FROM backup_tags t LEFT JOIN backup_plans bp ON bp.id = t.plan_id WHERE t.backup_id = b.id) AS tags,
  b.last_email_at, b.last_status, b.last_result_at, b.current_status,
  RESULT_COUNT AS result_count,
  b.paused_until, b.activated_at, b.retired_at, b.created_at`;
const COUNT_RESULTS = '(SELECT count(*) FROM results r WHERE r.backup_id = b.id)';
export const columns = (withCounts: boolean) =>
  POLICY_COLUMNS.replace('RESULT_COUNT', withCounts ? COUNT_RESULTS : '0');
export const POLICY_JOINS = `LEFT JOIN companies c ON c.id = b.company_id
  LEFT JOIN schedules s ON s.id = b.schedule_id
  LEFT JOIN templates tp ON tp.id = b.template_id`;
