import { REPORT_TYPES, type ReportDocument, type ReportFilters, type ReportType } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { businessDay } from '../../status/index.ts';
import { NO_COMPANY } from '../audit/common.ts';
import { STATUS_LABELS } from '../dashboards/tiles/filters.ts';
import { resolveRange } from '../dashboards/tiles/range.ts';
import { applicableFilters, type ReportQuery } from './filters.ts';
import { backupMethods } from './sources/backup-methods.ts';
import { backupStatusSummary } from './sources/backup-status-summary.ts';
import type { ReportSource } from './sources/common.ts';
import { vendorName } from './sources/common.ts';
import { compliance } from './sources/compliance.ts';
import { dailyResults } from './sources/daily-results.ts';
import { failuresAndNoResults } from './sources/failures.ts';
import { backupInventory } from './sources/inventory.ts';
import { inactiveAndRetired } from './sources/inactive-retired.ts';
import { userActivity } from './sources/user-activity.ts';

const SOURCES: Record<ReportType, ReportSource> = {
  BackupStatusSummary: backupStatusSummary,
  DailyResults: dailyResults,
  FailuresAndNoResults: failuresAndNoResults,
  Compliance: compliance,
  BackupInventory: backupInventory,
  InactiveAndRetired: inactiveAndRetired,
  UserActivity: userActivity,
  BackupMethods: backupMethods,
};

export interface ReportContext {
  tenantId: number;
  /** Companies the viewer may see (null: all of the tenant's). */
  visible: number[] | null;
  now?: Date;
}

/** The filters in words, for the header of every format. */
async function factsOf(
  database: Database,
  ctx: ReportContext,
  type: ReportType,
  f: ReportFilters,
): Promise<{ label: string; value: string }[]> {
  const offered = new Set(REPORT_TYPES[type].filters);
  const facts: { label: string; value: string }[] = [];
  if (offered.has('companies')) {
    const wanted = f.Companies.length ? f.Companies : ctx.visible;
    let names: string[] = [];
    if (wanted !== null && wanted.length) {
      const r = await database.query<{ name: string }>(
        'SELECT name FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[]) ORDER BY lower(name)',
        [ctx.tenantId, wanted],
      );
      names = r.rows.map((x) => x.name);
    }
    if (f.IncludeNoCompany) names.push(NO_COMPANY);
    const narrowed = f.Companies.length > 0 || f.IncludeNoCompany || ctx.visible !== null;
    facts.push({ label: 'Companies', value: narrowed ? names.join(', ') || 'None' : 'All companies' });
  }
  if (offered.has('statuses') && f.Statuses.length)
    facts.push({ label: 'Statuses', value: f.Statuses.map((s) => STATUS_LABELS[s] ?? String(s)).join(', ') });
  if (offered.has('vendors') && f.Vendors.length)
    facts.push({ label: 'Vendors', value: f.Vendors.map(vendorName).join(', ') });
  if (offered.has('tags') && f.Tags.length) facts.push({ label: 'Tags', value: f.Tags.join(', ') });
  return facts;
}

/**
 * Builds a report's document: the tenant's header, the range resolved in the tenant's time
 * zone, the filters in words and the sections of its source. Client users are narrowed to
 * their companies through `visible`.
 */
export async function buildReportDocument(
  database: Database,
  ctx: ReportContext,
  type: ReportType,
  filters: ReportFilters,
): Promise<ReportDocument> {
  const now = ctx.now ?? new Date();
  const tenant = (
    await database.query<{
      name: string;
      time_zone_id: string;
      date_format: string;
      time_format: string;
      has_logo: boolean;
    }>(
      `SELECT name, time_zone_id, date_format, time_format, custom_logo IS NOT NULL AND custom_logo <> '' AS has_logo
         FROM tenants WHERE id = $1`,
      [ctx.tenantId],
    )
  ).rows[0];
  if (!tenant) throw new Error(`No tenant ${ctx.tenantId}`);
  const timeZone = tenant.time_zone_id || 'UTC';
  const today = businessDay(now, timeZone, 0);
  const info = REPORT_TYPES[type];
  const f = applicableFilters(type, filters);
  const range = resolveRange(f.DateRange, today);
  const q: ReportQuery = { database, tenantId: ctx.tenantId, visible: ctx.visible, range, today, timeZone, filters: f };
  const [facts, sections] = await Promise.all([factsOf(database, ctx, type, f), SOURCES[type](q)]);
  return {
    type,
    title: info.title,
    category: info.category,
    tenantName: tenant.name,
    hasLogo: tenant.has_logo,
    generatedAt: now.toISOString(),
    timeZone,
    dateFormat: tenant.date_format,
    timeFormat: tenant.time_format,
    range: info.filters.includes('dateRange') ? { From: range.From, To: range.To } : null,
    facts,
    sections,
  };
}

/** Rows over all sections of a document. */
export const rowCount = (doc: ReportDocument) => doc.sections.reduce((n, s) => n + s.rows.length, 0);
