import type { ReportCell } from '@vigil/contract';
import { backupWhere } from '../filters.ts';
import { col, companyName, vendorName, type ReportSource } from './common.ts';
import { isoOrNull } from '../../../platform/dates.ts';

/** Two sections: backups discovered but never activated, and retired backups. */
export const inactiveAndRetired: ReportSource = async (q) => {
  const { where, params } = backupWhere(q, ['Inactive', 'Retired']);
  const r = await q.database.query<{
    state: string;
    company: string | null;
    vendor: string;
    device_name: string;
    job_name: string;
    created_at: Date;
    retired_at: Date | null;
    last_email_at: Date | null;
    last_result_at: Date | null;
  }>(
    `SELECT b.state, c.name AS company, b.vendor, b.device_name, b.job_name, b.created_at, b.retired_at,
            b.last_email_at, b.last_result_at
       FROM backups b
       LEFT JOIN companies c ON c.id = b.company_id
      WHERE ${where}
      ORDER BY c.name IS NULL, lower(c.name), lower(b.device_name), lower(b.job_name), b.id`,
    params,
  );
  const identity = (x: (typeof r.rows)[number]): ReportCell[] => [
    companyName(x.company),
    vendorName(x.vendor),
    x.device_name,
    x.job_name,
  ];
  const head = [
    col('company', 'Company', 'text', 2),
    col('vendor', 'Vendor', 'text', 1.5),
    col('device', 'Device', 'text', 2),
    col('job', 'Job', 'text', 2),
  ];
  const inactive = r.rows.filter((x) => x.state === 'Inactive');
  const retired = r.rows.filter((x) => x.state === 'Retired');
  return [
    {
      title: 'Inactive backups',
      columns: [...head, col('discovered', 'Discovered', 'datetime'), col('lastEmail', 'Last e-mail', 'datetime')],
      rows: inactive.map((x) => [
        ...identity(x),
        isoOrNull(x.created_at),
        isoOrNull(x.last_email_at ?? x.last_result_at),
      ]),
      emptyText: 'No inactive backups.',
    },
    {
      title: 'Retired backups',
      columns: [...head, col('retired', 'Retired', 'datetime'), col('lastResult', 'Last result', 'datetime')],
      rows: retired.map((x) => [
        ...identity(x),
        isoOrNull(x.retired_at),
        isoOrNull(x.last_result_at ?? x.last_email_at),
      ]),
      emptyText: 'No retired backups.',
    },
  ];
};
