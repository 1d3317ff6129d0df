import { ResultStatus } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import type { BlobStore } from '../platform/blobs.ts';
import { parseMail } from './parser/engine.ts';
import { readMail } from './parser/mime.ts';
import type { ParsedResult } from './parser/types.ts';

export const MAX_ATTEMPTS = 5;
const STATUS: Record<ParsedResult['status'], number> = {
  Success: ResultStatus.Success,
  Warning: ResultStatus.Warning,
  Failure: ResultStatus.Failure,
};

export interface ParseJob {
  emailId: number;
  /** Parse again even when already processed (reprocess). */
  force?: boolean;
}

interface EmailRow {
  id: number;
  tenant_id: number;
  blob_key: string;
  attempts: number;
  plus_tag: string | null;
  envelope_from: string;
  received_at: Date | string;
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** When a result is filed: the backup's start (or end) time when the e-mail gives a sane one. */
export function filedAt(r: ParsedResult, mailDate: Date | null, receivedAt: Date): Date {
  const upper = receivedAt.getTime() + 36 * 3600_000;
  for (const d of [r.startTime, r.endTime, mailDate]) {
    if (d && !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getTime() <= upper) return d;
  }
  return receivedAt;
}

/**
 * The parse step: raw e-mail from the blob store → parser engine → backups and results, in one
 * transaction. Re-running it for the same e-mail replaces that e-mail's results, so a job that
 * runs twice (a crash, a retry, a reprocess) leaves the same outcome as running once.
 */
export class ParsePipeline {
  constructor(
    private readonly database: Database,
    private readonly blobs: BlobStore,
    /** Queue a retry of one e-mail after a delay. */
    private readonly retryLater: (emailId: number, delaySeconds: number) => Promise<void>,
  ) {}

  async processBatch(jobs: ParseJob[], concurrency = 4): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        await this.process(job.emailId, job.force === true);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  }

  /** Returns the state the e-mail ends in, or null when there was nothing to do. */
  async process(emailId: number, force = false): Promise<string | null> {
    const claimed = await this.database.query<EmailRow>(
      `UPDATE emails SET state = CASE WHEN attempts > 0 THEN 'Retrying' ELSE 'InProgress' END, attempts = attempts + 1
       WHERE id = $1 AND ($2::boolean OR state NOT IN ('Processed', 'Inactive'))
       RETURNING id, tenant_id, blob_key, attempts, plus_tag, envelope_from, received_at`,
      [emailId, force],
    );
    const row = claimed.rows[0];
    if (!row) return null;
    try {
      return await this.parseAndFile(row);
    } catch (err) {
      const message = clip(err instanceof Error ? err.message : String(err), 1000);
      if (row.attempts >= MAX_ATTEMPTS) {
        await this.database.query(
          `UPDATE emails SET state = 'Processed', reason = $2, processed_at = now() WHERE id = $1`,
          [row.id, `Could not be processed after ${row.attempts} attempts: ${message}`],
        );
        return 'Processed';
      }
      await this.database.query(`UPDATE emails SET state = 'WaitingForRetry', reason = $2 WHERE id = $1`, [
        row.id,
        message,
      ]);
      await this.retryLater(row.id, 5 * 2 ** (row.attempts - 1));
      return 'WaitingForRetry';
    }
  }

  private async parseAndFile(row: EmailRow): Promise<string> {
    const raw = await this.blobs.get(row.blob_key);
    const msg = await readMail(raw);
    const outcome = parseMail(msg);
    const receivedAt = new Date(row.received_at);
    const tenantId = row.tenant_id;
    const sender = clip(msg.from || row.envelope_from, 320);

    return this.database.transaction(async (q) => {
      let anyActive = false;
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (const [ordinal, r] of outcome.results.entries()) {
        const when = filedAt(r, msg.date, receivedAt);
        const status = STATUS[r.status];
        const backup = await q<{ id: number; state: string }>(
          `INSERT INTO backups (tenant_id, vendor, device_name, job_name, method, backup_type, state, sender_address,
             client_tag, vendor_client_id, last_email_at, last_status)
           VALUES ($1, $2, $3, $4, 'Email', $5, 'Inactive', $6, $7, $8, $9, $10)
           ON CONFLICT (tenant_id, vendor, device_name, job_name, method, backup_type) DO UPDATE SET
             sender_address = EXCLUDED.sender_address,
             client_tag = COALESCE(backups.client_tag, EXCLUDED.client_tag),
             vendor_client_id = COALESCE(EXCLUDED.vendor_client_id, backups.vendor_client_id),
             last_status = CASE WHEN backups.last_email_at IS NULL OR backups.last_email_at <= EXCLUDED.last_email_at
                                THEN EXCLUDED.last_status ELSE backups.last_status END,
             last_email_at = GREATEST(backups.last_email_at, EXCLUDED.last_email_at)
           RETURNING id, state`,
          [
            tenantId,
            r.vendor,
            clip(r.deviceName, 500),
            clip(r.jobName, 500),
            r.backupType,
            sender,
            row.plus_tag,
            r.clientId ? clip(r.clientId, 200) : null,
            when,
            status,
          ],
        );
        const b = backup.rows[0];
        if (b.state === 'Active') anyActive = true;
        const base = values.length;
        values.push(
          tenantId,
          b.id,
          row.id,
          ordinal,
          status,
          r.startTime,
          r.endTime,
          when,
          r.resultKind,
          r.storageKind,
          r.sizeBytes === null ? null : Math.round(r.sizeBytes),
          r.durationSeconds === null ? null : Math.round(r.durationSeconds),
          r.failureText ? clip(r.failureText, 4000) : null,
          r.clientId ? clip(r.clientId, 200) : null,
        );
        tuples.push(`(${Array.from({ length: 14 }, (_, i) => `$${base + i + 1}`).join(', ')})`);
      }
      await q('DELETE FROM results WHERE email_id = $1', [row.id]);
      if (tuples.length) {
        await q(
          `INSERT INTO results (tenant_id, backup_id, email_id, ordinal, status, start_time, end_time, filed_at,
             result_kind, storage_kind, size_bytes, duration_seconds, failure_text, vendor_client_id)
           VALUES ${tuples.join(', ')}`,
          values,
        );
      }
      const state = outcome.results.length && !anyActive ? 'Inactive' : 'Processed';
      await q(
        `UPDATE emails SET state = $2, vendor = $3, reason = $4, subject = $5, from_address = $6, processed_at = now()
         WHERE id = $1`,
        [row.id, state, outcome.vendor, outcome.reason, clip(msg.subject, 1000), sender],
      );
      return state;
    });
  }
}
