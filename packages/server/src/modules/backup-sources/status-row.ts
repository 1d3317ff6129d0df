import type { TenantFunctionStatus } from '@vigil/contract';
import type { Database } from '../../db/client.ts';

/**
 * The System status row of a tenant's backup-vendor API sources: idle without any, ok while all
 * are healthy, a warning naming the unhealthy ones and what to do.
 */
export async function backupSourcesStatus(database: Database, tenantId: number): Promise<TenantFunctionStatus> {
  const r = await database.query<{ name: string; health: string; last_sync_at: Date | string | null }>(
    `SELECT name, health, last_sync_at FROM backup_sources WHERE tenant_id = $1 ORDER BY lower(name), id`,
    [tenantId],
  );
  const sources = r.rows;
  const last = sources.reduce<number | null>((max, s) => {
    const t = s.last_sync_at ? new Date(s.last_sync_at).getTime() : null;
    return t !== null && (max === null || t > max) ? t : max;
  }, null);
  const row = {
    Key: 'backup-sources',
    Name: 'Backup integrations',
    LastAt: last === null ? null : new Date(last).toISOString(),
  };
  if (!sources.length) return { ...row, State: 'idle', Detail: 'No backup integration linked' };
  const unhealthy = sources.filter((s) => s.health === 'Unhealthy').map((s) => s.name);
  if (unhealthy.length) {
    const names =
      unhealthy.length > 3
        ? `${unhealthy.slice(0, 3).join(', ')} and ${unhealthy.length - 3} more`
        : unhealthy.join(', ');
    return {
      ...row,
      State: 'warning',
      Detail: `Failing to sync: ${names}. Check the credentials under Integration → Backup Integrations.`,
    };
  }
  return {
    ...row,
    State: 'ok',
    Detail: `${sources.length} backup integration${sources.length === 1 ? '' : 's'} syncing`,
  };
}
