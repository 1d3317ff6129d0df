import type { z } from 'zod';
import { TileDefinition, TilePosition } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import { DashboardService } from '../modules/dashboards/service.ts';
import { insertTile } from '../modules/dashboards/tiles-service.ts';

type SeedTile = z.input<typeof TileDefinition> & { at: [number, number, number, number] };

const last30 = { DateRange: { Preset: 'last30days' as const } };
const yesterday = { DateRange: { Preset: 'yesterday' as const } };
const thresholds = (red: string, yellow: string) => ({
  colorMetrics: [
    { color: 'red' as const, value: red, isEnabled: true },
    { color: 'yellow' as const, value: yellow, isEnabled: true },
    { color: 'green' as const, value: '0', isEnabled: true },
  ],
  colorMetricsType: 1 as const,
});

/** "NOC overview": one tile of each type, laid out as a technician's morning screen. */
const NOC: SeedTile[] = [
  {
    title: 'Failures and No Results',
    type: 'Count',
    filters: { ...yesterday, Status: [3, 4] },
    uiSettings: thresholds('10', '3'),
    at: [0, 0, 3, 1],
  },
  {
    title: 'No success for 3 days',
    type: 'Count',
    daysWithoutSuccess: 3,
    filters: yesterday,
    uiSettings: thresholds('5', '1'),
    at: [0, 3, 3, 1],
  },
  { title: 'Not updating', type: 'Insight', insightType: 'BackupNotUpdating', at: [0, 6, 3, 1] },
  { title: 'Critical backups', type: 'Count', filters: { ...yesterday, Tags: ['critical'] }, at: [0, 9, 3, 1] },
  { title: 'Last 30 days', type: 'Histogram', filters: last30, at: [1, 0, 8, 3] },
  { title: 'Yesterday', type: 'PieChart', filters: yesterday, at: [1, 8, 4, 4] },
  {
    title: 'Companies needing attention',
    type: 'Column',
    barChartGroupBy: 1,
    filters: { ...yesterday, Status: [2, 3, 4] },
    at: [4, 0, 8, 3],
  },
  { title: 'Yesterday by status', type: 'Bar', barChartGroupBy: 0, filters: yesterday, at: [5, 8, 4, 2] },
];

const LAYOUTS: { name: string; description: string; tiles: SeedTile[] }[] = [
  {
    name: 'Morning check',
    description: "Last night's results at a glance: what failed, what is missing, and the trend.",
    tiles: [NOC[0], NOC[1], NOC[4], NOC[5], NOC[6]],
  },
  {
    name: 'Client overview',
    description: 'Per-company health for account reviews.',
    tiles: [
      { title: 'Companies', type: 'Bar', barChartGroupBy: 1, filters: yesterday, at: [0, 0, 8, 4] },
      { title: 'Yesterday', type: 'PieChart', filters: yesterday, at: [0, 8, 4, 4] },
      { title: 'Last 30 days', type: 'Histogram', filters: last30, at: [4, 0, 12, 3] },
    ],
  },
];

const definition = ({ at, ...t }: SeedTile) => ({
  ...TileDefinition.parse(t),
  position: TilePosition.parse({ row: at[0], col: at[1], sizeX: at[2], sizeY: at[3] }),
});

/**
 * The demo's dashboards: "NOC overview" for the demo tenant's admin, and two published admin
 * layouts to start from when there are none yet. Idempotent.
 */
export async function seedDemoDashboards(database: Database, tenantId: number): Promise<void> {
  const admin = await database.query<{ id: number }>(
    'SELECT id FROM users WHERE tenant_id = $1 AND level = 3 ORDER BY id LIMIT 1',
    [tenantId],
  );
  const exists = await database.query('SELECT 1 FROM dashboards WHERE tenant_id = $1 AND name = $2', [
    tenantId,
    'NOC overview',
  ]);
  if (admin.rows.length && !exists.rows.length) {
    const caller = { tenantId, userId: admin.rows[0].id, isTenantAdmin: true, canView: true, canEdit: true };
    await database.transaction(async (q) => {
      const id = await new DashboardService(database).insert(q, caller, 'NOC overview', 0);
      for (const tile of NOC.map(definition)) await insertTile(q, tenantId, id, tile, tile.position);
    });
  }
  const layouts = await database.query('SELECT 1 FROM dashboard_layouts LIMIT 1');
  if (!layouts.rows.length)
    for (const l of LAYOUTS)
      await database.query(
        'INSERT INTO dashboard_layouts (name, description, tiles, is_published) VALUES ($1, $2, $3, true)',
        [l.name, l.description, JSON.stringify(l.tiles.map(definition))],
      );
}
