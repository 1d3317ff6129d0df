// Converting a template's linked backups to standalone backups.
import type { Database } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { notFound } from '../../platform/errors.ts';
import { loadTemplate } from './rows.ts';

/**
 * Converts linked backups to standalone (all of them when `backupIds` is left out): they keep
 * their settings and stop following the template. A template left governing no backup stops
 * auto-activating (features §4.3).
 */
export async function makeStandalone(
  database: Database,
  actor: Actor,
  id: number,
  backupIds: number[] | undefined,
): Promise<{ Converted: number; isActive: boolean }> {
  return database.transaction(async (q) => {
    const t = await loadTemplate(q, actor.tenantId, id, true);
    const params: unknown[] = [actor.tenantId, id];
    let only = '';
    if (backupIds) {
      params.push([...new Set(backupIds)]);
      const own = await q<{ n: number }>(
        'SELECT count(*)::int AS n FROM backups WHERE tenant_id = $1 AND template_id = $2 AND id = ANY($3::int[])',
        params,
      );
      if (own.rows[0].n !== (params[2] as number[]).length) throw notFound();
      only = ' AND id = ANY($3::int[])';
    }
    const u = await q(`UPDATE backups SET template_id = NULL WHERE tenant_id = $1 AND template_id = $2${only}`, params);
    const left = await q('SELECT 1 FROM backups WHERE template_id = $1 LIMIT 1', [id]);
    const isActive = t.isActive && left.rows.length > 0;
    if (isActive !== t.isActive) {
      await q('UPDATE templates SET is_active = false, updated_at = now() WHERE id = $1', [id]);
    }
    await logActivity(q, actor, {
      action: 'Template edited',
      entityType: 'Template',
      entityId: id,
      entityName: t.name,
      before: { isActive: t.isActive },
      after: { StandaloneBackups: u.rowCount, isActive },
    });
    return { Converted: u.rowCount, isActive };
  });
}
