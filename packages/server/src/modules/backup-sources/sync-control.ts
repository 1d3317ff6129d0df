import type { BackupSourceRow } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../platform/errors.ts';
import { descriptorFor, findSource, presentSource } from './source-rows.ts';
import { abortLocalSync, runSync, STALE_SYNC_MINUTES } from './sync.ts';

/** Starting and cancelling syncs: by hand (Sync now), and every minute for the sources due. */

export const SYNC_QUEUE = 'sync-backup-source';
export const DUE_QUEUE = 'backup-sources-due';

type ControlDeps = Pick<Deps, 'database' | 'secrets' | 'config' | 'pipeline' | 'jobs'>;

/** Without a job queue (tests, one-off commands) syncs run in the background of this process. */
const background = new Set<Promise<unknown>>();

/** Resolves once every sync started in the background of this process has ended. */
export async function backgroundSyncsSettled(): Promise<void> {
  while (background.size) await Promise.allSettled([...background]);
}

async function queue(deps: ControlDeps, sourceIds: number[]): Promise<void> {
  for (const id of sourceIds) {
    if (deps.jobs) {
      // Only a source newly marked pending is queued, so a source has one sync queued at a time;
      // the claim in runSync keeps two workers apart as well.
      await deps.jobs.send(SYNC_QUEUE, { sourceId: id }, { singletonKey: `backup-source:${id}` });
    } else {
      const p: Promise<unknown> = runSync(deps, id)
        .catch((err: unknown) => console.error('[backup-sources]', err instanceof Error ? err.message : err))
        .finally(() => background.delete(p));
      background.add(p);
    }
  }
}

/** Marks sources pending (unless a live sync holds them) and returns those marked. */
async function markPending(deps: ControlDeps, where: string, params: unknown[]): Promise<number[]> {
  const r = await deps.database.query<{ id: number }>(
    `UPDATE backup_sources s SET sync_status = 'pending', updated_at = now()
      WHERE ${where}
        AND NOT (s.sync_status = 'pending'
                 AND COALESCE(s.sync_started_at, s.updated_at) > now() - make_interval(mins => ${STALE_SYNC_MINUTES}))
      RETURNING s.id`,
    params,
  );
  return r.rows.map((x) => x.id);
}

/** Sync now: 202 with the source pending; a sync already queued or running is left to finish. */
export async function requestSync(
  deps: ControlDeps,
  tenantId: number,
  type: string,
  id: number,
): Promise<BackupSourceRow> {
  const d = await descriptorFor(deps, tenantId, type);
  if (!(await findSource(deps, tenantId, id, d.Type))) throw notFound();
  await queue(deps, await markPending(deps, 's.id = $1 AND s.tenant_id = $2', [id, tenantId]));
  return presentSource(deps, (await findSource(deps, tenantId, id))!);
}

/** Cancels a queued or running sync; the source keeps what was filed before it stopped. */
export async function cancelSync(
  deps: ControlDeps,
  tenantId: number,
  type: string,
  id: number,
): Promise<BackupSourceRow> {
  const d = await descriptorFor(deps, tenantId, type);
  const r = await deps.database.query(
    `UPDATE backup_sources SET sync_status = 'cancelled', updated_at = now()
      WHERE id = $1 AND tenant_id = $2 AND type = $3 AND sync_status = 'pending'`,
    [id, tenantId, d.Type],
  );
  if (r.rowCount) abortLocalSync(id);
  const row = await findSource(deps, tenantId, id, d.Type);
  if (!row) throw notFound();
  return presentSource(deps, row);
}

/** Queues a sync of every enabled source whose last sync plus its interval has passed. */
export async function queueDueSyncs(deps: ControlDeps): Promise<number> {
  const ids = await markPending(
    deps,
    `s.enabled AND (s.last_sync_at IS NULL OR s.last_sync_at + make_interval(mins => s.interval_minutes) <= now())`,
    [],
  );
  await queue(deps, ids);
  return ids.length;
}
