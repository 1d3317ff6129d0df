// Activating a template's matching Inactive backups on request.
import type { Deps } from '../../deps.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireVisible } from '../audit/scope.ts';
import { matchSql } from './matches.ts';
import { loadTemplate } from './rows.ts';
import { recordActivations } from './activation-records.ts';

/** Activates a template's matching Inactive backups now (all, or the listed ones), recording each. */
export async function activateNow(
  deps: Pick<Deps, 'database' | 'jobs' | 'rollup'>,
  actor: Actor,
  templateId: number,
  backupIds: number[] | undefined,
  visible: number[] | null,
): Promise<number> {
  // A backup the caller cannot see is not there (404), before whether the template matches it.
  if (backupIds) await requireVisible(deps.database, { tenantId: actor.tenantId, visible }, 'backup', backupIds);
  const { ids, reroll } = await deps.database.transaction(async (q) => {
    const t = await loadTemplate(q, actor.tenantId, templateId, true);
    const params: unknown[] = [];
    const where = matchSql(actor.tenantId, t.rules, t.companyIds, visible, params);
    const m = await q<{ id: number }>(
      `SELECT b.id FROM backups b WHERE ${where} AND b.state = 'Inactive' ORDER BY b.id FOR UPDATE OF b`,
      params,
    );
    let target = m.rows.map((r) => r.id);
    if (backupIds) {
      const want = new Set(backupIds);
      target = target.filter((id) => want.has(id));
      if (target.length !== want.size)
        throw badRequest('Only Inactive backups the template matches can be activated', 'BackupIds');
    }
    const w = await writeBackupSettings(q, actor.tenantId, target, t.settings, {
      activate: true,
      templateId,
      companySource: 'template',
    });
    await recordActivations(q, actor.tenantId, templateId, w.ids);
    if (w.ids.length) {
      await logActivity(q, actor, {
        action: 'Template applied',
        entityType: 'Template',
        entityId: templateId,
        entityName: t.name,
        after: { Backups: w.ids.length, Activated: w.ids.length },
      });
    }
    return w;
  });
  await queueReroll(deps, reroll);
  return ids.length;
}
