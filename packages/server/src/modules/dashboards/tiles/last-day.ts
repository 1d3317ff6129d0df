import { backupWhere, paramList, runTileQuery, shownStatuses, type TileQuery } from './filters.ts';

export interface StatusCompanyCount {
  status: number;
  companyId: number | null;
  companyName: string | null;
  count: number;
}

/**
 * The shared query of Pie, Bar and Column: on the range's last day, how many of the filtered
 * backups had each shown day status, per company. One lookup of that day in the rollup's
 * (tenant, day, status) index joined to the backups.
 */
export async function lastDayByStatusAndCompany(q: TileQuery): Promise<StatusCompanyCount[]> {
  const { params, p } = paramList([q.tenantId, q.range.To]);
  const statuses = p(shownStatuses(q));
  const where = backupWhere(q, params, p);
  const r = await runTileQuery<{ status: number; company_id: number | null; name: string | null; n: string }>(
    q,
    `SELECT d.status, b.company_id, c.name, count(*) AS n
       FROM backup_days d
       JOIN backups b ON b.id = d.backup_id
       LEFT JOIN companies c ON c.id = b.company_id
      WHERE d.tenant_id = $1 AND d.day = $2::date AND d.status = ANY(${statuses}::int[]) AND ${where}
      GROUP BY d.status, b.company_id, c.name`,
    params,
  );
  return r.rows.map((x) => ({ status: x.status, companyId: x.company_id, companyName: x.name, count: Number(x.n) }));
}
