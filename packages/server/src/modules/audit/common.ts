import type { FastifyRequest } from 'fastify';
import { UserLevel, type AuditResult } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { addDays, businessDay } from '../../status/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { toReading, type StoredReading } from '../../parser/generic/stored.ts';
import { isoOrNull } from '../../platform/dates.ts';

export const NO_COMPANY = '- No company assigned -';
export const NO_CLIENT = '- None -';
export const FUTURE_DATE = 'Future Date is not allowed';

/** The tenant's time zone and its calendar today (start of business at midnight). */
export async function tenantClock(
  database: Database,
  tenantId: number,
  now = new Date(),
): Promise<{ timeZone: string; today: string; yesterday: string }> {
  const r = await database.query<{ time_zone_id: string }>('SELECT time_zone_id FROM tenants WHERE id = $1', [
    tenantId,
  ]);
  const timeZone = r.rows[0]?.time_zone_id || 'UTC';
  const today = businessDay(now, timeZone, 0);
  return { timeZone, today, yesterday: addDays(today, -1) };
}

/** A backup-day that counts as a success: a Success result, or a Warning when warnings count as success. */
const SUCCESS_DAY = '(sd.count_success > 0 OR (b.treat_warning_as_success AND sd.count_warning > 0))';

/**
 * SQL for the last success day of backup `b` on or before `day` (a date placeholder such as
 * `$2`): the latest business day with a successful result, from the daily rollup; NULL when
 * none. Feeds `daysWithoutSuccess` (status/success.ts) and every "no success for N days" filter.
 */
export function lastSuccessDaySql(day: string): string {
  return `(SELECT max(sd.day) FROM backup_days sd WHERE sd.backup_id = b.id AND sd.day <= ${day}::date AND ${SUCCESS_DAY})`;
}

/**
 * SQL condition: backup `b` had no success for at least N days on the selected day, or never
 * succeeded up to it. `cutoff` is the placeholder of `noSuccessCutoff(selectedDay, N)`, `day`
 * that of the selected day.
 */
export function noSuccessSql(day: string, cutoff: string): string {
  return `NOT EXISTS (SELECT 1 FROM backup_days sd WHERE sd.backup_id = b.id AND sd.day > ${cutoff}::date
                        AND sd.day <= ${day}::date AND ${SUCCESS_DAY})`;
}

/** A selected day must not lie after the tenant's today (features §5.4). */
export function notInFuture(day: string, today: string, field = 'Date'): string {
  if (day > today) throw badRequest(FUTURE_DATE, field);
  return day;
}

/**
 * The companies a client or company-restricted user is limited to: those assigned to the user
 * directly (user_companies) together with every company of the user's restriction groups.
 */
export const RESTRICTED_COMPANIES_SQL = `
  SELECT uc.company_id FROM user_companies uc WHERE uc.user_id = $1 AND uc.tenant_id = $2
  UNION
  SELECT rgc.company_id
    FROM user_restriction_groups urg
    JOIN restriction_groups rg ON rg.id = urg.group_id AND rg.tenant_id = $2
    JOIN restriction_group_companies rgc ON rgc.group_id = rg.id
   WHERE urg.user_id = $1`;

export async function restrictedCompanyIds(database: Database, userId: number, tenantId: number): Promise<number[]> {
  const r = await database.query<{ company_id: number }>(RESTRICTED_COMPANIES_SQL, [userId, tenantId]);
  return r.rows.map((x) => x.company_id);
}

/**
 * Which companies' backups a caller may see: `null` means all of the tenant's. Client users and
 * company-restricted users see only their companies (`restrictedCompanyIds`: direct assignments
 * and restriction groups); every list of backups, companies and results narrows the same way
 * through this one decision.
 */
export async function visibleCompanies(database: Database, req: FastifyRequest): Promise<number[] | null> {
  const auth = req.auth;
  if (!auth || auth.tenantId === null) return null;
  if (auth.level !== UserLevel.Client && !auth.isCompanyRestricted) return null;
  return restrictedCompanyIds(database, auth.userId, auth.tenantId);
}

/** SQL condition (on backups aliased `b`) for a visibility decision; pushes its parameter. */
export function visibilitySql(visible: number[] | null, params: unknown[]): string {
  if (visible === null) return 'TRUE';
  params.push(visible);
  return `b.company_id = ANY($${params.length}::int[])`;
}

/** A search term for ILIKE, with its wildcards escaped. */
export function likeTerm(search: string): string {
  return `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A user's display name: first and last name, else the e-mail address. */
export const userNameSql = (alias: string) =>
  `COALESCE(NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`;

export interface ResultDbRow {
  id: string | number;
  backup_id: number;
  status: number;
  filed_at: Date | string;
  business_day: string | null;
  start_time: Date | string | null;
  end_time: Date | string | null;
  notes: string | null;
  source: string;
  result_kind: string;
  storage_kind: string | null;
  size_bytes: string | number | null;
  duration_seconds: number | null;
  failure_text: string | null;
  email_id: string | number | null;
  subject: string | null;
  from_address: string | null;
  received_at: Date | string | null;
  blob_key: string | null;
  created_by_name: string | null;
  edited_at: Date | string | null;
  reading?: StoredReading | null;
}

/** The columns of one result as Audit shows it (results `r`, its e-mail and its author joined). */
export const RESULT_SELECT = `
  SELECT r.id, r.backup_id, r.status, r.filed_at, r.business_day::text AS business_day, r.start_time, r.end_time,
         r.notes, r.source, r.result_kind, r.storage_kind, r.size_bytes, r.duration_seconds, r.failure_text,
         r.email_id, e.subject, e.from_address, e.received_at, e.blob_key,
         ${userNameSql('u')} AS created_by_name, r.edited_at, r.reading
    FROM results r
    LEFT JOIN emails e ON e.id = r.email_id
    LEFT JOIN users u ON u.id = r.created_by`;

export function toAuditResult(r: ResultDbRow): AuditResult {
  return {
    ResultID: Number(r.id),
    PolicyId: r.backup_id,
    Status: (r.status === 1 || r.status === 2 ? r.status : 3) as AuditResult['Status'],
    ParsedDateTime: new Date(r.filed_at).toISOString(),
    BusinessDay: r.business_day,
    StartTime: isoOrNull(r.start_time),
    EndTime: isoOrNull(r.end_time),
    Notes: r.notes,
    Source: (['email', 'manual', 'api'].includes(r.source) ? r.source : 'email') as AuditResult['Source'],
    ResultKind: r.result_kind,
    StorageKind: r.storage_kind,
    SizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
    DurationSeconds: r.duration_seconds,
    FailureText: r.failure_text,
    EmailId: r.email_id === null ? null : Number(r.email_id),
    Subject: r.subject,
    From: r.from_address,
    CreatedBy: r.created_by_name,
    EditedAt: isoOrNull(r.edited_at),
    Reading: toReading(r.reading),
  };
}

/**
 * The ids among `ids` that are backups of the tenant. Callers answer 404 unless all are, so a
 * foreign id changes nothing and looks exactly like an id that does not exist.
 */
export async function ownBackups(
  q: QueryFn | Database,
  tenantId: number,
  ids: number[],
): Promise<{ id: number; state: string; backup_type: string }[]> {
  const run: QueryFn = typeof q === 'function' ? q : (text, params) => q.query(text, params);
  const r = await run<{ id: number; state: string; backup_type: string }>(
    'SELECT id, state, backup_type FROM backups WHERE tenant_id = $1 AND id = ANY($2::int[])',
    [tenantId, [...new Set(ids)]],
  );
  return r.rows;
}
