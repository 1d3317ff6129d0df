import type { Schedule, ScheduleRule } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import type { RollupWriter } from '../../audit/rollup.ts';
import { badRequest, notFound } from '../../platform/errors.ts';

/** Weekday flags (Sunday 1 … Saturday 64) in the order a sentence lists them: Monday first. */
const WEEKDAYS: [number, string][] = [
  [2, 'Monday'],
  [4, 'Tuesday'],
  [8, 'Wednesday'],
  [16, 'Thursday'],
  [32, 'Friday'],
  [64, 'Saturday'],
  [1, 'Sunday'],
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const NTH: Record<number, string> = { 1: 'First', 2: 'Second', 3: 'Third', 4: 'Fourth', 5: 'Fifth', [-1]: 'Last' };

/** Backups re-rolled per call when a schedule changes. */
const REROLL_SLICE = 100;

export const EVERY_DAY = 127;
export const WEEKDAYS_ONLY = 62;
export const WEEKENDS = 65;

/** "a, b and c". */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function weekdayNames(flags: number): string[] {
  return WEEKDAYS.filter(([f]) => (flags & f) !== 0).map(([, n]) => n);
}

/** A schedule rule as a sentence: "Weekdays", "Third Friday of the month in January and July", … */
export function describeRule(rule: ScheduleRule): string {
  let text: string;
  if (rule.kind === 'weekly') {
    const days = weekdayNames(rule.weekdays);
    if (rule.weekdays === EVERY_DAY) text = 'Every day';
    else if (rule.weekdays === WEEKDAYS_ONLY) text = 'Weekdays';
    else if (rule.weekdays === WEEKENDS) text = 'Weekends';
    else if (days.length === 1) text = `Every ${days[0]}`;
    else text = list(days);
  } else if (rule.kind === 'interval') {
    text =
      rule.everyDays === 1 ? `Every day from ${rule.startDate}` : `Every ${rule.everyDays} days from ${rule.startDate}`;
  } else {
    text = `${NTH[rule.nth]} ${list(weekdayNames(rule.weekdays))} of the month`;
  }
  const months = [...new Set(rule.months ?? [])].sort((a, b) => a - b);
  if (months.length && months.length < 12) text += ` in ${list(months.map((m) => MONTHS[m - 1]))}`;
  return text;
}

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

  /** Creates a named schedule, or updates one and re-rolls every backup that uses it. */
  async save(tenantId: number, input: { ScheduleId?: number; Name: string; Rule: ScheduleRule }): Promise<Schedule> {
    const name = input.Name.trim();
    const rule = normalise(input.Rule);
    const clash = await this.database.query(
      'SELECT 1 FROM schedules WHERE tenant_id = $1 AND lower(name) = lower($2) AND id <> $3',
      [tenantId, name, input.ScheduleId ?? 0],
    );
    if (clash.rows.length) throw badRequest(`A schedule named "${name}" already exists.`, 'Name');
    let id: number;
    try {
      if (input.ScheduleId === undefined) {
        const r = await this.database.query<{ id: number }>(
          'INSERT INTO schedules (tenant_id, name, rule) VALUES ($1, $2, $3::jsonb) RETURNING id',
          [tenantId, name, JSON.stringify(rule)],
        );
        id = r.rows[0].id;
      } else {
        const r = await this.database.query<{ id: number; changed: boolean }>(
          `UPDATE schedules s SET name = $3, rule = $4::jsonb FROM schedules o
            WHERE s.id = o.id AND s.tenant_id = $1 AND s.id = $2
           RETURNING s.id, o.rule IS DISTINCT FROM s.rule AS changed`,
          [tenantId, input.ScheduleId, name, JSON.stringify(rule)],
        );
        if (!r.rows[0]) throw notFound();
        id = r.rows[0].id;
        // A new name alone changes no day.
        if (r.rows[0].changed) await this.reroll(await this.users(tenantId, id));
      }
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw badRequest(`A schedule named "${name}" already exists.`, 'Name');
      throw err;
    }
    return this.get(tenantId, id);
  }

  /** Deletes a named schedule; its backups fall back to their own rule and are re-rolled. */
  async remove(tenantId: number, id: number): Promise<number[]> {
    const backupIds = await this.users(tenantId, id);
    const r = await this.database.query('DELETE FROM schedules WHERE tenant_id = $1 AND id = $2 RETURNING id', [
      tenantId,
      id,
    ]);
    if (!r.rows.length) throw notFound();
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
  private async users(tenantId: number, scheduleId: number): Promise<number[]> {
    const r = await this.database.query<{ id: number }>(
      `SELECT id FROM backups WHERE tenant_id = $1 AND schedule_id = $2 AND state = 'Active'`,
      [tenantId, scheduleId],
    );
    return r.rows.map((x) => x.id);
  }
}
