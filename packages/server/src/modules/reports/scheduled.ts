import type { ScheduledReport, ScheduledReportInput, ScheduledReportRun } from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { iso } from '../../platform/dates.ts';
import { deliverReport, type Delivery } from './scheduled-delivery.ts';
import { firstDue, latestSlot, nextSlotAfter } from './scheduled-due.ts';
import {
  LAST_RUN,
  ruleOf,
  tenantZone,
  toRun,
  toScheduled,
  type ListRow,
  type ReportRow,
  type RunRow,
} from './scheduled-rows.ts';

/**
 * Scheduled reports: CRUD, sending one now, and the per-minute scheduler pass.
 *
 * A report's `next_run_at` is its next due time (UTC). The scheduler picks every enabled report
 * whose due time has come and sends the LATEST slot at or before now — after an outage it does
 * not send each missed slot, only the latest. Each slot is claimed by inserting its
 * (report, due_at) run row under the unique index, so several workers send it once.
 */

export class ScheduledReportService {
  constructor(private readonly deps: Pick<Deps, 'database' | 'mailer'>) {}

  private get database(): Database {
    return this.deps.database;
  }

  async list(tenantId: number): Promise<ScheduledReport[]> {
    const r = await this.database.query<ListRow>(
      `SELECT r.*, lr.* FROM scheduled_reports r ${LAST_RUN}
        WHERE r.tenant_id = $1 ORDER BY lower(r.name), r.id`,
      [tenantId],
    );
    return r.rows.map((x) => toScheduled(x));
  }

  async get(tenantId: number, id: number): Promise<ScheduledReport> {
    const r = await this.database.query<ListRow>(
      `SELECT r.*, lr.* FROM scheduled_reports r ${LAST_RUN} WHERE r.tenant_id = $1 AND r.id = $2`,
      [tenantId, id],
    );
    if (!r.rows[0]) throw notFound();
    const runs = await this.database.query<RunRow>(
      `SELECT created_at AS at, recipients, size_bytes, outcome, error FROM scheduled_report_runs
        WHERE scheduled_report_id = $1 AND outcome <> 'Sending' ORDER BY created_at DESC, id DESC LIMIT 20`,
      [id],
    );
    return toScheduled(r.rows[0], runs.rows.map(toRun));
  }

  /** Companies named in the filters must be the tenant's own. */
  private async checkCompanies(q: QueryFn, tenantId: number, input: ScheduledReportInput): Promise<void> {
    const wanted = [...new Set(input.Filters.Companies)];
    if (!wanted.length) return;
    const r = await q<{ id: number }>('SELECT id FROM companies WHERE tenant_id = $1 AND id = ANY($2::int[])', [
      tenantId,
      wanted,
    ]);
    if (r.rows.length !== wanted.length) throw badRequest('Unknown company in the filters.', 'Filters.Companies');
  }

  private async values(q: QueryFn, tenantId: number, input: ScheduledReportInput, now: Date) {
    await this.checkCompanies(q, tenantId, input);
    // One e-mail per address whatever its case; the first spelling is kept.
    const recipients = input.Recipients.filter(
      (x, i) => input.Recipients.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i,
    );
    const next = input.IsEnabled
      ? firstDue(ruleOf({ weekdays: input.Weekdays, hour: input.Hour }), await tenantZone(q, tenantId), now)
      : null;
    return [
      input.Name,
      input.ReportType,
      input.Format,
      input.Weekdays,
      input.Hour,
      JSON.stringify(recipients),
      JSON.stringify(input.Filters),
      input.IsEnabled,
      next,
    ];
  }

  async create(
    tenantId: number,
    userId: number,
    input: ScheduledReportInput,
    now = new Date(),
  ): Promise<ScheduledReport> {
    const id = await this.database.transaction(async (q) => {
      const v = await this.values(q, tenantId, input, now);
      const r = await q<{ id: number }>(
        `INSERT INTO scheduled_reports
           (tenant_id, name, report_type, format, weekdays, hour, recipients, filters, is_enabled, next_run_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11) RETURNING id`,
        [tenantId, ...v, userId],
      );
      return r.rows[0].id;
    });
    return this.get(tenantId, id);
  }

  async update(tenantId: number, id: number, input: ScheduledReportInput, now = new Date()): Promise<ScheduledReport> {
    await this.database.transaction(async (q) => {
      const v = await this.values(q, tenantId, input, now);
      const r = await q(
        `UPDATE scheduled_reports
            SET name = $3, report_type = $4, format = $5, weekdays = $6, hour = $7, recipients = $8::jsonb,
                filters = $9::jsonb, is_enabled = $10, next_run_at = $11, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 RETURNING id`,
        [tenantId, id, ...v],
      );
      if (!r.rows.length) throw notFound();
    });
    return this.get(tenantId, id);
  }

