import type { ReportCell, ScheduleRule } from '@vigil/contract';
import { describeRule } from '../../audit/schedules.ts';
import { backupWhere, tagsOf } from '../filters.ts';
import { col, companyName, vendorName, type ReportSource } from './common.ts';
import { isoOrNull } from '../../../platform/dates.ts';

/** Every active backup with what identifies it and how it is audited. */
export const backupInventory: ReportSource = async (q) => {
  const { where, params } = backupWhere(q);
  const r = await q.database.query<{
    id: number;
    company: string | null;
    vendor: string;
    method: string;
    device_name: string;
    job_name: string;
    rule: ScheduleRule | null;
    schedule_name: string | null;
    activated_at: Date | null;
    last_result_at: Date | null;
    last_status: number | null;
  }>(
    `SELECT b.id, c.name AS company, b.vendor, b.method, b.device_name, b.job_name,
            COALESCE(s.rule, b.schedule) AS rule, s.name AS schedule_name, b.activated_at, b.last_result_at,
            b.current_status AS last_status
       FROM backups b
       LEFT JOIN companies c ON c.id = b.company_id
       LEFT JOIN schedules s ON s.id = b.schedule_id
      WHERE ${where}
      ORDER BY c.name IS NULL, lower(c.name), lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  const tags = await tagsOf(
    q.database,
    q.tenantId,
    r.rows.map((x) => x.id),
  );
  const rows: ReportCell[][] = r.rows.map((x) => [
    companyName(x.company),
    vendorName(x.vendor),
    x.method,
    x.device_name,
    x.job_name,
    x.rule ? (x.schedule_name ? `${x.schedule_name} (${describeRule(x.rule)})` : describeRule(x.rule)) : 'No schedule',
    (tags.get(x.id) ?? []).join(', '),
    isoOrNull(x.activated_at),
    isoOrNull(x.last_result_at),
    x.last_status,
  ]);
  return [
    {
      title: 'Active backups',
      columns: [
        col('company', 'Company', 'text', 2),
        col('vendor', 'Vendor', 'text', 1.5),
        col('method', 'Method', 'text', 0.8),
        col('device', 'Device', 'text', 2),
        col('job', 'Job', 'text', 2),
        col('schedule', 'Schedule', 'text', 2),
        col('tags', 'Tags', 'text', 1.5),
        col('activated', 'Activated', 'datetime'),
        col('lastResult', 'Last result', 'datetime'),
        col('status', 'Current status', 'status'),
      ],
      rows,
      totals: rows.length
        ? [`${rows.length} backups`, null, null, null, null, null, null, null, null, null]
        : undefined,
      emptyText: 'No active backups match the filters.',
    },
  ];
};
