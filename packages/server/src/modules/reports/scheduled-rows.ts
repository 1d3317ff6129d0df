import {
  ReportFilters,
  type ReportFormatValue,
  type ReportType,
  type ScheduledReport,
  type ScheduledReportRun,
} from '@vigil/contract';
import type { QueryFn } from '../../db/client.ts';
import { iso } from '../../platform/dates.ts';
import type { ScheduleRule } from './scheduled-due.ts';

/** Scheduled reports and their runs as stored and as listed. */

export interface ReportRow {
  id: number;
  tenant_id: number;
  name: string;
  report_type: string;
  format: number;
  weekdays: number;
  hour: number;
  recipients: string[];
  filters: unknown;
  is_enabled: boolean;
  created_by: number | null;
  next_run_at: Date | string | null;
  created_at: Date | string;
}

export interface RunRow {
  at: Date | string;
  recipients: string[];
  size_bytes: number | null;
  outcome: string;
  error: string | null;
}

export const toRun = (r: RunRow): ScheduledReportRun => ({
  At: iso(r.at),
  Recipients: r.recipients,
  SizeBytes: r.size_bytes,
  Outcome: r.outcome === 'Sent' ? 'Sent' : 'Failed',
  Error: r.error,
});

export /** A stored filter document that no longer parses (an older shape) falls back to the defaults. */
function filtersOf(raw: unknown): ReportFilters {
  const parsed = ReportFilters.safeParse(raw ?? {});
  return parsed.success ? parsed.data : ReportFilters.parse({});
}

export const LAST_RUN = `
  LEFT JOIN LATERAL (
    SELECT x.created_at AS last_at, x.recipients AS last_recipients, x.size_bytes AS last_size_bytes,
           x.outcome AS last_outcome, x.error AS last_error
      FROM scheduled_report_runs x
     WHERE x.scheduled_report_id = r.id AND x.outcome <> 'Sending'
     ORDER BY x.created_at DESC, x.id DESC LIMIT 1) lr ON TRUE`;

export type ListRow = ReportRow & {
  last_at: Date | string | null;
  last_recipients: string[] | null;
  last_size_bytes: number | null;
  last_outcome: string | null;
  last_error: string | null;
};

export function toScheduled(r: ListRow, runs?: ScheduledReportRun[]): ScheduledReport {
  return {
    Id: r.id,
    Name: r.name,
    ReportType: r.report_type as ReportType,
    Format: r.format as ReportFormatValue,
    Weekdays: r.weekdays,
    Hour: r.hour,
    Recipients: r.recipients,
    Filters: filtersOf(r.filters),
    IsEnabled: r.is_enabled,
    NextRunAt: r.is_enabled && r.next_run_at ? iso(r.next_run_at) : null,
    LastRun: r.last_at
      ? toRun({
          at: r.last_at,
          recipients: r.last_recipients ?? [],
          size_bytes: r.last_size_bytes,
          outcome: r.last_outcome ?? 'Failed',
          error: r.last_error,
        })
      : null,
    ...(runs ? { Runs: runs } : {}),
    CreatedAt: iso(r.created_at),
  };
}

export async function tenantZone(q: QueryFn, tenantId: number): Promise<string> {
  const r = await q<{ time_zone_id: string }>('SELECT time_zone_id FROM tenants WHERE id = $1', [tenantId]);
  return r.rows[0]?.time_zone_id || 'UTC';
}

export const ruleOf = (r: { weekdays: number; hour: number }): ScheduleRule => ({ weekdays: r.weekdays, hour: r.hour });
