import type { QueryFn as TxQuery } from '../db/client.ts';

/**
 * The one filing path for results, whichever door they came through (e-mail, backup-vendor
 * API): upsert the backups by identity, insert the results, and pull back the rolled-to mark of
 * active backups whose days changed. Runs inside the caller's transaction.
 */

/** A backup's identity within a tenant (the method aside). */
export const identity = (tenantId: number, vendor: string, device: string, job: string, type: string) =>
  [tenantId, vendor, device, job, type].join('\u0000');

export interface BackupUpsert {
  tenantId: number;
  vendor: string;
  device: string;
  job: string;
  type: string;
  /** Email or Api. */
  method: string;
  sender: string | null;
  tag: string | null;
  clientId: string | null;
  /** The time and status of the latest result filed to it. */
  last: Date;
  status: number;
  sourceId?: number | null;
  assetId?: string | null;
}

/** Where a backup's results go: itself, or the backup it was merged into. */
export interface FiledBackup {
  id: number;
  state: string;
}

/**
 * Inserts new backups (Inactive) and refreshes known ones; returns where each identity's results
 * go and adds the ids of the backups it created to `discovered`.
 */
export async function upsertBackups(
  q: TxQuery,
  backups: BackupUpsert[],
  discovered: number[],
): Promise<Map<string, FiledBackup>> {
  const ids = new Map<string, FiledBackup>();
  if (!backups.length) return ids;
  // A fixed order keeps two workers upserting the same backups from deadlocking.
  const list = [...backups].sort((a, b) => {
    const x = identity(a.tenantId, a.vendor, a.device, a.job, a.type) + a.method;
    const y = identity(b.tenantId, b.vendor, b.device, b.job, b.type) + b.method;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const up = await q<{
    id: number;
    state: string;
    tenant_id: number;
    vendor: string;
    device_name: string;
    job_name: string;
    backup_type: string;
    parent_id: number | null;
    parent_state: string | null;
    inserted: boolean;
  }>(
    `INSERT INTO backups (tenant_id, vendor, device_name, job_name, method, backup_type, state, sender_address,
       client_tag, vendor_client_id, last_email_at, last_status, source_id, asset_id)
     SELECT t, v, d, j, m, bt, 'Inactive', s, ct, vc, le, ls, si, ai
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::timestamptz[], $10::int[], $11::text[], $12::int[], $13::text[])
         AS x(t, v, d, j, bt, s, ct, vc, le, ls, m, si, ai)
     ON CONFLICT (tenant_id, vendor, device_name, job_name, method, backup_type) DO UPDATE SET
       sender_address = CASE WHEN backups.last_email_at IS NULL OR backups.last_email_at <= EXCLUDED.last_email_at
                             THEN COALESCE(EXCLUDED.sender_address, backups.sender_address) ELSE backups.sender_address END,
       client_tag = COALESCE(backups.client_tag, EXCLUDED.client_tag),
       vendor_client_id = COALESCE(EXCLUDED.vendor_client_id, backups.vendor_client_id),
       last_status = CASE WHEN backups.last_email_at IS NULL OR backups.last_email_at <= EXCLUDED.last_email_at
                          THEN EXCLUDED.last_status ELSE backups.last_status END,
       last_email_at = GREATEST(backups.last_email_at, EXCLUDED.last_email_at),
       source_id = COALESCE(backups.source_id, EXCLUDED.source_id),
       asset_id = COALESCE(EXCLUDED.asset_id, backups.asset_id)
     RETURNING id, state, tenant_id, vendor, device_name, job_name, backup_type, parent_id,
       (SELECT p.state FROM backups p WHERE p.id = backups.parent_id) AS parent_state, (xmax = 0) AS inserted`,
    [
      list.map((b) => b.tenantId),
      list.map((b) => b.vendor),
      list.map((b) => b.device),
      list.map((b) => b.job),
      list.map((b) => b.type),
      list.map((b) => b.sender),
      list.map((b) => b.tag),
      list.map((b) => b.clientId),
      list.map((b) => b.last.toISOString()),
      list.map((b) => b.status),
      list.map((b) => b.method),
      list.map((b) => b.sourceId ?? null),
      list.map((b) => b.assetId ?? null),
    ],
  );
  for (const b of up.rows)
    ids.set(
      identity(b.tenant_id, b.vendor, b.device_name, b.job_name, b.backup_type),
      // A backup merged into another files its results to that one (Manage → merge).
      b.state === 'Merged' && b.parent_id !== null
        ? { id: b.parent_id, state: b.parent_state ?? 'Inactive' }
        : { id: b.id, state: b.state },
    );
  discovered.push(...up.rows.filter((b) => b.inserted).map((b) => b.id));
  return ids;
}

export interface ResultInsert {
  tenantId: number;
  backupId: number;
  emailId: number | null;
  ordinal: number;
  status: number;
  startTime: Date | null;
  endTime: Date | null;
  filedAt: Date;
  resultKind: string | null;
  storageKind: string | null;
  sizeBytes: number | null;
  durationSeconds: number | null;
  failureText: string | null;
  clientId: string | null;
  /** The generic reader's reading as JSON text. */
  reading: string | null;
  /** email or api. */
  source: string;
  sourceId: number | null;
  sessionId: string | null;
}

/** Minutes either side of an API session's start within which an e-mail result of the same status is the same run. */
export const SAME_RUN_MINUTES = 2;

/**
 * Inserts results, skipping one already filed (the same e-mail place, or the same session on the
 * backup) and an API session the backup already holds from e-mail (same status, start within
 * SAME_RUN_MINUTES). Returns the backup and filing time of each result inserted.
 */
export async function insertResults(
  q: TxQuery,
  rows: ResultInsert[],
): Promise<{ backupId: number; filedAt: Date; sessionId: string | null }[]> {
  if (!rows.length) return [];
  const at = (d: Date | null) => (d ? d.toISOString() : null);
  const inserted = await q<{ backup_id: number; filed_at: Date | string; session_id: string | null }>(
    `INSERT INTO results (tenant_id, backup_id, email_id, ordinal, status, start_time, end_time, filed_at,
       result_kind, storage_kind, size_bytes, duration_seconds, failure_text, vendor_client_id, reading,
       source, source_id, session_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::timestamptz[],
       $7::timestamptz[], $8::timestamptz[], $9::text[], $10::text[], $11::bigint[], $12::int[], $13::text[], $14::text[],
       $15::jsonb[], $16::text[], $17::int[], $18::text[])
       AS x(t, b, e, o, st, s, en, f, rk, sk, sz, d, ft, vc, rd, src, si, ss)
     WHERE x.ss IS NULL OR x.s IS NULL OR NOT EXISTS (
       SELECT 1 FROM results r
        WHERE r.backup_id = x.b AND r.session_id IS NULL AND r.status = x.st
          AND r.start_time BETWEEN x.s - make_interval(mins => ${SAME_RUN_MINUTES})
                               AND x.s + make_interval(mins => ${SAME_RUN_MINUTES}))
     ON CONFLICT DO NOTHING
     RETURNING backup_id, filed_at, session_id`,
    [
      rows.map((r) => r.tenantId),
      rows.map((r) => r.backupId),
      rows.map((r) => r.emailId),
      rows.map((r) => r.ordinal),
      rows.map((r) => r.status),
      rows.map((r) => at(r.startTime)),
      rows.map((r) => at(r.endTime)),
      rows.map((r) => r.filedAt.toISOString()),
      rows.map((r) => r.resultKind),
      rows.map((r) => r.storageKind),
      rows.map((r) => (r.sizeBytes === null ? null : Math.round(r.sizeBytes))),
      rows.map((r) => (r.durationSeconds === null ? null : Math.round(r.durationSeconds))),
      rows.map((r) => r.failureText),
      rows.map((r) => r.clientId),
      rows.map((r) => r.reading),
      rows.map((r) => r.source),
      rows.map((r) => r.sourceId),
      rows.map((r) => r.sessionId),
    ],
  );
  return inserted.rows.map((r) => ({
    backupId: Number(r.backup_id),
    filedAt: new Date(r.filed_at),
    sessionId: r.session_id,
  }));
}

/**
 * Active backups whose days change: pull their rolled-to mark back (two days covers any time
 * zone and start of business) so the rollup clock re-rolls them even after a crash. Adds each to
 * `touched` for the re-roll after commit.
 */
export async function markChanged(
  q: TxQuery,
  changed: Map<number, Date>,
  touched: { backupId: number; since: Date }[],
): Promise<void> {
  if (!changed.size) return;
  const list = [...changed.entries()];
  await q(
    `UPDATE backups b SET rolled_to = LEAST(b.rolled_to, (x.since AT TIME ZONE 'UTC')::date - 2)
       FROM unnest($1::int[], $2::timestamptz[]) AS x(id, since)
      WHERE b.id = x.id AND b.state = 'Active' AND b.rolled_to IS NOT NULL`,
    [list.map(([id]) => id), list.map(([, at]) => at.toISOString())],
  );
  for (const [backupId, since] of list) touched.push({ backupId, since });
}

/** Keeps the earliest change per backup. */
export function noteChange(changed: Map<number, Date>, backupId: number, at: Date): void {
  const prev = changed.get(backupId);
  if (!prev || at < prev) changed.set(backupId, at);
}