  async remove(tenantId: number, id: number): Promise<{ Id: number }> {
    const r = await this.database.query<{ id: number }>(
      'DELETE FROM scheduled_reports WHERE tenant_id = $1 AND id = $2 RETURNING id',
      [tenantId, id],
    );
    if (!r.rows[0]) throw notFound();
    return { Id: r.rows[0].id };
  }

  /** `POST run/{id}`: sends the report now, outside its schedule (a run without a due time). */
  async runNow(tenantId: number, id: number, now = new Date()): Promise<ScheduledReportRun> {
    const r = await this.database.query<ReportRow>('SELECT * FROM scheduled_reports WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      id,
    ]);
    const report = r.rows[0];
    if (!report) throw notFound();
    const run = await this.database.query<{ id: number; created_at: Date | string }>(
      `INSERT INTO scheduled_report_runs (tenant_id, scheduled_report_id, due_at, recipients)
       VALUES ($1, $2, NULL, $3::jsonb) RETURNING id, created_at`,
      [tenantId, id, JSON.stringify(report.recipients)],
    );
    const d = await this.deliver(report, run.rows[0].id, now);
    return {
      At: iso(run.rows[0].created_at),
      Recipients: report.recipients,
      SizeBytes: d.sizeBytes,
      Outcome: d.outcome,
      Error: d.error,
    };
  }

  /** Builds, renders and mails one run, then records its outcome on the run row. */
  async deliver(report: ReportRow, runId: number, now: Date): Promise<Delivery> {
    return deliverReport(this.deps, report, runId, now);
  }

  /**
   * One scheduler pass: claims and sends every due report. Returns how many this pass sent
   * (tried); a slot claimed by another worker is not counted.
   */
  async runDue(now = new Date(), limit = 200): Promise<number> {
    // A run left "Sending" by a process that stopped mid-way is closed, so it shows as failed.
    await this.database.query(
      `UPDATE scheduled_report_runs SET outcome = 'Failed', error = 'The send was interrupted.'
        WHERE outcome = 'Sending' AND created_at < $1::timestamptz - interval '30 minutes'`,
      [now],
    );
    const due = await this.database.query<ReportRow & { time_zone_id: string; last_due: Date | string | null }>(
      `SELECT r.*, t.time_zone_id,
              (SELECT max(x.due_at) FROM scheduled_report_runs x WHERE x.scheduled_report_id = r.id) AS last_due
         FROM scheduled_reports r JOIN tenants t ON t.id = r.tenant_id
        -- A disabled tenant sends nothing to its clients; its reports wait until it is enabled again.
        WHERE r.is_enabled AND t.is_enabled AND (r.next_run_at IS NULL OR r.next_run_at <= $1)
        ORDER BY r.next_run_at NULLS FIRST LIMIT $2`,
      [now, limit],
    );
    let sent = 0;
    for (const report of due.rows) {
      const rule = ruleOf(report);
      const zone = report.time_zone_id || 'UTC';
      let slot: Date | null;
      if (report.next_run_at === null) {
        // Enabled without a due time (written outside this service): start as a new schedule would.
        slot = firstDue(rule, zone, now);
        if (slot && slot > now) slot = null;
      } else {
        slot = latestSlot(rule, zone, now);
      }
      const next = nextSlotAfter(rule, zone, now);
      await this.database.query(
        `UPDATE scheduled_reports SET next_run_at = $2
          WHERE id = $1 AND next_run_at IS NOT DISTINCT FROM $3::timestamptz`,
        [report.id, next, report.next_run_at],
      );
      // A slot at or before one already sent is not sent again (a schedule moved back in time).
      const lastDue = report.last_due === null ? null : new Date(report.last_due);
      if (!slot || (lastDue && slot <= lastDue)) continue;
      const claim = await this.database.query<{ id: number }>(
        `INSERT INTO scheduled_report_runs (tenant_id, scheduled_report_id, due_at, recipients)
         VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (scheduled_report_id, due_at) DO NOTHING RETURNING id`,
        [report.tenant_id, report.id, slot, JSON.stringify(report.recipients)],
      );
      if (!claim.rows[0]) continue;
      await this.deliver(report, claim.rows[0].id, now);
      sent++;
    }
    return sent;
  }
}

/**
 * Moves the due times of a tenant's enabled reports after its time zone changed: each starts
 * again as a schedule edited now would.
 */
export async function rescheduleTenant(database: Database, tenantId: number, now = new Date()): Promise<void> {
  const zone = await tenantZone((t, p) => database.query(t, p), tenantId);
  const r = await database.query<{ id: number; weekdays: number; hour: number }>(
    'SELECT id, weekdays, hour FROM scheduled_reports WHERE tenant_id = $1 AND is_enabled',
    [tenantId],
  );
  for (const x of r.rows) {
    await database.query('UPDATE scheduled_reports SET next_run_at = $2 WHERE id = $1', [
      x.id,
      firstDue(ruleOf(x), zone, now),
    ]);
  }
}
