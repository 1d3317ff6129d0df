import type { z } from 'zod';
import type { DailyActivityQuery, DailyActivityRow, GroupDetails, Paged, ScheduleRule } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { likeTerm, NO_COMPANY, visibilitySql } from './common.ts';
import type { AuditResultsService } from './results-service.ts';
import { requireVisible, type Scope } from './scope.ts';
import { describeRule } from './schedules.ts';

type Query = z.infer<typeof DailyActivityQuery>;

const ORDER: Record<NonNullable<Query['OrderBy']>, { inner: string; outer: string }> = {
  Time: { inner: 'r.filed_at', outer: 'p.filed_at' },
  Status: { inner: 'r.status', outer: 'p.status' },
  CompanyName: { inner: 'c.name', outer: 'p.company_name' },
  Vendor: { inner: 'b.vendor', outer: 'p.vendor' },
  DeviceName: { inner: 'b.device_name', outer: 'p.device_name' },
  JobName: { inner: 'b.job_name', outer: 'p.job_name' },
};

interface Row {
  id: string | number;
  backup_id: number;
  filed_at: Date | string;
  status: number;
  vendor: string;
  company_name: string | null;
  device_name: string;
  job_name: string;
  result_kind: string;
  failure_text: string | null;
  source: string;
  email_id: string | number | null;
  subject: string | null;
  day_status: number;
  total: string | number;
}

/**
 * Daily Activity: every result whose business day is the selected day, of the tenant's active
 * backups. The day's results are found through results(tenant_id, business_day); the e-mail
 * subject and the day's status are joined for the page only.
 */
