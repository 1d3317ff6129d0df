import type { ReportCell } from '@vigil/contract';
import { addDays } from '../../../status/index.ts';
import { backupWhere } from '../filters.ts';
import { BACKUP_COLUMNS, col, companyName, vendorName, type ReportSource } from './common.ts';

/**
 * Every backup on every day of the range (the status filter picks days), from the daily rollup.
 * A 30-day report of 5,000 backups is 150,000 rows, so the days come back packed: one row per
 * backup with its days as one text ("offset,status,success,warning,failure;…"), which keeps
 * the driver from building 150,000 row objects with the backup's names repeated in each.
 */
export const dailyResults: ReportSource = async (q) => {
  const { where, params, p } = backupWhere(q);
  const from = p(q.range.From);
  const statuses = q.filters.Statuses.length ? `AND d.status = ANY(${p(q.filters.Statuses)}::int[])` : '';
  const r = await q.database.query<{
    company: string | null;
    device_name: string;
    job_name: string;
    vendor: string;
    days: string;
  }>(
    `SELECT c.name AS company, b.device_name, b.job_name, b.vendor, x.days
       FROM (SELECT d.backup_id,
                    string_agg(concat_ws(',', d.day - ${from}::date, d.status, d.count_success, d.count_warning,
                               d.count_failure), ';' ORDER BY d.day) AS days
               FROM backup_days d
              WHERE d.tenant_id = $1 AND d.day BETWEEN ${from}::date AND ${p(q.range.To)}::date ${statuses}
              GROUP BY d.backup_id) x
       JOIN backups b ON b.id = x.backup_id
       LEFT JOIN companies c ON c.id = b.company_id
      WHERE ${where}
      ORDER BY c.name IS NULL, lower(c.name), lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  const dayText: string[] = [];
  const day = (offset: number) => (dayText[offset] ??= addDays(q.range.From, offset));
  const rows: ReportCell[][] = [];
  for (const x of r.rows) {
    const company = companyName(x.company);
    const vendor = vendorName(x.vendor);
    for (const packed of x.days.split(';')) {
      const [offset, status, success, warning, failure] = packed.split(',').map(Number);
      rows.push([company, x.device_name, x.job_name, vendor, day(offset), status, success, warning, failure]);
    }
  }
  return [
    {
      title: 'Daily results',
      columns: [
        ...BACKUP_COLUMNS,
        col('day', 'Day', 'date'),
        col('status', 'Status', 'status'),
        col('success', 'Success', 'number', 0.8),
        col('warning', 'Warning', 'number', 0.8),
        col('failure', 'Failure', 'number', 0.8),
      ],
      rows,
      emptyText: 'No backup days match the filters.',
    },
  ];
};
