// Pause a backup, or resume it: it keeps auditing but raises no tickets or alerts.
import type { Database } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import { badRequest } from '../../platform/errors.ts';
import { entityName, lockOwned } from './operation-context.ts';

/** Pause (or resume with null): the backup keeps auditing but raises no tickets or alerts until then. */
export async function pausePolicy(
  database: Database,
  actor: Actor,
  visible: number[] | null,
  id: number,
  until: string | null,
): Promise<void> {
  await database.transaction(async (q) => {
    const [row] = await lockOwned(q, actor, [id], ['Inactive', 'Active'], visible);
    if (until && new Date(until) <= new Date()) throw badRequest('Pause must end in the future', 'Until');
    await q('UPDATE backups SET paused_until = $2 WHERE id = $1', [id, until]);
    await logActivity(q, actor, {
      action: 'Backup paused',
      entityType: 'Backup',
      entityId: id,
      entityName: entityName(row),
      before: { PausedUntil: row.PausedUntil },
      after: { PausedUntil: until },
    });
  });
}