export async function listDailyActivity(
  database: Database,
  q: Query,
  o: { tenantId: number; visible: number[] | null },
): Promise<Paged<DailyActivityRow>> {
  const params: unknown[] = [o.tenantId, q.Date];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [
    'r.tenant_id = $1',
    'r.business_day = $2::date',
    "b.state = 'Active'",
    visibilitySql(o.visible, params),
  ];
  const companies = q.Companies ?? [];
  if (companies.length || q.IncludeNoCompany) {
    const parts: string[] = [];
    if (companies.length) parts.push(`b.company_id = ANY(${p(companies)}::int[])`);
    if (q.IncludeNoCompany) parts.push('b.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  if (q.Statuses?.length) where.push(`r.status = ANY(${p(q.Statuses)}::int[])`);
  if (q.Vendors?.length) where.push(`b.vendor = ANY(${p(q.Vendors)}::text[])`);
  if (q.Search?.trim()) {
    const term = q.Search.trim().toLowerCase();
    const vendorIds = [...vendorNames].filter(([, name]) => name.toLowerCase().includes(term)).map(([id]) => id);
    const like = p(likeTerm(q.Search));
    where.push(
      `(c.name ILIKE ${like} OR b.job_name ILIKE ${like} OR b.device_name ILIKE ${like} OR b.vendor ILIKE ${like}
        OR b.vendor = ANY(${p(vendorIds)}::text[]))`,
    );
  }
  const key = ORDER[q.OrderBy ?? 'Time'];
  // Newest first unless asked otherwise when listing by time; A to Z for the other columns.
  const ascending = q.OrderAscending ?? (q.OrderBy ?? 'Time') !== 'Time';
  const dir = ascending ? 'ASC' : 'DESC';
  const inner = `${key.inner} ${dir} NULLS LAST, r.filed_at ${dir}, r.id ${dir}`;
  const outer = `${key.outer} ${dir} NULLS LAST, p.filed_at ${dir}, p.id ${dir}`;
  const limit = p(q.Size);
  const offset = p((q.Page - 1) * q.Size);

  // The day's results are filtered, counted and ordered on narrow rows; the page's rows then get
  // their details, e-mail subject and day status.
  const r = await database.query<Row>(
    `SELECT p.*, x.result_kind, x.failure_text, x.source, x.email_id, e.subject, COALESCE(d.status, 0) AS day_status
       FROM (SELECT r.id, r.backup_id, r.filed_at, r.status, b.vendor, c.name AS company_name, b.device_name,
                    b.job_name, count(*) OVER () AS total
               FROM results r
               JOIN backups b ON b.id = r.backup_id
               LEFT JOIN companies c ON c.id = b.company_id
              WHERE ${where.join(' AND ')}
              ORDER BY ${inner}
              LIMIT ${limit} OFFSET ${offset}) p
       JOIN results x ON x.id = p.id
       LEFT JOIN emails e ON e.id = x.email_id
       LEFT JOIN backup_days d ON d.backup_id = p.backup_id AND d.day = $2::date
      ORDER BY ${outer}`,
    params,
  );
  const total = Number(r.rows[0]?.total ?? 0);
  return {
    Results: r.rows.map((x) => ({
      ResultID: Number(x.id),
      PolicyId: x.backup_id,
      Time: new Date(x.filed_at).toISOString(),
      Status: (x.status === 1 || x.status === 2 ? x.status : 3) as DailyActivityRow['Status'],
      DayStatus: x.day_status,
      Vendor: x.vendor,
      VendorName: vendorNames.get(x.vendor) ?? x.vendor,
      CompanyName: x.company_name ?? NO_COMPANY,
      DeviceName: x.device_name,
      JobName: x.job_name,
      ResultKind: x.result_kind,
      FailureText: x.failure_text,
      Source: (['email', 'manual', 'api'].includes(x.source) ? x.source : 'email') as DailyActivityRow['Source'],
      EmailId: x.email_id === null ? null : Number(x.email_id),
      Subject: x.subject,
    })),
    Page: q.Page,
    PageSize: q.Size,
    Total: total,
    TotalPages: Math.ceil(total / q.Size),
  };
}

interface DayInfo {
  id: number;
  vendor: string;
  device_name: string;
  job_name: string;
  company_name: string | null;
  schedule: ScheduleRule | null;
  schedule_name: string | null;
  status: number | null;
  is_scheduled: boolean | null;
  count_success: number | null;
  count_warning: number | null;
  count_failure: number | null;
}

async function dayInfo(database: Database, tenantId: number, backupId: number, day: string): Promise<DayInfo> {
  const r = await database.query<DayInfo>(
    `SELECT b.id, b.vendor, b.device_name, b.job_name, c.name AS company_name, b.schedule, s.name AS schedule_name,
            d.status, d.is_scheduled, d.count_success, d.count_warning, d.count_failure
       FROM backups b
       LEFT JOIN companies c ON c.id = b.company_id
       LEFT JOIN schedules s ON s.id = b.schedule_id
       LEFT JOIN backup_days d ON d.backup_id = b.id AND d.day = $3::date
      WHERE b.tenant_id = $1 AND b.id = $2`,
    [tenantId, backupId, day],
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/** The results of one backup's day in time order, with the status they gave the day. */
export async function statusLog(
  database: Database,
  results: AuditResultsService,
  scope: Scope,
  backupId: number,
  day: string,
) {
  await requireVisible(database, scope, 'backup', [backupId]);
  const info = await dayInfo(database, scope.tenantId, backupId, day);
  return {
    PolicyId: backupId,
    Date: day,
    DayStatus: info.status ?? 0,
    Results: await results.ofDay(scope, backupId, day, false),
  };
}

/** One backup's day in counts, with its schedule and its audit marks. */
export async function groupDetails(
  database: Database,
  results: AuditResultsService,
  scope: Scope,
  backupId: number,
  day: string,
): Promise<z.infer<typeof GroupDetails>> {
  await requireVisible(database, scope, 'backup', [backupId]);
  const info = await dayInfo(database, scope.tenantId, backupId, day);
  return {
    PolicyId: backupId,
    Date: day,
    CompanyName: info.company_name ?? NO_COMPANY,
    VendorName: vendorNames.get(info.vendor) ?? info.vendor,
    DeviceName: info.device_name,
    JobName: info.job_name,
    ScheduleName: info.schedule_name ?? (info.schedule ? describeRule(info.schedule) : 'No schedule'),
    IsScheduled: info.is_scheduled ?? false,
    DayStatus: info.status ?? 0,
    CountSuccess: info.count_success ?? 0,
    CountWarning: info.count_warning ?? 0,
    CountFailure: info.count_failure ?? 0,
    Actions: await results.marks(scope, backupId, day),
  };
}
