import { ResultStatus } from '@vigil/contract';
import type { Database } from '../db/client.ts';
import type { BlobStore } from '../platform/blobs.ts';
import { storableText } from '../platform/input.ts';
import type { RollupWriter } from '../rollup/rollup.ts';
import { ParserPool, type ParsedMail } from './parser-pool.ts';
import type { ParsedResult } from '../parser/types.ts';
import { GENERIC_VENDOR, type ParseOutcome } from '../parser/engine.ts';
import { storedReading } from '../parser/generic/stored.ts';
import { TenantRuleCache } from './tenant-rules.ts';

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
  /** The tenant's zone and date format: the fallbacks for times and dates the e-mail leaves open. */
  time_zone_id: string | null;
  date_format: string | null;
}

/** What goes into a column: what PostgreSQL can hold (no NULs, whatever the e-mail carried), capped. */
const clip = (s: string, n: number) => storableText(s, n);
const clipOrNull = (s: string | null | undefined, n: number) => (s ? clip(s, n) : (s ?? null));

/** The `results.reading` of a result the generic reader filed, as JSON text; null for vendor results. */
function readingOf(r: ParsedResult, outcome: ParseOutcome): string | null {
  if (r.vendor !== GENERIC_VENDOR || !outcome.generic) return null;
  const reasons = outcome.generic.reasons.map((x) => clip(x, 500)).slice(0, 20);
  return JSON.stringify(storedReading(outcome.generic.confidence, reasons));
}

/** When a result is filed: the backup's start (or end) time when the e-mail gives a sane one. */
export function filedAt(r: ParsedResult, mailDate: Date | null, receivedAt: Date): Date {
  const upper = receivedAt.getTime() + 36 * 3600_000;
  for (const d of [r.startTime, r.endTime, mailDate]) {
    if (d && !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getTime() <= upper) return d;
  }
  return receivedAt;
}

interface Parsed {
  row: EmailRow;
  mail: ParsedMail;
}

interface BackupAgg {
  tenantId: number;
  vendor: string;
  device: string;
  job: string;
  type: string;
  sender: string;
  tag: string | null;
  clientId: string | null;
  last: Date;
  status: number;
}

/**
 * A step a module runs on the backups a batch discovered, once that batch is filed (company
 * assignment, template auto-activation). The pipeline runs them in the order given and never
 * imports the modules that provide them: app.ts passes them in.
 */
export interface NewBackupsHook {
  /** Named in the log line when the step fails. */
  step: string;
  run(backupIds: number[]): Promise<unknown>;
}

const identity = (tenantId: number, vendor: string, device: string, job: string, type: string) =>
  [tenantId, vendor, device, job, type].join('\u0000');

/**
 * The parse step: raw e-mails from the blob store → parser engine (on parser threads) → backups
 * and results, a batch per transaction. Re-running it for an e-mail replaces that e-mail's
 * results (those a user edited in Audit stay), so a job that runs twice (a crash, a retry, a
 * reprocess) leaves the same outcome as running once.
 */
export class ParsePipeline {
  /** The tenant parsers each e-mail is tried with; routes that change them invalidate it. */
  readonly tenantRules: TenantRuleCache;

  constructor(
    private readonly database: Database,
    private readonly blobs: BlobStore,
    /** Queue a retry of one e-mail after a delay. */
    private readonly retryLater: (emailId: number, delaySeconds: number) => Promise<void>,
    private readonly parser: ParserPool = new ParserPool(0),
    /** Keeps the daily rollup of active backups current; none in tools that only parse. */
    private readonly rollup: RollupWriter | null = null,
    /** Run in order on newly discovered backups; a failure is reported and never fails the e-mails. */
    private readonly onNewBackups: NewBackupsHook[] = [],
  ) {
    this.tenantRules = new TenantRuleCache(database);
  }

  /** Parses one e-mail now (reprocess); returns its new state, or null when there was nothing to do. */
  async process(emailId: number, force = false): Promise<string | null> {
    return (await this.processBatch([{ emailId, force }])).get(emailId) ?? null;
  }

