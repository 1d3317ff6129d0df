import type { ReportFilters, ReportType } from '@vigil/contract';
import { REPORT_TYPES } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { visibilitySql } from '../audit/common.ts';
import { paramList } from '../dashboards/tiles/filters.ts';
import type { DayRange } from '../dashboards/tiles/range.ts';

/** Everything a report source needs: whose data, which days, which backups. */
export interface ReportQuery {
  database: Database;
  tenantId: number;
  /** Companies the viewer may see (null: all of the tenant's). */
  visible: number[] | null;
  /** The resolved range (reports without a date range get the default one, unused). */
  range: DayRange;
  /** The tenant's today, for "days since" figures. */
  today: string;
  timeZone: string;
  /** Only the filters the report type offers; the others are emptied. */
  filters: ReportFilters;
}

/** Drops the filters a report type does not offer, so a stale screen value cannot narrow it. */
export function applicableFilters(type: ReportType, f: ReportFilters): ReportFilters {
  const offered = new Set(REPORT_TYPES[type].filters);
  return {
    DateRange: f.DateRange,
    Companies: offered.has('companies') ? f.Companies : [],
    IncludeNoCompany: offered.has('companies') ? f.IncludeNoCompany : undefined,
    Statuses: offered.has('statuses') ? f.Statuses : [],
    Vendors: offered.has('vendors') ? f.Vendors : [],
    Tags: offered.has('tags') ? f.Tags : [],
  };
}

/**
 * The conditions on backups (aliased `b`) every report shares: the tenant's backups in the
 * given states that the viewer may see, narrowed by company, vendor and tag. `$1` is the
 * tenant id. Statuses are per day, so each source applies them to its own days.
 */
export function backupWhere(
  q: ReportQuery,
  states: readonly string[] = ['Active'],
): { where: string; params: unknown[]; p: (v: unknown) => string } {
  const { params, p } = paramList([q.tenantId]);
  const f = q.filters;
  const where = ['b.tenant_id = $1', `b.state = ANY(${p(states)}::text[])`, visibilitySql(q.visible, params)];
  if (f.Companies.length || f.IncludeNoCompany) {
    const parts: string[] = [];
    if (f.Companies.length) parts.push(`b.company_id = ANY(${p(f.Companies)}::int[])`);
    if (f.IncludeNoCompany) parts.push('b.company_id IS NULL');
    where.push(`(${parts.join(' OR ')})`);
  }
  if (f.Vendors.length) where.push(`b.vendor = ANY(${p(f.Vendors)}::text[])`);
  if (f.Tags.length)
    where.push(`EXISTS (SELECT 1 FROM backup_tags t WHERE t.backup_id = b.id AND t.tag = ANY(${p(f.Tags)}::text[]))`);
  return { where: where.join(' AND '), params, p };
}

/**
 * With a status filter: only backups that had a day of one of those statuses in the range
 * (a summary "of the backups that failed this month" keeps their whole record).
 */
export function statusWhere(q: ReportQuery, p: (v: unknown) => string): string {
  if (!q.filters.Statuses.length) return 'TRUE';
  return `EXISTS (SELECT 1 FROM backup_days s WHERE s.backup_id = b.id AND s.day BETWEEN ${p(q.range.From)}::date AND ${p(
    q.range.To,
  )}::date AND s.status = ANY(${p(q.filters.Statuses)}::int[]))`;
}

/** The tags of the given backups, by backup id, in one query. */
export async function tagsOf(database: Database, tenantId: number, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!ids.length) return out;
  const r = await database.query<{ backup_id: number; tags: string[] }>(
    `SELECT backup_id, array_agg(tag ORDER BY tag) AS tags FROM backup_tags
      WHERE tenant_id = $1 AND backup_id = ANY($2::int[]) GROUP BY backup_id`,
    [tenantId, ids],
  );
  for (const row of r.rows) out.set(row.backup_id, row.tags);
  return out;
}
