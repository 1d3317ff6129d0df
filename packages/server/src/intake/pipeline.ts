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
import { identity, insertResults, markChanged, noteChange, upsertBackups, type ResultInsert } from './filing.ts';

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
  recipient: string;
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

/**
 * Alert Radar's claim on e-mails (app.ts passes it in): those sent to a tenant's alert address, or
 * that the backup parsers did not recognise when the tenant routes those to Alert Radar, are filed
 * as alert e-mails instead of backup results.
 */
export interface AlertRoute {
  claims(email: { tenantId: number; recipient: string; recognised: boolean }): Promise<boolean>;
  file(email: {
    emailId: number;
    tenantId: number;
    blobKey: string;
    receivedAt: Date;
    recipient: string;
  }): Promise<void>;
}

/**
 * The parse step: raw e-mails from the blob store → parser engine (on parser threads) → backups
 * and results, a batch per transaction. Re-running it for an e-mail replaces that e-mail's
 * results (those a user edited in Audit stay), so a job that runs twice (a crash, a retry, a
 * reprocess) leaves the same outcome as running once.
 */
export class ParsePipeline {
  /** The tenant parsers each e-mail is tried with; routes that change them invalidate it. */
  readonly tenantRules: TenantRuleCache;
  /** Set by app.ts when Alert Radar is wired. */
  alertRoute: AlertRoute | null = null;

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
       RETURNING id, tenant_id, blob_key, attempts, plus_tag, recipient, envelope_from, received_at,
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
    if (this.alertRoute) await this.fileAlerts(this.alertRoute, parsed, states);
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
    await this.afterFiling(touched, discovered);
    return states;
  }

  /**
   * What follows a committed filing, whichever door the results came through: re-roll the
   * backups whose days changed, then run the new-backup hooks. Never throws: the results are
   * filed already (a failed re-roll is caught up by the rollup clock job; a failed hook is reported).
   */
  async afterFiling(touched: { backupId: number; since: Date }[], discovered: number[]): Promise<void> {
    if (this.rollup && touched.length) await this.rollup.rerollSince(touched).catch(() => undefined);
    const report = (step: string) => (err: unknown) =>
      console.error(`[ingest] ${step} of new backups failed:`, err instanceof Error ? err.message : err);
    if (discovered.length) {
      for (const hook of this.onNewBackups) await hook.run(discovered).catch(report(hook.step));
    }
  }

  /** Files the e-mails Alert Radar claims and takes them out of `parsed`. */
  private async fileAlerts(route: AlertRoute, parsed: Parsed[], states: Map<number, string>): Promise<void> {
    const rest: Parsed[] = [];
    for (const p of parsed) {
      const { row, mail } = p;
      try {
        const recognised = mail.outcome.results.length > 0;
        if (!(await route.claims({ tenantId: row.tenant_id, recipient: row.recipient, recognised }))) {
          rest.push(p);
          continue;
        }
        const receivedAt = new Date(row.received_at);
        await route.file({
          emailId: row.id,
          tenantId: row.tenant_id,
          blobKey: row.blob_key,
          receivedAt,
          recipient: row.recipient,
        });
        await this.database.query(
          `UPDATE emails SET state = 'Processed', vendor = 'Alert Radar', reason = $2, subject = $3, from_address = $4,
             processed_at = now() WHERE id = $1`,
          [row.id, 'Filed as an alert e-mail.', clip(mail.subject, 1000), clip(mail.from || row.envelope_from, 320)],
        );
        states.set(row.id, 'Processed');
      } catch (err) {
        states.set(row.id, await this.failed(row, err));
      }
    }
    parsed.splice(0, parsed.length, ...rest);
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
      const ids = await upsertBackups(
        q,
        [...backups.values()].map((b) => ({ ...b, method: 'Email' })),
        discovered,
      );

      const emailIds = items.map((i) => i.row.id);
      // Results being replaced (a reprocess) count as changes from their own time too. Results a
      // user edited in Audit stay as the user left them; the new reading skips their places.
      const old = await q<{ backup_id: number; since: Date | string }>(
        `DELETE FROM results WHERE email_id = ANY($1::bigint[]) AND edited_at IS NULL RETURNING backup_id, filed_at AS since`,
        [emailIds],
      );
      const rows: ResultInsert[] = [];
      const states = new Map<number, string>();
      for (const item of items) {
        let anyActive = false;
        item.results.forEach((x, ordinal) => {
          const b = ids.get(x.key)!;
          if (b.state === 'Active') anyActive = true;
          rows.push({
            tenantId: item.row.tenant_id,
            backupId: b.id,
            emailId: item.row.id,
            ordinal,
            status: x.status,
            startTime: x.r.startTime ? new Date(x.r.startTime) : null,
            endTime: x.r.endTime ? new Date(x.r.endTime) : null,
            filedAt: x.when,
            resultKind: clipOrNull(x.r.resultKind, 200),
            storageKind: clipOrNull(x.r.storageKind, 200),
            sizeBytes: x.r.sizeBytes,
            durationSeconds: x.r.durationSeconds,
            failureText: x.r.failureText ? clip(x.r.failureText, 4000) : null,
            clientId: x.clientId,
            reading: readingOf(x.r, item.mail.outcome),
            source: 'email',
            sourceId: null,
            sessionId: null,
          });
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
      await insertResults(q, rows);
      const changed = new Map<number, Date>();
      for (const o of old.rows) noteChange(changed, o.backup_id, new Date(o.since));
      for (const item of items)
        for (const x of item.results) {
          const b = ids.get(x.key)!;
          if (b.state === 'Active') noteChange(changed, b.id, x.when);
        }
      await markChanged(q, changed, touched);
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
