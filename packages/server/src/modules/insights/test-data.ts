import type { ScheduleRule } from '@vigil/contract';
import { addDays } from '../../status/index.ts';
import type { TestApp } from '../../../test/harness.ts';
import { activate, at, backupIds, sendCsv, type CsvRow } from '../audit/test-data.ts';
import { insightContext } from './evidence.ts';

/**
 * Backups whose history triggers each insight type, and one that triggers none, sent through
 * the intake as CSV e-mails and activated. Days are relative to the real clock and the weeks are
 * the insight job's own (Monday to Sunday, the tenant on UTC), so the tests hold on any day.
 */

export const WEEKDAYS: ScheduleRule = { kind: 'weekly', weekdays: 62 };
export const EVERY_DAY: ScheduleRule = { kind: 'weekly', weekdays: 127 };
export const SUNDAYS: ScheduleRule = { kind: 'weekly', weekdays: 1 };

export function insightDays(now = new Date()) {
  const ctx = insightContext(now, 'UTC');
  const start = ctx.weekStarts[0];
  const yesterday = addDays(ctx.today, -1);
  const all: string[] = [];
  for (let d = start; d <= yesterday; d = addDays(d, 1)) all.push(d);
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
  /** Full week index of a day (8 for the current week). */
  const week = (day: string) => Math.floor((Date.parse(day) - Date.parse(start)) / 86_400_000 / 7);
  return { ctx, all, yesterday, weekday, week };
}

interface Plan {
  device: string;
  schedule: ScheduleRule | null;
  rows: CsvRow[];
}

/** The plans of the home tenant: a device per insight type, plus `ins-quiet`. */
export function homePlans(now = new Date()): Plan[] {
  const { ctx, all, yesterday, weekday, week } = insightDays(now);
  const ws = ctx.weekStarts;
  const runs = (device: string, days: string[], hour: number, status: CsvRow['status'] = 'Success') =>
    days.map((d) => ({ device, status, at: at(d, hour) }));
  const daysAgo = (n: number) => addDays(ctx.today, -n);
  const irregular = [addDays(ws[0], 1), addDays(ws[2], 3), addDays(ws[4], 5), addDays(ws[6], 2), yesterday];
  return [
    // Weekday schedule, results on Saturdays too.
    {
      device: 'ins-missing',
      schedule: WEEKDAYS,
      rows: runs(
        'ins-missing',
        all.filter((d) => weekday(d) !== 0),
        22,
      ),
    },
    // Every day scheduled, no Wednesday result in the last four weeks.
    {
      device: 'ins-extra',
      schedule: EVERY_DAY,
      rows: runs(
        'ins-extra',
        all.filter((d) => !(weekday(d) === 3 && week(d) >= 4)),
        22,
      ),
    },
    // A "backup" that only reports trouble, now and then.
    {
      device: 'ins-type',
      schedule: null,
      rows: [...runs('ins-type', irregular.slice(0, 4), 10, 'Failed'), ...runs('ins-type', [yesterday], 10, 'Warning')],
    },
    // Turned into an Alert by the test, though it succeeds every day.
    { device: 'ins-alert', schedule: null, rows: runs('ins-alert', all, 21) },
    // Runs every night at 01:30.
    {
      device: 'ins-early',
      schedule: EVERY_DAY,
      rows: all.map((d) => ({ device: 'ins-early', status: 'Success', at: at(d, 1, 30) })),
    },
    // Weekly on Sunday; the last two Sundays had nothing.
    {
      device: 'ins-stale',
      schedule: SUNDAYS,
      rows: runs(
        'ins-stale',
        all.filter((d) => weekday(d) === 0 && week(d) <= 5),
        22,
      ),
    },
    // Nothing for five weeks.
    {
      device: 'ins-retire',
      schedule: EVERY_DAY,
      rows: runs(
        'ins-retire',
        all.filter((d) => d <= daysAgo(35)),
        22,
      ),
    },
    // Two results a day, then one a day last week.
    {
      device: 'ins-decreased',
      schedule: EVERY_DAY,
      rows: [
        ...runs('ins-decreased', all, 22),
        ...runs(
          'ins-decreased',
          all.filter((d) => week(d) !== 7),
          10,
        ),
      ],
    },
    // Weekdays scheduled; runs on Saturdays too, and stopped running on Wednesdays a month ago.
    {
      device: 'ins-both',
      schedule: WEEKDAYS,
      rows: runs(
        'ins-both',
        all.filter((d) => weekday(d) !== 0 && !(weekday(d) === 3 && week(d) >= 4)),
        22,
      ),
    },
    // Runs as scheduled: no suggestion.
    { device: 'ins-quiet', schedule: EVERY_DAY, rows: runs('ins-quiet', all, 22) },
  ];
}

/** Sends and activates plans for a tenant; answers the backup ids by device. */
export async function seedPlans(t: TestApp, tenantId: number, plans: Plan[]): Promise<Record<string, number>> {
  await sendCsv(
    t,
    tenantId,
    plans.flatMap((p) => p.rows),
  );
  const ids = await backupIds(t, tenantId);
  for (const p of plans) await activate(t, tenantId, [ids[p.device]], { schedule: p.schedule });
  return ids;
}
