import type {
  BackupSettings,
  Paged,
  PolicyCount,
  PolicyListQuery,
  PolicyRow,
  ScheduleRule,
  ToActivateRow,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { describeRule } from '../audit/schedules.ts';
import { likeTerm, NO_CLIENT, NO_COMPANY, visibilitySql } from '../audit/common.ts';

export type PolicyState = 'Inactive' | 'Active' | 'Retired';

/** Vendors whose backups protect Microsoft 365 / Google mailboxes (the "Active Mailboxes Backups" count). */
export const MAILBOX_VENDORS = ['veeam-m365', 'datto-saas', 'dropsuite', 'skykick'];
/** Vendors that back up end-user computers; with device names like DESKTOP-…, LAPTOP-… they count as workstations. */
export const WORKSTATION_VENDORS = ['macrium', 'urbackup', 'carbonite'];
const WORKSTATION_NAME = '^(desktop|laptop|ws|pc|nb)[-_]';

interface PolicyDbRow {
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

const isoOrNull = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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
const columns = (withCounts: boolean) => POLICY_COLUMNS.replace('RESULT_COUNT', withCounts ? COUNT_RESULTS : '0');
const POLICY_JOINS = `LEFT JOIN companies c ON c.id = b.company_id
  LEFT JOIN schedules s ON s.id = b.schedule_id
  LEFT JOIN templates tp ON tp.id = b.template_id`;

export function toPolicyRow(r: PolicyDbRow): PolicyRow {
  return {
    PolicyId: r.id,
    BackupId: r.id,
    State: r.state,
    Vendor: r.vendor,
    VendorName: vendorNames.get(r.vendor) ?? r.vendor,
    DeviceName: r.device_name,
    JobName: r.job_name,
    Method: r.method,
    BackupType: r.backup_type,
    SenderEmail: r.sender_address,
    ClientId: r.vendor_client_id ?? r.client_tag ?? NO_CLIENT,
    CompanyId: r.company_id,
    CompanyName: r.company_name ?? NO_COMPANY,
    CompanySource: r.company_id === null ? null : r.company_source,
    TemplateId: r.template_id,
    TemplateName: r.template_name,
    BackupPlanId: r.backup_plan_id,
    Schedule: r.schedule,
    ScheduleId: r.schedule_id,
    ScheduleName: r.schedule_name ?? (r.schedule ? describeRule(r.schedule) : 'No schedule'),
    DayStartHour: r.day_start_hour,
    StatusCalculation: r.status_calculation,
    TreatWarningAsSuccess: r.treat_warning_as_success,
    FailureThreshold: r.failure_threshold,
    Notes: r.notes,
    Tags: r.tags ?? [],
    LastEmailAt: isoOrNull(r.last_email_at),
    LastStatus: r.last_status,
    LastResultAt: isoOrNull(r.last_result_at),
    CurrentStatus: r.current_status,
    ResultCount: Number(r.result_count),
    PausedUntil: isoOrNull(r.paused_until),
    ActivatedAt: isoOrNull(r.activated_at),
    RetiredAt: isoOrNull(r.retired_at),
    CreatedAt: new Date(r.created_at).toISOString(),
  };
}

const ORDER: Record<NonNullable<PolicyListQuery['OrderBy']>, string> = {
  PolicyId: 'b.id',
  CompanyName: 'c.name',
  DeviceName: 'lower(b.device_name)',
  JobName: 'lower(b.job_name)',
  Vendor: 'b.vendor',
  LastEmailAt: 'b.last_email_at',
  SenderEmail: 'lower(b.sender_address)',
  CreatedAt: 'b.created_at',
};

/** One of the three Manage lists (`POST /api/backup/inactive`, `/active`, `/retire`). */
export async function listPolicies(
  database: Database,
  state: PolicyState,
  q: PolicyListQuery,
  o: { tenantId: number; visible: number[] | null },
): Promise<Paged<PolicyRow>> {
  const params: unknown[] = [o.tenantId, state];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['b.tenant_id = $1', 'b.state = $2', visibilitySql(o.visible, params)];
  const companies = q.Companies ?? [];
  if (companies.length || q.IncludeNoCompany) {
    const parts: string[] = [];
    if (companies.length) parts.push(`b.company_id = ANY(${p(companies)}::int[])`);
    if (q.IncludeNoCompany) parts.push('b.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  if (q.Vendors?.length) where.push(`b.vendor = ANY(${p(q.Vendors)}::text[])`);
  if (q.Tags?.length)
    where.push(`EXISTS (SELECT 1 FROM backup_tags t WHERE t.backup_id = b.id AND t.tag = ANY(${p(q.Tags)}::text[]))`);
  if (q.Search?.trim()) {
    const term = q.Search.trim().toLowerCase();
    const vendorIds = [...vendorNames].filter(([, name]) => name.toLowerCase().includes(term)).map(([id]) => id);
    const like = p(likeTerm(q.Search));
    where.push(
      `(c.name ILIKE ${like} OR b.job_name ILIKE ${like} OR b.device_name ILIKE ${like} OR b.sender_address ILIKE ${like}
        OR b.vendor_client_id ILIKE ${like} OR b.client_tag ILIKE ${like} OR b.vendor = ANY(${p(vendorIds)}::text[]))`,
    );
  }
  // Inactive backups newest first (what just arrived); the others by company.
  const orderBy = q.OrderBy ?? (state === 'Inactive' ? 'LastEmailAt' : 'CompanyName');
  const ascending = q.OrderAscending ?? orderBy !== 'LastEmailAt';
  const dir = ascending ? 'ASC' : 'DESC';
  const limit = p(q.Size);
  const offset = p((q.Page - 1) * q.Size);
  const r = await database.query<PolicyDbRow>(
    `SELECT ${columns(true)}, count(*) OVER () AS total
       FROM backups b ${POLICY_JOINS}
      WHERE ${where.join(' AND ')}
      ORDER BY ${ORDER[orderBy]} ${dir} NULLS LAST, c.name ASC NULLS LAST, lower(b.device_name), lower(b.job_name), b.id
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total = Number(r.rows[0]?.total ?? 0);
  return {
    Results: r.rows.map(toPolicyRow),
    Page: q.Page,
    PageSize: q.Size,
    Total: total,
    TotalPages: Math.ceil(total / q.Size),
  };
}

/**
 * The tenant's backups with these ids that the caller may see (others are silently absent).
 * `withCounts: false` leaves ResultCount at 0 and skips counting every result of every backup
 * (bulk edits of thousands read the rows twice, for the log's before and after).
 */
export async function policiesByIds(
  query: QueryFn,
  tenantId: number,
  ids: number[],
  visible: number[] | null,
  withCounts = true,
): Promise<PolicyRow[]> {
  if (!ids.length) return [];
  const params: unknown[] = [tenantId, ids];
  const r = await query<PolicyDbRow>(
    `SELECT ${columns(withCounts)} FROM backups b ${POLICY_JOINS}
      WHERE b.tenant_id = $1 AND b.id = ANY($2::int[]) AND b.state IN ('Inactive', 'Active', 'Retired')
        AND ${visibilitySql(visible, params)}
      ORDER BY b.id`,
    params,
  );
  return r.rows.map(toPolicyRow);
}

export async function policyCount(
  database: Database,
  tenantId: number,
  visible: number[] | null,
): Promise<PolicyCount> {
  const params: unknown[] = [tenantId, MAILBOX_VENDORS, WORKSTATION_VENDORS, WORKSTATION_NAME];
  const r = await database.query<Record<string, string>>(
    `SELECT count(*) FILTER (WHERE state = 'Active') AS active,
            count(*) FILTER (WHERE state = 'Inactive') AS inactive,
            count(*) FILTER (WHERE state = 'Retired') AS retired,
            count(*) FILTER (WHERE state = 'Active' AND vendor = ANY($2::text[])) AS mailboxes,
            count(DISTINCT lower(device_name)) FILTER (WHERE state = 'Active' AND NOT vendor = ANY($2::text[])
              AND (vendor = ANY($3::text[]) OR device_name ~* $4)) AS workstations,
            count(DISTINCT lower(device_name)) FILTER (WHERE state = 'Active' AND NOT vendor = ANY($2::text[])) AS units
       FROM backups b WHERE tenant_id = $1 AND ${visibilitySql(visible, params)}`,
    params,
  );
  const x = r.rows[0];
  return {
    ActiveBackups: Number(x.units),
    Office365: Number(x.mailboxes),
    Workstations: Number(x.workstations),
    ActivePolicies: Number(x.active),
    InactivePolicies: Number(x.inactive),
    RetiredPolicies: Number(x.retired),
  };
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Activation suggestions: a schedule from the weekdays results arrived on over the last eight
 * weeks (a weekday counts when it had results in at least half of the weeks seen), the tenant's
 * defaults for the rest. The company stays as assigned (rules or mapping may have set it).
 */
export async function toActivate(
  database: Database,
  tenantId: number,
  ids: number[],
  visible: number[] | null,
): Promise<ToActivateRow[]> {
  const rows = await policiesByIds(database.query, tenantId, ids, visible);
  if (!rows.length) return [];
  const r = await database.query<{ backup_id: number; dow: number; weeks: string; span_weeks: string }>(
    `WITH recent AS (
       SELECT backup_id, filed_at FROM results
        WHERE backup_id = ANY($1::int[]) AND filed_at > now() - interval '56 days'
     ), span AS (
       SELECT backup_id, GREATEST(1, ceil(extract(epoch FROM (max(filed_at) - min(filed_at))) / 604800.0 + 0.01)) AS span_weeks
         FROM recent GROUP BY backup_id
     )
     SELECT r.backup_id, extract(dow FROM r.filed_at AT TIME ZONE COALESCE(NULLIF(t.time_zone_id, ''), 'UTC'))::int AS dow,
            count(DISTINCT date_trunc('week', r.filed_at)) AS weeks, s.span_weeks
       FROM recent r JOIN span s USING (backup_id), tenants t
      WHERE t.id = $2
      GROUP BY r.backup_id, dow, s.span_weeks`,
    [rows.map((x) => x.PolicyId), tenantId],
  );
  const flags = new Map<number, number>();
  for (const x of r.rows) {
    if (Number(x.weeks) * 2 >= Number(x.span_weeks)) {
      flags.set(x.backup_id, (flags.get(x.backup_id) ?? 0) | (1 << x.dow));
    }
  }
  return rows.map((row) => {
    const weekdays = flags.get(row.PolicyId);
    const schedule: ScheduleRule | null =
      row.Schedule ?? (row.BackupType === 'Alert' || !weekdays ? null : { kind: 'weekly', weekdays });
    const suggested: BackupSettings & { ScheduleReason: string | null } = {
      CompanyId: row.CompanyId,
      BackupType: row.BackupType,
      Schedule: row.ScheduleId ? null : schedule,
      ScheduleId: row.ScheduleId,
      DayStartHour: row.DayStartHour,
      StatusCalculation: row.StatusCalculation,
      TreatWarningAsSuccess: row.TreatWarningAsSuccess,
      FailureThreshold: row.FailureThreshold,
      Notes: row.Notes,
      Tags: row.Tags.filter((t) => !t.PlanName).map((t) => t.TagValue),
      ScheduleReason:
        !row.Schedule && !row.ScheduleId && weekdays
          ? `Results arrived on ${WEEKDAY_NAMES.filter((_, i) => weekdays & (1 << i)).join(', ')} in recent weeks`
          : null,
    };
    return { ...row, Suggested: suggested };
  });
}
