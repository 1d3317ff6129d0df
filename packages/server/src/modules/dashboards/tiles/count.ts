import { colorForCount, DEFAULT_COLOR_METRICS, type ColorMetric } from '@vigil/contract';
import { backupWhere, paramList, runTileQuery, type TileQuery } from './filters.ts';

/**
 * Count (features §3.1, §4.1): the filtered active backups; with a status filter, those with at
 * least one day in the range (first and last day included) whose status is one of it — a backup
 * counts once however many of its days match. The colour follows the tile's thresholds.
 */
export async function countData(q: TileQuery): Promise<{ Count: number; color: ColorMetric['color'] }> {
  const { params, p } = paramList([q.tenantId]);
  const where = backupWhere(q, params, p);
  const byStatus = q.filters.Status.length
    ? `AND EXISTS (SELECT 1 FROM backup_days d WHERE d.backup_id = b.id
                      AND d.day BETWEEN ${p(q.range.From)}::date AND ${p(q.range.To)}::date
                      AND d.status = ANY(${p(q.filters.Status)}::int[]))`
    : '';
  const r = await runTileQuery<{ n: string }>(
    q,
    `SELECT count(*) AS n FROM backups b WHERE ${where} ${byStatus}`,
    params,
  );
  const Count = Number(r.rows[0]?.n ?? 0);
  return { Count, color: colorForCount(Count, q.uiSettings.colorMetrics ?? DEFAULT_COLOR_METRICS) };
}
