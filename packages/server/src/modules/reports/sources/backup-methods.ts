import type { ReportCell } from '@vigil/contract';
import { backupWhere } from '../filters.ts';
import { col, companyName, vendorName, type ReportSource } from './common.ts';

/** Active backups per vendor and method: overall, then per company. */
export const backupMethods: ReportSource = async (q) => {
  const { where, params } = backupWhere(q);
  const r = await q.database.query<{ company: string | null; vendor: string; method: string; n: string }>(
    `SELECT c.name AS company, b.vendor, b.method, count(*) AS n
       FROM backups b
       LEFT JOIN companies c ON c.id = b.company_id
      WHERE ${where}
      GROUP BY c.name, b.company_id, b.vendor, b.method`,
    params,
  );
  const byCompany = r.rows
    .map((x) => ({
      company: companyName(x.company),
      none: x.company === null,
      vendor: vendorName(x.vendor),
      method: x.method,
      n: Number(x.n),
    }))
    .sort(
      (a, b) =>
        Number(a.none) - Number(b.none) ||
        a.company.localeCompare(b.company) ||
        a.vendor.localeCompare(b.vendor) ||
        a.method.localeCompare(b.method),
    );
  const overall = new Map<string, { vendor: string; method: string; companies: Set<string>; n: number }>();
  for (const x of byCompany) {
    const key = `${x.vendor}\u0000${x.method}`;
    const o = overall.get(key) ?? { vendor: x.vendor, method: x.method, companies: new Set<string>(), n: 0 };
    o.companies.add(x.company);
    o.n += x.n;
    overall.set(key, o);
  }
  const total = byCompany.reduce((s, x) => s + x.n, 0);
  const overallRows: ReportCell[][] = [...overall.values()]
    .sort((a, b) => b.n - a.n || a.vendor.localeCompare(b.vendor) || a.method.localeCompare(b.method))
    .map((o) => [o.vendor, o.method, o.companies.size, o.n]);
  return [
    {
      title: 'By vendor and method',
      columns: [
        col('vendor', 'Vendor', 'text', 2),
        col('method', 'Method', 'text'),
        col('companies', 'Companies', 'number'),
        col('backups', 'Backups', 'number'),
      ],
      rows: overallRows,
      totals: overallRows.length ? ['Total', null, new Set(byCompany.map((x) => x.company)).size, total] : undefined,
      emptyText: 'No active backups match the filters.',
    },
    {
      title: 'By company',
      columns: [
        col('company', 'Company', 'text', 2),
        col('vendor', 'Vendor', 'text', 2),
        col('method', 'Method', 'text'),
        col('backups', 'Backups', 'number'),
      ],
      rows: byCompany.map((x) => [x.company, x.vendor, x.method, x.n]),
      totals: byCompany.length ? ['Total', null, null, total] : undefined,
      emptyText: 'No active backups match the filters.',
    },
  ];
};
