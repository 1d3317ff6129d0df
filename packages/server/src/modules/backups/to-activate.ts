// Activation suggestions: a schedule from the weekdays results arrive on.
import type { BackupSettings, ScheduleRule, ToActivateRow } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { policiesByIds } from './policy-lookup.ts';

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
