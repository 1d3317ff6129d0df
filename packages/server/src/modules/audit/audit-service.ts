import type { AuditBackupRow, AuditBackupsQuery, AuditHistoryEntry, Paged, ScheduleRule } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { addDays, daysBetween, daysWithoutSuccess, noSuccessCutoff } from '../../status/index.ts';
import { vendorNames } from '../ingest/emails-service.ts';
import { lastSuccessDaySql, likeTerm, NO_CLIENT, NO_COMPANY, noSuccessSql, visibilitySql } from './common.ts';
import { describeRule } from './schedules.ts';

interface PageRow {
  id: number;
  company_id: number | null;
  company_name: string | null;
  vendor: string;
  device_name: string;
  job_name: string;
  method: 'Email' | 'Api';
  backup_type: 'Backup' | 'Alert';
  vendor_client_id: string | null;
  client_tag: string | null;
  current_status: number | null;
  status_since: string | null;
  last_success_day: string | null;
  last_success_at: Date | string | null;
  schedule: ScheduleRule | null;
  schedule_name: string | null;
  tags: string[] | null;
  actions: string[] | null;
  /** The extra fields' values by field id (null: none set). */
  fields: Record<string, string> | null;
  tickets_count: string | number;
  total: string | number;
}

/**
 * ORDER BY keys: the expression inside the page query, and the same key on the page's output
 * (the outer query re-sorts the page after adding tags and audit marks). DaysInStatus sorts by
 * the start of the status run, which runs the other way round.
 */
/**
 * A row's figures as of the selected day ($2), from the daily rollup and the results stamped with
 * their business day: the status run up to that day (`cur`: the latest day that is neither Not
 * Scheduled nor Pending, else the latest day; `run`: since when it held, quiet days not breaking
 * it, as in the status engine's summary) and the day of the last success on or before it (`ls`).
 */
const AS_OF_SELECTED_DAY = `
  LEFT JOIN LATERAL (
    SELECT x.day, x.status FROM backup_days x WHERE x.backup_id = b.id AND x.day <= $2::date
     ORDER BY (x.status NOT IN (0, 5)) DESC, x.day DESC LIMIT 1) cur ON true
  LEFT JOIN LATERAL (
    SELECT min(x.day)::text AS since FROM backup_days x
     WHERE x.backup_id = b.id AND x.day <= cur.day AND x.status = cur.status
       AND x.day > COALESCE((SELECT max(y.day) FROM backup_days y
                              WHERE y.backup_id = b.id AND y.day < cur.day AND y.status <> cur.status
                                AND (y.status NOT IN (0, 5) OR cur.status IN (0, 5))), '-infinity'::date)) run ON true
  LEFT JOIN LATERAL (SELECT ${lastSuccessDaySql('$2')} AS day) ls ON true`;

const ORDER: Record<NonNullable<AuditBackupsQuery['OrderBy']>, { inner: string; outer: string; reverse?: true }> = {
  CompanyName: { inner: 'c.name', outer: 'p.company_name' },
  JobName: { inner: 'b.job_name', outer: 'p.job_name' },
  DeviceName: { inner: 'b.device_name', outer: 'p.device_name' },
  Vendor: { inner: 'b.vendor', outer: 'p.vendor' },
  Status: { inner: 'COALESCE(d.status, 0)', outer: 'p.day_status' },
  DaysInStatus: { inner: 'b.status_since', outer: 'p.status_since', reverse: true },
  LastSuccess: { inner: 'b.last_success_at', outer: 'p.last_success_at' },
  PolicyId: { inner: 'b.id', outer: 'p.id' },
};

export interface AuditListOptions {
  tenantId: number;
  timeZone: string;
  /** The selected day, already checked (valid, not in the future). */
  date: string;
  visible: number[] | null;
  now?: Date;
}

/**
 * The Audit grid: the tenant's active backups with the status of the selected day, filters,
 * ordering and paging, and each row's history bar. Reads only backups, companies, schedules,
 * backup_days, backup_tags, audit_actions and linked tickets (never raw results), in two queries whatever the
 * page size or history length: the page (with tags and marks), then the page's history.
 */
