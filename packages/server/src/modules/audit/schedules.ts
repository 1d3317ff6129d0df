import {
  describeScheduleRule,
  EVERY_DAY_FLAGS,
  WEEKDAY_FLAGS,
  WEEKEND_FLAGS,
  type Schedule,
  type ScheduleRule,
} from '@vigil/contract';
import type { Database, QueryFn } from '../../db/client.ts';
import { logActivity, type Actor } from '../../changes/activity.ts';
import type { RollupWriter } from '../../rollup/rollup.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

/** Backups re-rolled per call when a schedule changes. */
const REROLL_SLICE = 100;

export const EVERY_DAY = EVERY_DAY_FLAGS;
export const WEEKDAYS_ONLY = WEEKDAY_FLAGS;
export const WEEKENDS = WEEKEND_FLAGS;

/** A schedule rule as a sentence (the contract's wording, shared with the web's rule editor). */
export const describeRule = describeScheduleRule;

/** The built-in choices offered before the tenant's named schedules. */
export const BUILT_IN_OPTIONS: { Name: string; Rule: ScheduleRule }[] = [
  { Name: 'Every day', Rule: { kind: 'weekly', weekdays: EVERY_DAY } },
  { Name: 'Weekdays', Rule: { kind: 'weekly', weekdays: WEEKDAYS_ONLY } },
  { Name: 'Monday to Saturday', Rule: { kind: 'weekly', weekdays: 126 } },
  { Name: 'Weekends', Rule: { kind: 'weekly', weekdays: WEEKENDS } },
  { Name: 'Every Sunday', Rule: { kind: 'weekly', weekdays: 1 } },
  { Name: 'Every Saturday', Rule: { kind: 'weekly', weekdays: 64 } },
  { Name: 'Last Friday of the month', Rule: { kind: 'monthlyNth', nth: -1, weekdays: 32 } },
];

/** A rule as stored: months sorted and unique, absent when empty. */
function normalise(rule: ScheduleRule): ScheduleRule {
  const months = [...new Set(rule.months ?? [])].sort((a, b) => a - b);
  const { months: _m, ...rest } = rule;
  return (months.length ? { ...rest, months } : rest) as ScheduleRule;
}

/** A schedule as its activity log line shows it. */
const logged = (name: string, rule: ScheduleRule) => ({ Name: name, Rule: rule, Description: describeRule(rule) });

interface ScheduleDbRow {
  id: number;
  name: string;
  rule: ScheduleRule;
  backups_count: string | number;
}

function toSchedule(r: ScheduleDbRow): Schedule {
  return {
    ScheduleId: r.id,
    Name: r.name,
    Rule: r.rule,
    Description: describeRule(r.rule),
    BackupsCount: Number(r.backups_count),
  };
}

const SCHEDULE_SELECT = `
  SELECT s.id, s.name, s.rule,
         (SELECT count(*) FROM backups b WHERE b.schedule_id = s.id AND b.tenant_id = s.tenant_id) AS backups_count
    FROM schedules s`;

export class ScheduleService {
  constructor(
    private readonly database: Database,
    private readonly rollup: RollupWriter,
  ) {}

  async list(tenantId: number): Promise<Schedule[]> {
    const r = await this.database.query<ScheduleDbRow>(
      `${SCHEDULE_SELECT} WHERE s.tenant_id = $1 ORDER BY lower(s.name), s.id`,
      [tenantId],
    );
    return r.rows.map(toSchedule);
  }

  async get(tenantId: number, id: number): Promise<Schedule> {
    const r = await this.database.query<ScheduleDbRow>(`${SCHEDULE_SELECT} WHERE s.tenant_id = $1 AND s.id = $2`, [
      tenantId,
      id,
    ]);
    if (!r.rows[0]) throw notFound();
    return toSchedule(r.rows[0]);
  }

  async options(tenantId: number): Promise<{ ScheduleId: number | null; Name: string; Rule: ScheduleRule }[]> {
    const named = await this.database.query<{ id: number; name: string; rule: ScheduleRule }>(
      'SELECT id, name, rule FROM schedules WHERE tenant_id = $1 ORDER BY lower(name), id',
      [tenantId],
    );
    return [
      ...BUILT_IN_OPTIONS.map((o) => ({ ScheduleId: null, ...o })),
      ...named.rows.map((s) => ({ ScheduleId: s.id, Name: s.name, Rule: s.rule })),
    ];
  }

