import type { Database, QueryFn } from '../db/client.ts';
import {
  addDays,
  businessDay,
  dayWindow,
  rollDays,
  summarize,
  type BackupSettings,
  type DayRow,
  type ResultInput,
  type ResultStatus,
  type ScheduleRule,
  type StatusCalculation,
} from '../status/index.ts';

/** `system_settings` key `rollup_at:<tenant id>`: when the tenant's days were last rolled up (ISO time). */
export const ROLLED_AT_PREFIX = 'rollup_at:';

/** How far back a full re-roll goes at most (a year and a bit of history). */
export const MAX_HISTORY_DAYS = 400;

interface BackupRow {
  id: number;
  tenant_id: number;
  time_zone_id: string;
  backup_type: 'Backup' | 'Alert';
  schedule: ScheduleRule | null;
  named_rule: ScheduleRule | null;
  day_start_hour: number;
  status_calculation: StatusCalculation;
  treat_warning_as_success: boolean;
  rolled_to: string | null;
  first_result_at: Date | string | null;
}

interface ResultRow {
  id: string | number;
  backup_id: number;
  filed_at: Date | string;
  status: number;
}

export function settingsOf(b: Pick<BackupRow, keyof BackupRow>): BackupSettings {
  return {
    timeZone: b.time_zone_id || 'UTC',
    dayStartHour: b.day_start_hour,
    statusCalculation: b.status_calculation,
    treatWarningAsSuccess: b.treat_warning_as_success,
    kind: b.backup_type,
    schedule: b.named_rule ?? b.schedule,
  };
}

/** Today's business day of a backup. */
export function todayOf(s: BackupSettings, now: Date): string {
  return businessDay(now, s.timeZone, s.dayStartHour);
}

/**
 * Keeps `backup_days` (the daily rollup) and the summary columns of `backups` current.
 *
 * Every change goes through `reroll`: the days of some backups from a given day up to today are
 * computed again by the pure status engine from their results and written in one transaction
 * (delete the range, insert the rows, stamp each result with its business day, update the
 * summary). Callers pick the smallest range that covers the change: a new result re-rolls from
 * its day, a schedule change the whole history, the clock only the newest days.
 */
export class RollupWriter {
  /** Told which tenants' day statuses were just rewritten (ticketing evaluates them next). */
  onRolled: ((tenantIds: number[]) => void) | null = null;

  constructor(private readonly database: Database) {}

  /** Re-rolls the whole history of these backups (activation, settings or time zone change). */
  async rerollAll(backupIds: number[], now = new Date()): Promise<void> {
    await this.reroll(
      backupIds.map((id) => ({ backupId: id, from: null })),
      now,
    );
  }

  /** Re-rolls from the business day of `since` (a result that arrived, changed or went). */
  async rerollSince(items: { backupId: number; since: Date }[], now = new Date()): Promise<void> {
    await this.reroll(
      items.map((i) => ({ backupId: i.backupId, from: i.since })),
      now,
    );
  }

  /**
   * The clock's job: materialise the new business day of every active backup and turn Pending
   * days whose window closed into No Result. Returns how many backups were re-rolled.
   */
  async advance(now = new Date(), tenantId?: number): Promise<number> {
    const rows = await this.database.query<{
      id: number;
      time_zone_id: string;
      day_start_hour: number;
      rolled_to: string | null;
      pending_closed: boolean;
    }>(
      `SELECT b.id, t.time_zone_id, b.day_start_hour, b.rolled_to::text AS rolled_to,
              EXISTS (SELECT 1 FROM backup_days d WHERE d.backup_id = b.id AND d.status = 5 AND d.closes_at <= $1)
                AS pending_closed
         FROM backups b JOIN tenants t ON t.id = b.tenant_id
        WHERE b.state = 'Active' ${tenantId ? 'AND b.tenant_id = $2' : ''}`,
      tenantId ? [now, tenantId] : [now],
    );
    const due: { backupId: number; fromDay: string | null }[] = [];
    for (const r of rows.rows) {
      const today = businessDay(now, r.time_zone_id || 'UTC', r.day_start_hour);
      if (r.rolled_to === null) due.push({ backupId: r.id, fromDay: null });
      else if (r.rolled_to < today || r.pending_closed) {
        // The oldest day that can still change is the day before the last rolled one (Pending).
        due.push({ backupId: r.id, fromDay: addDays(r.rolled_to < today ? r.rolled_to : today, -1) });
      }
    }
    for (let i = 0; i < due.length; i += 200) {
      await this.reroll(
        due.slice(i, i + 200).map((d) => ({ backupId: d.backupId, from: d.fromDay })),
        now,
      );
    }
    return due.length;
  }

  /** Removes the rollup of backups that stopped counting (deactivated, retired). */
  async clear(backupIds: number[], q?: QueryFn): Promise<void> {
    if (!backupIds.length) return;
    const run = async (query: QueryFn) => {
      await query('DELETE FROM backup_days WHERE backup_id = ANY($1::int[])', [backupIds]);
      await query(
        `UPDATE backups SET current_status = 0, status_since = NULL, last_success_day = NULL, last_success_at = NULL,
                rolled_to = NULL WHERE id = ANY($1::int[])`,
        [backupIds],
      );
      await query('UPDATE results SET business_day = NULL WHERE backup_id = ANY($1::int[])', [backupIds]);
    };
    if (q) await run(q);
    else await this.database.transaction(run);
  }