export async function listAuditBackups(
  database: Database,
  q: AuditBackupsQuery,
  o: AuditListOptions,
): Promise<Paged<AuditBackupRow>> {
  const params: unknown[] = [o.tenantId, o.date];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = ['b.tenant_id = $1', "b.state = 'Active'", visibilitySql(o.visible, params)];

  const companies = q.Companies ?? [];
  if (companies.length || q.IncludeNoCompany) {
    const parts: string[] = [];
    if (companies.length) parts.push(`b.company_id = ANY(${p(companies)}::int[])`);
    if (q.IncludeNoCompany) parts.push('b.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  if (q.Statuses?.length && (q.StatusDays ?? 1) > 1)
    // Any day of the range ending at the selected day (a dashboard Count tile's drill-down).
    where.push(
      `EXISTS (SELECT 1 FROM backup_days rd WHERE rd.backup_id = b.id
                 AND rd.day BETWEEN ${p(addDays(o.date, 1 - (q.StatusDays ?? 1)))}::date AND $2::date
                 AND rd.status = ANY(${p(q.Statuses)}::int[]))`,
    );
  else if (q.Statuses?.length) where.push(`COALESCE(d.status, 0) = ANY(${p(q.Statuses)}::int[])`);
  if (q.Vendors?.length) where.push(`b.vendor = ANY(${p(q.Vendors)}::text[])`);
  if (q.Methods?.length) where.push(`b.method = ANY(${p(q.Methods)}::text[])`);
  if (q.Tags?.length)
    where.push(`EXISTS (SELECT 1 FROM backup_tags t WHERE t.backup_id = b.id AND t.tag = ANY(${p(q.Tags)}::text[]))`);
  if (q.DaysWithoutSuccess !== undefined && q.DaysWithoutSuccess !== null)
    where.push(noSuccessSql('$2', p(noSuccessCutoff(o.date, q.DaysWithoutSuccess))));
  if (q.FilterScheduled) where.push('d.is_scheduled IS TRUE');
  for (const f of q.AdditionalFields ?? [])
    // Text fields match a part of the value, the other types the whole value.
    where.push(
      `EXISTS (SELECT 1 FROM backup_field_values fv JOIN backup_fields ff ON ff.id = fv.field_id
                WHERE fv.backup_id = b.id AND fv.field_id = ${p(f.FieldId)}
                  AND CASE WHEN ff.type = 'text' THEN fv.value ILIKE ${p(likeTerm(f.Value))} ELSE fv.value = ${p(f.Value.trim())} END)`,
    );
  if (q.Search?.trim()) {
    const term = q.Search.trim().toLowerCase();
    const vendorIds = [...vendorNames].filter(([, name]) => name.toLowerCase().includes(term)).map(([id]) => id);
    const like = p(likeTerm(q.Search));
    where.push(
      `(c.name ILIKE ${like} OR b.job_name ILIKE ${like} OR b.device_name ILIKE ${like} OR b.vendor ILIKE ${like}
        OR b.vendor_client_id ILIKE ${like} OR b.client_tag ILIKE ${like} OR b.vendor = ANY(${p(vendorIds)}::text[]))`,
    );
  }

  const key = ORDER[q.OrderBy ?? 'CompanyName'];
  const ascending = q.OrderAscending ?? true;
  const dir = ascending !== Boolean(key.reverse) ? 'ASC' : 'DESC';
  // Ties (and the default order) follow company, device, job, id.
  const inner = `${key.inner} ${dir} NULLS LAST, c.name ASC NULLS LAST, b.device_name, b.job_name, b.id`;
  const outer = `${key.outer} ${dir} NULLS LAST, p.company_name ASC NULLS LAST, p.device_name, p.job_name, p.id`;
  const limit = p(q.Size);
  const offset = p((q.Page - 1) * q.Size);
  // The day's rollup row is joined for every backup only when it filters or orders; otherwise
  // the page's statuses come with its history below.
  const byDay = Boolean(q.Statuses?.length || q.FilterScheduled || q.OrderBy === 'Status');

  // The filtered, ordered page is found on narrow rows (ids and sort keys only); the page's 50
  // or so rows are then read in full, with their tags and audit marks.
  const page = await database.query<PageRow>(
    `SELECT p.total, p.company_name, b.id, b.company_id, b.vendor, b.device_name, b.job_name, b.method,
            b.backup_type, b.vendor_client_id, b.client_tag, cur.status AS current_status, run.since AS status_since,
            ls.day::text AS last_success_day, b.last_success_at, b.schedule,
            s.name AS schedule_name,
            ARRAY(SELECT t.tag FROM backup_tags t WHERE t.backup_id = b.id ORDER BY t.tag) AS tags,
            ARRAY(SELECT a.kind FROM audit_actions a WHERE a.backup_id = b.id AND a.day = $2::date) AS actions,
            (SELECT jsonb_object_agg(v.field_id::text, v.value) FROM backup_field_values v WHERE v.backup_id = b.id) AS fields,
            (SELECT count(*) FROM ticket_backups tb JOIN tickets tk ON tk.id = tb.ticket_id
              WHERE tb.backup_id = b.id AND tb.unlinked_at IS NULL AND tk.state IN ('Pending', 'Open')) AS tickets_count
       FROM (SELECT b.id, c.name AS company_name, b.vendor, b.device_name, b.job_name, b.status_since, b.last_success_at,
                    ${byDay ? 'COALESCE(d.status, 0)' : '0'} AS day_status, count(*) OVER () AS total
               FROM backups b
               LEFT JOIN companies c ON c.id = b.company_id
               ${byDay ? 'LEFT JOIN backup_days d ON d.tenant_id = $1 AND d.day = $2::date AND d.backup_id = b.id' : ''}
              WHERE ${where.join(' AND ')}
              ORDER BY ${inner}
              LIMIT ${limit} OFFSET ${offset}) p
       JOIN backups b ON b.id = p.id
       LEFT JOIN schedules s ON s.id = b.schedule_id
       ${AS_OF_SELECTED_DAY}
      ORDER BY ${outer}`,
    params,
  );
  const rows = page.rows;
  const total = Number(rows[0]?.total ?? 0);

  // The history bar: HistoryDays days ending at the selected day; days without a row are blank.
  // One row per backup, its days packed as "offset,status,success,warning,failure,scheduled;…"
  // (offset in days from the first day): a few short strings cross the wire instead of up to
  // 50 × 90 rows, which matters most on the embedded database.
  const historyFrom = addDays(o.date, -(q.HistoryDays - 1));
  const byBackup = new Map<number, (AuditHistoryEntry | undefined)[]>();
  if (rows.length) {
    // The ids are the tenant's (from the page above); by backup and day, the primary key serves.
    const days = await database.query<{ backup_id: number; packed: string }>(
      `SELECT backup_id,
              string_agg(concat_ws(',', day - $2::date, status, count_success, count_warning, count_failure,
                                   is_scheduled::int), ';') AS packed
         FROM backup_days
        WHERE backup_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
        GROUP BY backup_id`,
      [rows.map((r) => r.id), historyFrom, o.date],
    );
    for (const d of days.rows) {
      const list: (AuditHistoryEntry | undefined)[] = new Array(q.HistoryDays);
      for (const item of d.packed.split(';')) {
        const [offsetDays, status, success, warning, failure, scheduled] = item.split(',').map(Number);
        list[offsetDays] = {
          Date: addDays(historyFrom, offsetDays),
          CountSuccess: success,
          CountWarning: warning,
          CountFailure: failure,
          CountNoResult: status === 4 ? 1 : 0,
          Status: status,
          IsScheduled: scheduled === 1,
        };
      }
      byBackup.set(d.backup_id, list);
    }
  }
  const calendar = Array.from({ length: q.HistoryDays }, (_, i) => addDays(historyFrom, i));

  return {
    Results: rows.map((r): AuditBackupRow => {
      const days = byBackup.get(r.id);
      const actions = new Set(r.actions ?? []);
      return {
        PolicyId: r.id,
        BackupId: r.id,
        CompanyId: r.company_id,
        CompanyName: r.company_name ?? NO_COMPANY,
        ClientId: r.vendor_client_id ?? r.client_tag ?? NO_CLIENT,
        Vendor: r.vendor,
        VendorName: vendorNames.get(r.vendor) ?? r.vendor,
        DeviceName: r.device_name,
        JobName: r.job_name,
        Method: r.method,
        BackupType: r.backup_type,
        Status: days?.[q.HistoryDays - 1]?.Status ?? 0,
        CurrentStatus: r.current_status ?? 0,
        DaysInStatus: r.status_since ? Math.max(0, daysBetween(r.status_since, o.date)) : null,
        LastSuccess: r.last_success_at ? new Date(r.last_success_at).toISOString() : null,
        DaysWithoutSuccess: daysWithoutSuccess(r.last_success_day, o.date),
        // Live (Pending or Open) tickets linked to the backup.
        TicketsCount: Number(r.tickets_count),
        Tags: r.tags ?? [],
        ScheduleName: r.schedule_name ?? (r.schedule ? describeRule(r.schedule) : 'No schedule'),
        Verified: actions.has('verify'),
        Remediated: actions.has('remediate'),
        Restored: actions.has('restore'),
        AdditionalFields: r.fields ?? {},
        History: calendar.map(
          (day, i): AuditHistoryEntry =>
            days?.[i] ?? {
              Date: day,
              CountSuccess: 0,
              CountWarning: 0,
              CountFailure: 0,
              CountNoResult: 0,
              Status: 0,
              IsScheduled: false,
            },
        ),
      };
    }),
    Page: q.Page,
    PageSize: q.Size,
    Total: total,
    TotalPages: Math.ceil(total / q.Size),
  };
}