  /**
   * Creates a named schedule, or updates one and re-rolls every backup that uses it. The change
   * and its activity log line are one transaction; the re-roll follows once it is committed.
   */
  async save(actor: Actor, input: { ScheduleId?: number; Name: string; Rule: ScheduleRule }): Promise<Schedule> {
    const { tenantId } = actor;
    const name = input.Name.trim();
    const rule = normalise(input.Rule);
    let id: number;
    let rerollIds: number[] = [];
    try {
      ({ id, rerollIds } = await this.database.transaction(async (q) => {
        const clash = await q('SELECT 1 FROM schedules WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3', [
          tenantId,
          name,
          input.ScheduleId ?? 0,
        ]);
        if (clash.rows.length) throw badRequest(`A schedule named "${name}" already exists.`, 'Name');
        if (input.ScheduleId === undefined) {
          const r = await q<{ id: number }>(
            'INSERT INTO schedules (tenant_id, name, rule) VALUES ($1, $2, $3::jsonb) RETURNING id',
            [tenantId, name, JSON.stringify(rule)],
          );
          const created = r.rows[0].id;
          await logActivity(q, actor, {
            action: 'Schedule created',
            entityType: 'Schedule',
            entityId: created,
            entityName: name,
            after: logged(name, rule),
          });
          return { id: created, rerollIds: [] };
        }
        const r = await q<{ id: number; changed: boolean; old_name: string; old_rule: ScheduleRule }>(
          `UPDATE schedules s SET name = $3, rule = $4::jsonb FROM schedules o
            WHERE s.id = o.id AND s.tenant_id = $1 AND s.id = $2
           RETURNING s.id, o.rule IS DISTINCT FROM s.rule AS changed, o.name AS old_name, o.rule AS old_rule`,
          [tenantId, input.ScheduleId, name, JSON.stringify(rule)],
        );
        const row = r.rows[0];
        if (!row) throw notFound();
        if (row.changed || row.old_name !== name) {
          await logActivity(q, actor, {
            action: 'Schedule edited',
            entityType: 'Schedule',
            entityId: row.id,
            entityName: name,
            before: logged(row.old_name, row.old_rule),
            after: logged(name, rule),
          });
        }
        // A new name alone changes no day.
        return { id: row.id, rerollIds: row.changed ? await this.users(q, tenantId, row.id) : [] };
      }));
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw badRequest(`A schedule named "${name}" already exists.`, 'Name');
      throw err;
    }
    await this.reroll(rerollIds);
    return this.get(tenantId, id);
  }

  /** Deletes a named schedule; its backups fall back to their own rule and are re-rolled. */
  async remove(actor: Actor, id: number): Promise<number[]> {
    const { tenantId } = actor;
    const backupIds = await this.database.transaction(async (q) => {
      const users = await this.users(q, tenantId, id);
      const r = await q<{ name: string; rule: ScheduleRule; backups_count: string | number }>(
        `DELETE FROM schedules s WHERE s.tenant_id = $1 AND s.id = $2
         RETURNING s.name, s.rule,
           (SELECT count(*) FROM backups b WHERE b.schedule_id = s.id AND b.tenant_id = s.tenant_id) AS backups_count`,
        [tenantId, id],
      );
      const row = r.rows[0];
      if (!row) throw notFound();
      await logActivity(q, actor, {
        action: 'Schedule deleted',
        entityType: 'Schedule',
        entityId: id,
        entityName: row.name,
        before: { ...logged(row.name, row.rule), BackupsCount: Number(row.backups_count) },
      });
      return users;
    });
    await this.reroll(backupIds);
    return backupIds;
  }

  /** Re-rolls the whole history of backups, a slice at a time so a popular schedule stays bounded in memory. */
  private async reroll(backupIds: number[]): Promise<void> {
    for (let i = 0; i < backupIds.length; i += REROLL_SLICE) {
      await this.rollup.rerollAll(backupIds.slice(i, i + REROLL_SLICE));
    }
  }

  /** The active backups that use a named schedule. */
  private async users(q: QueryFn, tenantId: number, scheduleId: number): Promise<number[]> {
    const r = await q<{ id: number }>(
      `SELECT id FROM backups WHERE tenant_id = $1 AND schedule_id = $2 AND state = 'Active'`,
      [tenantId, scheduleId],
    );
    return r.rows.map((x) => x.id);
  }
}