  /**
   * Re-rolls each backup from `from` (a Date: that instant's business day; a day string; or
   * null: its first result) to today. Inactive and retired backups are skipped.
   */
  private async reroll(items: { backupId: number; from: Date | string | null }[], now: Date): Promise<void> {
    if (!items.length) return;
    const ids = [...new Set(items.map((i) => i.backupId))];
    const backups = await this.database.query<BackupRow>(
      `SELECT b.id, b.tenant_id, t.time_zone_id, b.backup_type, b.schedule, s.rule AS named_rule, b.day_start_hour,
              b.status_calculation, b.treat_warning_as_success, b.rolled_to::text AS rolled_to,
              (SELECT min(r.filed_at) FROM results r WHERE r.backup_id = b.id) AS first_result_at
         FROM backups b JOIN tenants t ON t.id = b.tenant_id LEFT JOIN schedules s ON s.id = b.schedule_id
        WHERE b.id = ANY($1::int[]) AND b.state = 'Active'`,
      [ids],
    );
    if (!backups.rows.length) return;

    // The range per backup: the earliest day asked for, never before the first result or the
    // history limit, up to today.
    const plan = new Map<number, { b: BackupRow; s: BackupSettings; from: string; to: string }>();
    for (const b of backups.rows) {
      const s = settingsOf(b);
      const to = todayOf(s, now);
      const floor = addDays(to, -MAX_HISTORY_DAYS);
      const first = b.first_result_at ? businessDay(new Date(b.first_result_at), s.timeZone, s.dayStartHour) : to;
      let from = to;
      for (const it of items) {
        if (it.backupId !== b.id) continue;
        const day =
          it.from === null
            ? first
            : typeof it.from === 'string'
              ? it.from
              : businessDay(it.from, s.timeZone, s.dayStartHour);
        if (day < from) from = day;
      }
      // Never leave a gap between what is rolled and the new range.
      if (b.rolled_to === null) from = first < from ? first : from;
      else if (b.rolled_to < from) from = addDays(b.rolled_to, 1) < from ? addDays(b.rolled_to, 1) : from;
      if (from < floor) from = floor;
      if (from > to) from = to;
      plan.set(b.id, { b, s, from, to });
    }

    // Results of every planned range in one query (plus the last one before, for alerts).
    let minFrom: Date | null = null;
    for (const p of plan.values()) {
      const opens = dayWindow(p.from, p.s.timeZone, p.s.dayStartHour).opensAt;
      if (!minFrom || opens < minFrom) minFrom = opens;
    }
    const planned = [...plan.keys()];
    const results = await this.database.query<ResultRow>(
      `SELECT id, backup_id, filed_at, status FROM results
        WHERE backup_id = ANY($1::int[]) AND filed_at >= $2 ORDER BY backup_id, filed_at, id`,
      [planned, minFrom],
    );
    const before = await this.database.query<ResultRow>(
      `SELECT DISTINCT ON (backup_id) id, backup_id, filed_at, status FROM results
        WHERE backup_id = ANY($1::int[]) AND filed_at < $2 ORDER BY backup_id, filed_at DESC, id DESC`,
      [planned.filter((id) => plan.get(id)!.b.backup_type === 'Alert'), minFrom],
    );
    const byBackup = new Map<number, ResultRow[]>();
    for (const r of [...before.rows, ...results.rows]) {
      const list = byBackup.get(r.backup_id) ?? [];
      list.push(r);
      byBackup.set(r.backup_id, list);
    }

    const tenantIds = [...new Set([...plan.values()].map((p) => p.b.tenant_id))];
    const dayCols: unknown[][] = Array.from({ length: 9 }, () => []);
    const stampIds: number[] = [];
    const stampDays: string[] = [];
    const ranges: { id: number; from: string; to: string }[] = [];
    for (const p of plan.values()) {
      const rows = byBackup.get(p.b.id) ?? [];
      const inputs: ResultInput[] = rows.map((r) => ({ at: new Date(r.filed_at), status: r.status as ResultStatus }));
      const fromOpens = dayWindow(p.from, p.s.timeZone, p.s.dayStartHour).opensAt;
      for (const r of rows) {
        const at = new Date(r.filed_at);
        if (at < fromOpens) continue;
        stampIds.push(Number(r.id));
        stampDays.push(businessDay(at, p.s.timeZone, p.s.dayStartHour));
      }
      const suppressed = new Set<string>();
      const days: DayRow[] = rollDays(p.s, inputs, p.from, p.to, now, suppressed);
      ranges.push({ id: p.b.id, from: p.from, to: p.to });
      for (const d of days) {
        const v = [
          p.b.tenant_id,
          p.b.id,
          d.day,
          d.countSuccess,
          d.countWarning,
          d.countFailure,
          d.status,
          d.isScheduled,
          d.closesAt.toISOString(),
        ];
        v.forEach((x, i) => dayCols[i].push(x));
      }
    }

    await this.database.transaction(async (q) => {
      // Suppressed days are rare: apply them after the engine, inside the transaction.
      await q(
        `DELETE FROM backup_days d USING unnest($1::int[], $2::date[]) AS x(id, f)
          WHERE d.backup_id = x.id AND d.day >= x.f`,
        [ranges.map((r) => r.id), ranges.map((r) => r.from)],
      );
      if (dayCols[0].length) {
        await q(
          `INSERT INTO backup_days (tenant_id, backup_id, day, count_success, count_warning, count_failure, status,
             is_scheduled, closes_at)
           SELECT * FROM unnest($1::int[], $2::int[], $3::date[], $4::int[], $5::int[], $6::int[], $7::smallint[],
             $8::boolean[], $9::timestamptz[])`,
          dayCols,
        );
        await q(
          `UPDATE backup_days d SET status = 6 FROM suppressed_days s
            WHERE s.backup_id = d.backup_id AND s.day = d.day AND d.status = 4 AND d.backup_id = ANY($1::int[])`,
          [ranges.map((r) => r.id)],
        );
      }
      if (stampIds.length) {
        await q(
          `UPDATE results r SET business_day = x.day FROM unnest($1::bigint[], $2::date[]) AS x(id, day)
            WHERE r.id = x.id AND r.business_day IS DISTINCT FROM x.day`,
          [stampIds, stampDays],
        );
      }
      await this.writeSummaries(
        q,
        [...plan.values()].map((p) => ({ id: p.b.id, to: p.to, twas: p.s.treatWarningAsSuccess })),
      );
      // When each tenant's days were last rolled up: the wall clock of this run, never the
      // (possibly earlier) `now` a caller rolled for.
      await q(
        `INSERT INTO system_settings (key, value) SELECT $3::text || x::text, $2 FROM unnest($1::int[]) AS x
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [tenantIds, new Date().toISOString(), ROLLED_AT_PREFIX],
      );
      // Ticket rules follow day statuses: the tenant is evaluated again.
      await q(
        `INSERT INTO ticket_evaluations (tenant_id, dirty) SELECT DISTINCT unnest($1::int[]), true
         ON CONFLICT (tenant_id) DO UPDATE SET dirty = true WHERE NOT ticket_evaluations.dirty`,
        [tenantIds],
      );
    });
    this.onRolled?.(tenantIds);
  }

  /** Current status, since when, last success — from the rollup just written. */
  private async writeSummaries(q: QueryFn, list: { id: number; to: string; twas: boolean }[]): Promise<void> {
    const ids = list.map((l) => l.id);
    const days = await q<{
      backup_id: number;
      day: string;
      status: number;
      is_scheduled: boolean;
      count_success: number;
      count_warning: number;
    }>(
      `SELECT backup_id, day::text AS day, status, is_scheduled, count_success, count_warning FROM backup_days
        WHERE backup_id = ANY($1::int[]) ORDER BY backup_id, day`,
      [ids],
    );
    const last = await q<{ backup_id: number; at: Date | string | null; last_at: Date | string | null }>(
      `SELECT b.id AS backup_id,
              (SELECT max(r.filed_at) FROM results r WHERE r.backup_id = b.id
                 AND (r.status = 1 OR (r.status = 2 AND b.treat_warning_as_success))) AS at,
              (SELECT max(r.filed_at) FROM results r WHERE r.backup_id = b.id) AS last_at
         FROM backups b WHERE b.id = ANY($1::int[])`,
      [ids],
    );
    const lastAt = new Map(last.rows.map((r) => [r.backup_id, r]));
    const byBackup = new Map<number, DayRow[]>();
    for (const d of days.rows) {
      const list2 = byBackup.get(d.backup_id) ?? [];
      list2.push({
        day: d.day,
        status: d.status as DayRow['status'],
        isScheduled: d.is_scheduled,
        countSuccess: d.count_success,
        countWarning: d.count_warning,
        countFailure: 0,
        closesAt: new Date(0),
      });
      byBackup.set(d.backup_id, list2);
    }
    const cols: unknown[][] = Array.from({ length: 7 }, () => []);
    for (const l of list) {
      const sum = summarize(byBackup.get(l.id) ?? [], [], l.to, l.twas);
      const la = lastAt.get(l.id);
      [
        l.id,
        sum.currentStatus,
        sum.statusSince,
        sum.lastSuccessDay,
        la?.at ? new Date(la.at).toISOString() : null,
        la?.last_at ? new Date(la.last_at).toISOString() : null,
        l.to,
      ].forEach((v, i) => cols[i].push(v));
    }
    await q(
      `UPDATE backups b SET current_status = x.cs, status_since = x.since, last_success_day = x.lsd,
              last_success_at = x.lsa, last_result_at = x.lra, rolled_to = x.rt
         FROM unnest($1::int[], $2::int[], $3::date[], $4::date[], $5::timestamptz[], $6::timestamptz[], $7::date[])
           AS x(id, cs, since, lsd, lsa, lra, rt)
        WHERE b.id = x.id`,
      cols,
    );
  }
}
