import type { ReportCell } from '@vigil/contract';
import { backupWhere } from '../filters.ts';
import { BACKUP_COLUMNS, col, companyName, vendorName, type ReportSource } from './common.ts';

/** Each Failure or No Result day of the range, with the distinct failure texts of that day's results. */
export const failuresAndNoResults: ReportSource = async (q) => {
  const { where, params, p } = backupWhere(q);
  const from = p(q.range.From);
  const to = p(q.range.To);
  const r = await q.database.query<{
    company: string | null;
    device_name: string;
    job_name: string;
    vendor: string;
    day: string;
    status: number;
    count_failure: number;
    texts: string | null;
  }>(
    `WITH ft AS (
       SELECT r.backup_id, r.business_day, string_agg(DISTINCT r.failure_text, E'\\n') AS texts
         FROM results r
        WHERE r.tenant_id = $1 AND r.business_day BETWEEN ${from}::date AND ${to}::date
          AND r.failure_text IS NOT NULL AND r.failure_text <> ''
        GROUP BY r.backup_id, r.business_day)
     SELECT c.name AS company, b.device_name, b.job_name, b.vendor, d.day::text AS day, d.status,
            d.count_failure, ft.texts
       FROM backup_days d
       JOIN backups b ON b.id = d.backup_id
       LEFT JOIN companies c ON c.id = b.company_id
       LEFT JOIN ft ON ft.backup_id = d.backup_id AND ft.business_day = d.day
      WHERE d.tenant_id = $1 AND d.day BETWEEN ${from}::date AND ${to}::date AND d.status IN (3, 4)
        AND ${where}
      ORDER BY c.name IS NULL, lower(c.name), lower(b.device_name), lower(b.job_name), b.id, d.day`,
    params,
  );
  const rows: ReportCell[][] = r.rows.map((x) => [
    companyName(x.company),
    x.device_name,
    x.job_name,
    vendorName(x.vendor),
    x.day,
    x.status,
    x.count_failure,
    x.texts ?? (x.status === 4 ? 'No result received' : null),
  ]);
  return [
    {
      title: 'Failures and No Results',
      columns: [
        ...BACKUP_COLUMNS,
        col('day', 'Day', 'date'),
        col('status', 'Status', 'status'),
        col('failures', 'Failed results', 'number', 0.8),
        col('failureText', 'Failure text', 'text', 4),
      ],
      rows,
      emptyText: 'No failures or missed backups in the range.',
    },
  ];
};
