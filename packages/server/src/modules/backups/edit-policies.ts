// Activate or edit one or many backups with the same settings (features §4.4).
import type { BackupSettings } from '@vigil/contract';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { queueReroll } from '../../changes/reroll.ts';
import { writeBackupSettings } from '../../changes/settings.ts';
import { policiesByIds } from './policy-lookup.ts';
import { type Ctx, type OperationOutcome, changed, entityName, lockOwned, settingsView } from './operation-context.ts';

/** Activate or edit one or many backups with the same settings. */
export async function editPolicies(
  ctx: Ctx,
  actor: Actor,
  visible: number[] | null,
  ids: number[],
  settings: BackupSettings,
  opts: { activate?: boolean; tags?: 'add' | 'replace'; standalone?: boolean },
): Promise<OperationOutcome> {
  const written = await ctx.database.transaction(async (q) => {
    const before = await lockOwned(
      q,
      actor,
      ids,
      opts.activate ? ['Inactive', 'Active'] : ['Inactive', 'Active', 'Retired'],
      visible,
    );
    const result = await writeBackupSettings(
      q,
      actor.tenantId,
      before.map((b) => b.PolicyId),
      settings,
      {
        activate: opts.activate,
        tags: opts.tags ?? 'add',
        companySource: 'manual',
        templateId: opts.standalone ? null : undefined,
      },
    );
    const after = new Map(
      (await policiesByIds(q, actor.tenantId, result.ids, visible, false)).map((r) => [r.PolicyId, r]),
    );
    await logActivity(
      q,
      actor,
      before.map((b) => {
        const a = after.get(b.PolicyId)!;
        const diff = changed(settingsView(b), settingsView(a));
        return {
          action: opts.activate && b.State === 'Inactive' ? 'Backup activated' : 'Backup edited',
          entityType: 'Backup',
          entityId: b.PolicyId,
          entityName: entityName(b),
          before: diff.before,
          after: diff.after,
        } as const;
      }),
    );
    return result;
  });
  const mode = await queueReroll(ctx, written.reroll);
  return { ids: written.ids, queued: mode === 'queued' };
}
