import { ScheduleRule } from '@vigil/contract';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { addDays, daysBetween, isScheduled } from '../../status/index.ts';

/** The calendar the plan editor previews: the days a schedule runs on, and what each day is. */

export const MAX_RANGE_DAYS = 366;

export async function scheduledDays(
  database: Database,
  tenantId: number,
  input: { Schedule?: ScheduleRule; ScheduleId?: number; From: string; To: string },
): Promise<{ Days: string[]; Count: number }> {
  const span = checkRange(input.From, input.To);
  let rule: ScheduleRule | null = input.Schedule ?? null;
  if (input.ScheduleId) {
    const r = await database.query<{ rule: unknown }>('SELECT rule FROM schedules WHERE tenant_id = $1 AND id = $2', [
      tenantId,
      input.ScheduleId,
    ]);
    if (!r.rows.length) throw badRequest('Schedule not found', 'ScheduleId');
    const parsed = ScheduleRule.safeParse(r.rows[0].rule);
    rule = parsed.success ? parsed.data : null;
  }
  if (!rule) throw badRequest('Schedule is a required field', 'Schedule');
  const days: string[] = [];
  for (let i = 0; i <= span; i += 1) {
    const d = addDays(input.From, i);
    if (isScheduled(rule, d)) days.push(d);
  }
  return { Days: days, Count: days.length };
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function checkRange(from: string, to: string): number {
  const span = daysBetween(from, to);
  if (span < 0) throw badRequest('To must be later than From', 'To');
  if (span >= MAX_RANGE_DAYS) throw badRequest(`The range is at most ${MAX_RANGE_DAYS} days`, 'To');
  return span;
}

/** Per day: weekday flag (Sunday 1 … Saturday 64), month, nth weekday of the month and whether it is the last. */
export function dateFlags(from: string, to: string) {
  const span = checkRange(from, to);
  const out = [];
  for (let i = 0; i <= span; i += 1) {
    const d = addDays(from, i);
    const date = new Date(`${d}T00:00:00Z`);
    const wd = date.getUTCDay();
    const dom = date.getUTCDate();
    const month = date.getUTCMonth() + 1;
    const next = new Date(`${addDays(d, 7)}T00:00:00Z`).getUTCMonth() + 1;
    out.push({
      Date: d,
      Weekday: 1 << wd,
      WeekdayName: WEEKDAY_NAMES[wd],
      Month: month,
      Nth: Math.floor((dom - 1) / 7) + 1,
      IsLast: next !== month,
    });
  }
  return { Days: out };
}
