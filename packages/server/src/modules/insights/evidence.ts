import { INSIGHT_LIMITS, type ScheduleRule } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { addDays, businessDay } from '../../status/index.ts';
import type { BackupEvidence, InsightContext } from './detectors/index.ts';

/**
 * The evidence of every Active backup of a tenant, in three set-based queries (backups, the
 * daily rollup digested per backup, and start times per backup), whatever the number of backups.
 */

/** The tenant's weeks: the last INSIGHT_LIMITS.weeks full weeks, Monday to Sunday, before this one. */
export function insightContext(now: Date, timeZone: string, weeks: number = INSIGHT_LIMITS.weeks): InsightContext {
  const today = businessDay(now, timeZone, 0);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  const weekStarts = Array.from({ length: weeks }, (_, i) => addDays(monday, -7 * (weeks - i)));
  return { now, timeZone, today, weekStarts };
}

interface BackupDbRow {
  id: number;
  backup_type: string;
  schedule: ScheduleRule | null;
  day_start_hour: number;
  activated_at: Date | string | null;
  last_result_at: Date | string | null;
  last_result_day: string | null;
}

interface DaysDbRow {
  backup_id: number;
  weeks: (string | number)[];
  masks: (string | number)[];
  days_with_results: string | number;
  success: string | number;
  trouble: string | number;
  missed: string | number;
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

export async function readEvidence(
  database: Database,
  tenantId: number,
  ctx: InsightContext,
): Promise<BackupEvidence[]> {
  const weeks = ctx.weekStarts.length;
  const start = ctx.weekStarts[0];
  const end = addDays(start, 7 * weeks);
  const backups = await database.query<BackupDbRow>(
    `SELECT b.id, b.backup_type, COALESCE(s.rule, b.schedule) AS schedule, b.day_start_hour, b.activated_at,
            b.last_result_at, (b.last_result_at AT TIME ZONE $2)::date::text AS last_result_day
       FROM backups b LEFT JOIN schedules s ON s.id = b.schedule_id
      WHERE b.tenant_id = $1 AND b.state = 'Active'`,
    [tenantId, ctx.timeZone],
  );
  const weekSums = Array.from({ length: weeks }, (_, i) => `COALESCE(sum(x.s + x.t) FILTER (WHERE x.week = ${i}), 0)`);
  const weekdayMasks = Array.from(
    { length: 7 },
    (_, k) => `COALESCE(bit_or(1 << x.week) FILTER (WHERE x.dow = ${k} AND x.day < $3::date AND x.s + x.t > 0), 0)`,
  );
  // One row per backup: results per week, a bit per week with a result per weekday, and the
  // scheduled days missed since the last result (up to yesterday, so this week counts too).
  const days = await database.query<DaysDbRow>(
    `WITH d AS (
       SELECT d.backup_id, d.day, d.status, (d.day - $2::date) / 7 AS week, extract(dow FROM d.day)::int AS dow,
              d.count_success AS s, d.count_warning + d.count_failure AS t,
              max(d.day) FILTER (WHERE d.count_success + d.count_warning + d.count_failure > 0)
                OVER (PARTITION BY d.backup_id) AS last_day
         FROM backup_days d JOIN backups b ON b.id = d.backup_id AND b.state = 'Active'
        WHERE d.tenant_id = $1 AND d.day >= $2::date AND d.day < $4::date
     )
     SELECT backup_id,
            ARRAY[${weekSums.join(', ')}] AS weeks,
            ARRAY[${weekdayMasks.join(', ')}] AS masks,
            count(*) FILTER (WHERE x.day < $3::date AND x.s + x.t > 0) AS days_with_results,
            COALESCE(sum(x.s) FILTER (WHERE x.day < $3::date), 0) AS success,
            COALESCE(sum(x.t) FILTER (WHERE x.day < $3::date), 0) AS trouble,
            count(*) FILTER (WHERE x.status = 4 AND x.day > COALESCE(x.last_day, '-infinity'::date)) AS missed
       FROM d x GROUP BY backup_id`,
    [tenantId, start, end, ctx.today],
  );
  const early = await database.query<{ backup_id: number; early: string | number }>(
    `SELECT r.backup_id, count(*) AS early
       FROM results r JOIN backups b ON b.id = r.backup_id AND b.state = 'Active' AND b.day_start_hour = 0
      WHERE r.tenant_id = $1 AND r.business_day >= $2::date AND r.business_day < $3::date
        AND extract(hour FROM COALESCE(r.start_time, r.filed_at) AT TIME ZONE $4) < $5
      GROUP BY r.backup_id`,
    [tenantId, start, end, ctx.timeZone, INSIGHT_LIMITS.startOfBusinessHour],
  );
  const byDays = new Map(days.rows.map((r) => [r.backup_id, r]));
  const byEarly = new Map(early.rows.map((r) => [r.backup_id, Number(r.early)]));
  return backups.rows.map((b) => {
    const d = byDays.get(b.id);
    return {
      id: b.id,
      backupType: b.backup_type === 'Alert' ? 'Alert' : 'Backup',
      schedule: b.schedule,
      dayStartHour: b.day_start_hour,
      activatedAt: date(b.activated_at),
      lastResultAt: date(b.last_result_at),
      lastResultDay: b.last_result_day,
      weekResults: d ? d.weeks.map(Number) : new Array<number>(weeks).fill(0),
      weekdayWeeks: d ? d.masks.map(Number) : new Array<number>(7).fill(0),
      daysWithResults: Number(d?.days_with_results ?? 0),
      successResults: Number(d?.success ?? 0),
      troubleResults: Number(d?.trouble ?? 0),
      missedSinceLastResult: Number(d?.missed ?? 0),
      earlyResults: byEarly.get(b.id) ?? 0,
    };
  });
}
