// Backup time popularity (flag brTimePopularity): when do the jobs on the same storage or site
// start, and which start time is least crowded for one backup.
import type { UnpopularTime } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { visibilitySql } from '../audit/common.ts';
import { tenantClock } from '../audit/common.ts';

export const SLOT_MINUTES = 30;
const SLOTS = (24 * 60) / SLOT_MINUTES;
/** Results this many days back give a job's usual start when it has no planned one. */
const LOOKBACK_DAYS = 30;
/** Without any start of its own, a backup is placed near the usual nightly window. */
const NIGHT = 22 * 60;

export const slotTime = (slot: number) => {
  const m = slot * SLOT_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
const slotOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return Math.floor((h * 60 + m) / SLOT_MINUTES) % SLOTS;
};

interface BackupRow {
  id: number;
  vendor: string;
  device_name: string;
  source_id: number | null;
}

/** The backup, when the caller may see it; 404 otherwise. */
export async function visibleBackup(
  database: Database,
  tenantId: number,
  visible: number[] | null,
  id: number,
): Promise<BackupRow> {
  const params: unknown[] = [tenantId, id];
  const r = await database.query<BackupRow>(
    `SELECT b.id, b.vendor, b.device_name, b.source_id FROM backups b
      WHERE b.tenant_id = $1 AND b.id = $2 AND ${visibilitySql(visible, params)}`,
    params,
  );
  if (!r.rows[0]) throw notFound();
  return r.rows[0];
}

/**
 * Each backup's start slot: its planned start when one was set, else the slot its results most
 * often started in over the last 30 days (tenant time); backups with neither are left out.
 */
async function startSlots(database: Database, tenantId: number, timeZone: string, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const [planned, usual] = await Promise.all([
    database.query<{ backup_id: number; start_time: string }>(
      'SELECT backup_id, start_time FROM backup_start_times WHERE tenant_id = $1 AND backup_id = ANY($2::int[])',
      [tenantId, ids],
    ),
    database.query<{ backup_id: number; slot: number; n: string }>(
      `SELECT r.backup_id,
              floor((extract(hour FROM COALESCE(r.start_time, r.end_time) AT TIME ZONE $3) * 60
                   + extract(minute FROM COALESCE(r.start_time, r.end_time) AT TIME ZONE $3)) / ${SLOT_MINUTES})::int AS slot,
              count(*) AS n
         FROM results r
        WHERE r.tenant_id = $1 AND r.backup_id = ANY($2::int[]) AND COALESCE(r.start_time, r.end_time) IS NOT NULL
          AND COALESCE(r.start_time, r.end_time) > now() - interval '${LOOKBACK_DAYS} days'
        GROUP BY 1, 2`,
      [tenantId, ids, timeZone],
    ),
  ]);
  const best = new Map<number, { slot: number; n: number }>();
  for (const u of usual.rows) {
    const n = Number(u.n);
    const cur = best.get(u.backup_id);
    if (!cur || n > cur.n || (n === cur.n && u.slot < cur.slot)) best.set(u.backup_id, { slot: u.slot, n });
  }
  const slots = new Map([...best].map(([id, b]) => [id, b.slot]));
  for (const p of planned.rows) slots.set(p.backup_id, slotOf(p.start_time));
  return slots;
}

/** The slot counts and the suggestion: the emptiest slot, the nearest one to the current start on a tie. */
export function suggest(counts: number[], current: number | null): number {
  const from = current ?? Math.floor(NIGHT / SLOT_MINUTES);
  const distance = (s: number) => Math.min(Math.abs(s - from), SLOTS - Math.abs(s - from));
  let pick = from;
  for (let s = 0; s < SLOTS; s++) {
    const better = counts[s] < counts[pick] || (counts[s] === counts[pick] && distance(s) < distance(pick));
    if (better) pick = s;
  }
  return pick;
}

export async function unpopularTime(database: Database, tenantId: number, backup: BackupRow): Promise<UnpopularTime> {
  const { timeZone } = await tenantClock(database, tenantId);
  // Same storage or site: the same vendor and device, or the same API source (appliance, vault).
  const nb = await database.query<{ id: number }>(
    `SELECT id FROM backups
      WHERE tenant_id = $1 AND vendor = $2 AND state <> 'Retired' AND id <> $3
        AND (device_name = $4 OR ($5::int IS NOT NULL AND source_id = $5))`,
    [tenantId, backup.vendor, backup.id, backup.device_name, backup.source_id],
  );
  const slots = await startSlots(database, tenantId, timeZone, [backup.id, ...nb.rows.map((r) => r.id)]);
  const counts = new Array<number>(SLOTS).fill(0);
  for (const [id, slot] of slots) if (id !== backup.id) counts[slot]++;
  const current = slots.get(backup.id) ?? null;
  const planned = await database.query<{ start_time: string }>(
    'SELECT start_time FROM backup_start_times WHERE backup_id = $1',
    [backup.id],
  );
  return {
    BackupId: backup.id,
    Neighbours: nb.rows.length,
    CurrentTime: planned.rows[0]?.start_time ?? (current === null ? null : slotTime(current)),
    SuggestedTime: slotTime(suggest(counts, current)),
    SlotMinutes: SLOT_MINUTES,
    Slots: counts.map((Count, s) => ({ Time: slotTime(s), Count })),
  };
}

/** Records an accepted move: the backup's planned start becomes `startTime`. */
export async function moveStart(
  database: Database,
  tenantId: number,
  userId: number,
  backupId: number,
  startTime: string,
): Promise<{ BackupId: number; StartTime: string; PreviousTime: string | null }> {
  const { timeZone } = await tenantClock(database, tenantId);
  const before = await database.query<{ start_time: string }>(
    'SELECT start_time FROM backup_start_times WHERE backup_id = $1',
    [backupId],
  );
  const usual = before.rows[0] ? null : (await startSlots(database, tenantId, timeZone, [backupId])).get(backupId);
  const previous = before.rows[0]?.start_time ?? (usual === undefined || usual === null ? null : slotTime(usual));
  await database.query(
    `INSERT INTO backup_start_times (backup_id, tenant_id, start_time, previous_time, moved_by, moved_at)
     VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (backup_id) DO UPDATE SET start_time = EXCLUDED.start_time, previous_time = EXCLUDED.previous_time,
       moved_by = EXCLUDED.moved_by, moved_at = EXCLUDED.moved_at`,
    [backupId, tenantId, startTime, previous, userId],
  );
  return { BackupId: backupId, StartTime: startTime, PreviousTime: previous };
}