  /** Parses a batch; one bad e-mail never fails the others. Returns the state each ended in. */
  async processBatch(jobs: ParseJob[]): Promise<Map<number, string>> {
    const states = new Map<number, string>();
    const ids = [...new Set(jobs.map((j) => Number(j.emailId)).filter((n) => Number.isInteger(n) && n > 0))];
    if (!ids.length) return states;
    const forced = [...new Set(jobs.filter((j) => j.force).map((j) => Number(j.emailId)))];
    const claimed = await this.database.query<EmailRow>(
      `UPDATE emails SET state = CASE WHEN attempts > 0 THEN 'Retrying' ELSE 'InProgress' END, attempts = attempts + 1
       WHERE id = ANY($1::bigint[]) AND (id = ANY($2::bigint[]) OR state NOT IN ('Processed', 'Inactive', 'NeedsReview'))
       RETURNING id, tenant_id, blob_key, attempts, plus_tag, envelope_from, received_at,
         (SELECT t.time_zone_id FROM tenants t WHERE t.id = emails.tenant_id) AS time_zone_id,
         (SELECT t.date_format FROM tenants t WHERE t.id = emails.tenant_id) AS date_format`,
      [ids, forced],
    );
    const parsed: Parsed[] = [];
    await Promise.all(
      claimed.rows.map(async (raw) => {
        const row = { ...raw, id: Number(raw.id) };
        try {
          const tenantRules = await this.tenantRules.get(row.tenant_id);
          const context = { timeZone: row.time_zone_id, dateFormat: row.date_format, tenantRules };
          parsed.push({ row, mail: await this.parser.parse(await this.blobs.get(row.blob_key), context) });
        } catch (err) {
          states.set(row.id, await this.failed(row, err));
        }
      }),
    );
    if (!parsed.length) return states;
    const touched: { backupId: number; since: Date }[] = [];
    const discovered: number[] = [];
    try {
      for (const [id, state] of await this.file(parsed, touched, discovered)) states.set(id, state);
    } catch {
      // Something in the batch broke the transaction: file one by one to isolate it.
      touched.length = 0;
      discovered.length = 0;
      for (const p of parsed) {
        try {
          for (const [id, state] of await this.file([p], touched, discovered)) states.set(id, state);
        } catch (err) {
          states.set(p.row.id, await this.failed(p.row, err));
        }
      }
    }
    // The filing transaction marked these backups stale; a failure here is caught up by the
    // rollup clock job, so it never fails the e-mails.
    if (this.rollup && touched.length) await this.rollup.rerollSince(touched).catch(() => undefined);
    // The hooks never fail the e-mails, which are filed already; a failure is reported.
    const report = (step: string) => (err: unknown) =>
      console.error(`[ingest] ${step} of new backups failed:`, err instanceof Error ? err.message : err);
    if (discovered.length) {
      for (const hook of this.onNewBackups) await hook.run(discovered).catch(report(hook.step));
    }
    return states;
  }

  private async failed(row: EmailRow, err: unknown): Promise<string> {
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

  /** Files the results of parsed e-mails in one transaction. */
  private async file(
    batch: Parsed[],
    touched: { backupId: number; since: Date }[] = [],
    discovered: number[] = [],
  ): Promise<Map<number, string>> {
    // The backups these results belong to, each once, with its latest result.
    const backups = new Map<string, BackupAgg>();
    const items = batch.map(({ row, mail }) => {
      const receivedAt = new Date(row.received_at);
      const sender = clip(mail.from || row.envelope_from, 320);
      const results = mail.outcome.results.map((r) => {
        const when = filedAt(r, mail.date, receivedAt);
        const device = clip(r.deviceName, 500);
        const job = clip(r.jobName, 500);
        const key = identity(row.tenant_id, clip(r.vendor, 200), device, job, clip(r.backupType, 200));
        const status = STATUS[r.status];
        const clientId = r.clientId ? clip(r.clientId, 200) : null;
        const b = backups.get(key);
        if (!b) {
          backups.set(key, {
            tenantId: row.tenant_id,
            vendor: clip(r.vendor, 200),
            device,
            job,
            type: clip(r.backupType, 200),
            sender,
            tag: row.plus_tag,
            clientId,
            last: when,
            status,
          });
        } else {
          b.tag ??= row.plus_tag;
          b.clientId = clientId ?? b.clientId;
          if (when >= b.last) Object.assign(b, { last: when, status, sender });
        }
        return { r, key, when, status, clientId };
      });
      return { row, mail, sender, results };
    });

    return this.database.transaction(async (q) => {
      const ids = new Map<string, { id: number; state: string }>();
      // A fixed order keeps two workers upserting the same backups from deadlocking.
      const list = [...backups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, b]) => b);
      if (list.length) {
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
             client_tag, vendor_client_id, last_email_at, last_status)
           SELECT t, v, d, j, 'Email', bt, 'Inactive', s, ct, vc, le, ls
             FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                         $9::timestamptz[], $10::int[]) AS x(t, v, d, j, bt, s, ct, vc, le, ls)
           ON CONFLICT (tenant_id, vendor, device_name, job_name, method, backup_type) DO UPDATE SET
             sender_address = CASE WHEN backups.last_email_at IS NULL OR backups.last_email_at <= EXCLUDED.last_email_at
                                   THEN EXCLUDED.sender_address ELSE backups.sender_address END,
             client_tag = COALESCE(backups.client_tag, EXCLUDED.client_tag),
             vendor_client_id = COALESCE(EXCLUDED.vendor_client_id, backups.vendor_client_id),
             last_status = CASE WHEN backups.last_email_at IS NULL OR backups.last_email_at <= EXCLUDED.last_email_at
                                THEN EXCLUDED.last_status ELSE backups.last_status END,
             last_email_at = GREATEST(backups.last_email_at, EXCLUDED.last_email_at)
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
      }

