import type { InsightType } from '@vigil/contract';
import { backupWhere, paramList, runTileQuery, type TileQuery } from './filters.ts';

/**
 * Insight (features §3.1): the open (not dismissed) suggestions of one type for backups the
 * viewer may see, narrowed by the tile's company, vendor and tag filters.
 */
export async function insightData(q: TileQuery, type: InsightType): Promise<{ Count: number }> {
  const { params, p } = paramList([q.tenantId]);
  const where = backupWhere(q, params, p);
  const r = await runTileQuery<{ n: string }>(
    q,
    `SELECT count(*) AS n
       FROM insights i
       JOIN backups b ON b.id = i.backup_id
      WHERE i.tenant_id = $1 AND i.type = ${p(type)} AND i.dismissed_at IS NULL AND ${where}`,
    params,
  );
  return { Count: Number(r.rows[0]?.n ?? 0) };
}
