import type { ReportCell } from '@vigil/contract';
import { backupWhere, statusWhere } from '../filters.ts';
import { col, companyName, percent, type ReportSource } from './common.ts';

/**
 * Per company: backups, and days in each status over the range. Pending, suppressed and
 * unscheduled empty days are not counted; success rate = Success days over all counted days.
 */
export const backupStatusSummary: ReportSource = async (q) => {
  const { where, params, p } = backupWhere(q);
  const r = await q.database.query<{
    company: string | null;
    backups: string;
    s1: string;
    s2: string;
    s3: string;
    s4: string;
  }>(
    `WITH bk AS (SELECT b.id, b.company_id FROM backups b WHERE ${where} AND ${statusWhere(q, p)})
     SELECT c.name AS company, count(DISTINCT bk.id) AS backups,
            count(d.day) FILTER (WHERE d.status = 1) AS s1, count(d.day) FILTER (WHERE d.status = 2) AS s2,
            count(d.day) FILTER (WHERE d.status = 3) AS s3, count(d.day) FILTER (WHERE d.status = 4) AS s4
       FROM bk
       LEFT JOIN backup_days d ON d.backup_id = bk.id AND d.tenant_id = $1
            AND d.day BETWEEN ${p(q.range.From)}::date AND ${p(q.range.To)}::date
       LEFT JOIN companies c ON c.id = bk.company_id
      GROUP BY bk.company_id, c.name
      ORDER BY c.name IS NULL, lower(c.name)`,
    params,
  );
  const sum = [0, 0, 0, 0, 0];
  const rows: ReportCell[][] = r.rows.map((x) => {
    const n = [x.backups, x.s1, x.s2, x.s3, x.s4].map(Number);
    n.forEach((v, i) => (sum[i] += v));
    return [companyName(x.company), ...n, percent(n[1], n[1] + n[2] + n[3] + n[4])];
  });
  return [
    {
      title: 'Backup status by company',
      columns: [
        col('company', 'Company', 'text', 3),
        col('backups', 'Backups', 'number'),
        col('success', 'Success days', 'number'),
        col('warning', 'Warning days', 'number'),
        col('failure', 'Failure days', 'number'),
        col('noResult', 'No Result days', 'number'),
        col('successRate', 'Success rate', 'percent'),
      ],
      rows,
      totals: rows.length ? ['Total', ...sum, percent(sum[1], sum[1] + sum[2] + sum[3] + sum[4])] : undefined,
      emptyText: 'No backups match the filters.',
    },
  ];
};
