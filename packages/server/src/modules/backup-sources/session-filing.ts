import { BACKUP_SOURCES, ResultStatus, type BackupSourceType } from '@vigil/contract';
import type { Deps } from '../../deps.ts';
import { storableText } from '../../platform/input.ts';
import {
  identity,
  insertResults,
  markChanged,
  noteChange,
  upsertBackups,
  type BackupUpsert,
  type ResultInsert,
} from '../../intake/filing.ts';
import type { SessionPage, VendorSession } from './vendors/types.ts';

/**
 * Files one page of a source's sessions through the intake's filing path, in ONE transaction
 * with the cursor that follows it: a crash never half-writes a page and never loses the cursor.
 * A session already on its backup is skipped; a backup known from e-mail (same vendor, device,
 * job and type) takes the sessions instead of a new `Api` twin.
 */

const STATUS: Record<VendorSession['status'], number> = {
  Success: ResultStatus.Success,
  Warning: ResultStatus.Warning,
  Failure: ResultStatus.Failure,
};

const clip = (s: string, n: number) => storableText(s, n);
const clipOrNull = (s: string | null | undefined, n: number) => (s ? clip(s, n) : null);

export interface SourceRef {
  id: number;
  tenantId: number;
  type: BackupSourceType;
}

const validDate = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d : null);

export async function fileSessionPage(
  deps: Pick<Deps, 'database'>,
  source: SourceRef,
  page: SessionPage,
  touched: { backupId: number; since: Date }[],
  discovered: number[],
): Promise<number> {
  const vendor = clip(BACKUP_SOURCES[source.type].Vendor, 200);
  const now = new Date();
  const sessions = page.sessions.map((s) => {
    const start = validDate(s.startTime);
    const end = validDate(s.endTime);
    return {
      s,
      start,
      end,
      when: start ?? end ?? now,
      device: clip(s.device || 'Unknown device', 500),
      job: clip(s.job || 'Backup', 500),
      // A backup's type is Backup or Alert (what the grids and the API answer); a vendor session is a Backup.
      type: 'Backup',
      clientId: clipOrNull(s.customerId, 200),
    };
  });
  return deps.database.transaction(async (q) => {
    const backups = new Map<string, BackupUpsert>();
    for (const x of sessions) {
      const key = identity(source.tenantId, vendor, x.device, x.job, x.type);
      const b = backups.get(key);
      const status = STATUS[x.s.status];
      if (!b) {
        backups.set(key, {
          tenantId: source.tenantId,
          vendor,
          device: x.device,
          job: x.job,
          type: x.type,
          method: 'Api',
          sender: null,
          tag: null,
          clientId: x.clientId,
          last: x.when,
          status,
          sourceId: source.id,
          assetId: clipOrNull(x.s.assetId, 200),
        });
      } else {
        b.clientId = x.clientId ?? b.clientId;
        b.assetId = clipOrNull(x.s.assetId, 200) ?? b.assetId;
        if (x.when >= b.last) Object.assign(b, { last: x.when, status });
      }
    }
    if (backups.size) {
      // A backup the tenant already has from e-mail takes the API's sessions too.
      const list = [...backups.values()];
      const byEmail = await q<{ vendor: string; device_name: string; job_name: string; backup_type: string }>(
        `SELECT b.vendor, b.device_name, b.job_name, b.backup_type FROM backups b
           JOIN unnest($2::text[], $3::text[], $4::text[]) AS x(d, j, t)
             ON b.device_name = x.d AND b.job_name = x.j AND b.backup_type = x.t
          WHERE b.tenant_id = $1 AND b.vendor = $5 AND b.method = 'Email'`,
        [source.tenantId, list.map((b) => b.device), list.map((b) => b.job), list.map((b) => b.type), vendor],
      );
      for (const e of byEmail.rows) {
        const b = backups.get(identity(source.tenantId, e.vendor, e.device_name, e.job_name, e.backup_type));
        if (b) b.method = 'Email';
      }
    }
    const ids = await upsertBackups(q, [...backups.values()], discovered);
    const rows: ResultInsert[] = sessions.map((x) => ({
      tenantId: source.tenantId,
      backupId: ids.get(identity(source.tenantId, vendor, x.device, x.job, x.type))!.id,
      emailId: null,
      ordinal: 0,
      status: STATUS[x.s.status],
      startTime: x.start,
      endTime: x.end,
      filedAt: x.when,
      resultKind: 'Backup',
      storageKind: null,
      sizeBytes: x.s.sizeBytes,
      durationSeconds: x.s.durationSeconds,
      failureText: x.s.status === 'Success' ? null : clipOrNull(x.s.message, 4000),
      clientId: x.clientId,
      reading: null,
      source: 'api',
      sourceId: source.id,
      sessionId: clip(x.s.sessionId, 500),
    }));
    const inserted = await insertResults(q, rows);
    const active = new Set([...ids.values()].filter((b) => b.state === 'Active').map((b) => b.id));
    const changed = new Map<number, Date>();
    for (const r of inserted) if (active.has(r.backupId)) noteChange(changed, r.backupId, r.filedAt);
    await markChanged(q, changed, touched);
    await q(`UPDATE backup_sources SET cursor = COALESCE($2, cursor), sync_started_at = now() WHERE id = $1`, [
      source.id,
      page.cursor,
    ]);
    return inserted.length;
  });
}
