import type { ReportCell, ScheduleRule } from '@vigil/contract';
import { daysWithoutSuccess } from '../../../status/index.ts';
import { describeRule } from '../../audit/schedules.ts';
import { backupWhere } from '../filters.ts';
import { BACKUP_COLUMNS, col, companyName, percent, vendorName, type ReportSource } from './common.ts';

/**
 * The recovery point objective a schedule implies, in days: the longest gap between two
 * scheduled weekdays (1 for every day, 3 for weekdays over a weekend), the interval of an
 * interval schedule. Monthly and month-limited schedules have none: their gaps vary too much
 * for a fixed objective.
 */
export function rpoDays(rule: ScheduleRule | null): number | null {
  if (!rule) return null;
  if (rule.kind === 'interval') return rule.everyDays;
  if (rule.kind !== 'weekly' || (rule.months?.length && rule.months.length < 12)) return null;
  const days = [0, 1, 2, 3, 4, 5, 6].filter((d) => rule.weekdays & (1 << d));
  if (!days.length) return null;
  let gap = 0;
  for (let i = 0; i < days.length; i++) {
    const next = i + 1 < days.length ? days[i + 1] : days[0] + 7;
    gap = Math.max(gap, next - days[i]);
  }
  return gap;
}

/**
 * Per backup: scheduled days in the range (closed ones: Pending and suppressed days are left
 * out), days with a good result, compliance %, and the days since the last good result against
 * the schedule's recovery point objective. One section with a company column, so it sorts and
 * filters as one sheet.
 */
export const compliance: ReportSource = async (q) => {
  const { where, params, p } = backupWhere(q);
  const r = await q.database.query<{
    id: number;
    company: string | null;
    device_name: string;
    job_name: string;
    vendor: string;
    rule: ScheduleRule | null;
    last_success_day: string | null;
    scheduled: string;
    good: string;
  }>(
    `SELECT b.id, c.name AS company, b.device_name, b.job_name, b.vendor, COALESCE(s.rule, b.schedule) AS rule,
            b.last_success_day::text AS last_success_day,
            count(d.day) FILTER (WHERE d.is_scheduled AND d.status BETWEEN 1 AND 4) AS scheduled,
            count(d.day) FILTER (WHERE d.is_scheduled AND d.status = 1) AS good
       FROM backups b
       LEFT JOIN companies c ON c.id = b.company_id
       LEFT JOIN schedules s ON s.id = b.schedule_id
       LEFT JOIN backup_days d ON d.backup_id = b.id AND d.tenant_id = $1
            AND d.day BETWEEN ${p(q.range.From)}::date AND ${p(q.range.To)}::date
      WHERE ${where}
      GROUP BY b.id, c.name, s.rule
      ORDER BY c.name IS NULL, lower(c.name), lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  let scheduledSum = 0;
  let goodSum = 0;
  let breaches = 0;
  const rows: ReportCell[][] = r.rows.map((x) => {
    const scheduled = Number(x.scheduled);
    const good = Number(x.good);
    scheduledSum += scheduled;
    goodSum += good;
    const since = daysWithoutSuccess(x.last_success_day, q.today);
    const rpo = rpoDays(x.rule);
    // Never succeeded counts as a breach once the backup has an objective.
    const breach = rpo === null ? null : since === null || since > rpo;
    if (breach) breaches++;
    return [
      companyName(x.company),
      x.device_name,
      x.job_name,
      vendorName(x.vendor),
      x.rule ? describeRule(x.rule) : 'No schedule',
      scheduled,
      good,
      percent(good, scheduled),
      x.last_success_day,
      since,
      rpo,
      breach === null ? null : breach ? 'Yes' : 'No',
    ];
  });
  return [
    {
      title: 'Compliance by backup',
      columns: [
        ...BACKUP_COLUMNS,
        col('schedule', 'Schedule', 'text', 1.5),
        col('scheduledDays', 'Scheduled days', 'number'),
        col('goodDays', 'Good days', 'number'),
        col('compliance', 'Compliance', 'percent'),
        col('lastGood', 'Last good result', 'date'),
        col('daysSinceGood', 'Days since good', 'number'),
        col('rpoDays', 'RPO (days)', 'number', 0.8),
        col('rpoBreach', 'RPO breach', 'text', 0.8),
      ],
      rows,
      totals: rows.length
        ? [
            'Total',
            `${rows.length} backups`,
            null,
            null,
            null,
            scheduledSum,
            goodSum,
            percent(goodSum, scheduledSum),
            null,
            null,
            null,
            `${breaches} breached`,
          ]
        : undefined,
      emptyText: 'No active backups match the filters.',
    },
  ];
};
