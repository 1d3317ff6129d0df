import type { ReportCell } from '@vigil/contract';
import { paramList } from '../../dashboards/tiles/filters.ts';
import { col, type ReportSource } from './common.ts';
import { isoOrNull } from '../../../platform/dates.ts';

/**
 * The activity log over the range (days in the tenant's time zone), newest first. A viewer
 * limited to some companies sees only the entries about those companies and their backups.
 */
export const userActivity: ReportSource = async (q) => {
  const { params, p } = paramList([q.tenantId]);
  const zone = p(q.timeZone);
  let scope = 'TRUE';
  if (q.visible !== null) {
    const visible = p(q.visible);
    scope = `((a.entity_type = 'Company' AND a.entity_id = ANY(SELECT v::text FROM unnest(${visible}::int[]) v))
           OR (a.entity_type = 'Backup' AND EXISTS (SELECT 1 FROM backups b WHERE b.tenant_id = $1
               AND b.id::text = a.entity_id AND b.company_id = ANY(${visible}::int[]))))`;
  }
  const r = await q.database.query<{
    created_at: Date;
    user_name: string;
    action: string;
    entity_type: string;
    entity_name: string;
  }>(
    `SELECT a.created_at, a.user_name, a.action, a.entity_type, a.entity_name
       FROM activity_logs a
      WHERE a.tenant_id = $1
        AND a.created_at >= (${p(q.range.From)}::date)::timestamp AT TIME ZONE ${zone}
        AND a.created_at < (${p(q.range.To)}::date + 1)::timestamp AT TIME ZONE ${zone}
        AND ${scope}
      ORDER BY a.created_at DESC, a.id DESC`,
    params,
  );
  const rows: ReportCell[][] = r.rows.map((x) => [
    isoOrNull(x.created_at),
    x.user_name || 'System',
    x.action,
    x.entity_type,
    x.entity_name,
  ]);
  return [
    {
      title: 'User activity',
      columns: [
        col('when', 'When', 'datetime', 1.5),
        col('user', 'User', 'text', 1.5),
        col('action', 'Action', 'text', 2),
        col('itemType', 'Item type', 'text'),
        col('item', 'Item', 'text', 3),
      ],
      rows,
      emptyText: 'No activity in the range.',
    },
  ];
};