      const emailIds = items.map((i) => i.row.id);
      // Results being replaced (a reprocess) count as changes from their own time too. Results a
      // user edited in Audit stay as the user left them; the new reading skips their places.
      const old = await q<{ backup_id: number; since: Date | string }>(
        `DELETE FROM results WHERE email_id = ANY($1::bigint[]) AND edited_at IS NULL RETURNING backup_id, filed_at AS since`,
        [emailIds],
      );
      const cols: unknown[][] = Array.from({ length: 15 }, () => []);
      const states = new Map<number, string>();
      for (const item of items) {
        let anyActive = false;
        item.results.forEach((x, ordinal) => {
          const b = ids.get(x.key)!;
          if (b.state === 'Active') anyActive = true;
          const values = [
            item.row.tenant_id,
            b.id,
            item.row.id,
            ordinal,
            x.status,
            x.r.startTime ? new Date(x.r.startTime).toISOString() : null,
            x.r.endTime ? new Date(x.r.endTime).toISOString() : null,
            x.when.toISOString(),
            clipOrNull(x.r.resultKind, 200),
            clipOrNull(x.r.storageKind, 200),
            x.r.sizeBytes === null ? null : Math.round(x.r.sizeBytes),
            x.r.durationSeconds === null ? null : Math.round(x.r.durationSeconds),
            x.r.failureText ? clip(x.r.failureText, 4000) : null,
            x.clientId,
            readingOf(x.r, item.mail.outcome),
          ];
          values.forEach((v, i) => cols[i].push(v));
        });
        states.set(
          item.row.id,
          item.results.length
            ? anyActive
              ? 'Processed'
              : 'Inactive'
            : item.mail.outcome.generic?.needsReview
              ? 'NeedsReview'
              : 'Processed',
        );
      }
      if (cols[0].length) {
        await q(
          `INSERT INTO results (tenant_id, backup_id, email_id, ordinal, status, start_time, end_time, filed_at,
             result_kind, storage_kind, size_bytes, duration_seconds, failure_text, vendor_client_id, reading)
           SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::int[], $5::int[], $6::timestamptz[],
             $7::timestamptz[], $8::timestamptz[], $9::text[], $10::text[], $11::bigint[], $12::int[], $13::text[], $14::text[],
             $15::jsonb[]) ON CONFLICT (email_id, ordinal) DO NOTHING`,
          cols,
        );
      }
      // Active backups whose days change: pull their rolled-to mark back (two days covers any
      // time zone and start of business) so the rollup clock re-rolls them even after a crash.
      const changed = new Map<number, Date>();
      const note = (backupId: number, at: Date) => {
        const prev = changed.get(backupId);
        if (!prev || at < prev) changed.set(backupId, at);
      };
      for (const o of old.rows) note(o.backup_id, new Date(o.since));
      for (const item of items)
        for (const x of item.results) {
          const b = ids.get(x.key)!;
          if (b.state === 'Active') note(b.id, x.when);
        }
      if (changed.size) {
        const list = [...changed.entries()];
        await q(
          `UPDATE backups b SET rolled_to = LEAST(b.rolled_to, (x.since AT TIME ZONE 'UTC')::date - 2)
             FROM unnest($1::int[], $2::timestamptz[]) AS x(id, since)
            WHERE b.id = x.id AND b.state = 'Active' AND b.rolled_to IS NOT NULL`,
          [list.map(([id]) => id), list.map(([, at]) => at.toISOString())],
        );
        for (const [backupId, since] of list) touched.push({ backupId, since });
      }
      await q(
        `UPDATE emails e SET state = v.state, vendor = v.vendor, reason = v.reason, subject = v.subject,
                from_address = v.sender, processed_at = now()
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
             AS v(id, state, vendor, reason, subject, sender)
          WHERE e.id = v.id`,
        [
          emailIds,
          items.map((i) => states.get(i.row.id)),
          items.map((i) => clipOrNull(i.mail.outcome.vendor, 200)),
          items.map((i) => clipOrNull(i.mail.outcome.reason, 4000)),
          items.map((i) => clip(i.mail.subject, 1000)),
          items.map((i) => i.sender),
        ],
      );
      return states;
    });
  }
}
