import { describeScheduleRule } from '@vigil/contract';
import { bitCount, LIMITS, listWords, recentWeeks, WEEK_ORDER, WEEKDAY_NAMES, type Detector } from './types.ts';

/**
 * Backup Missing Schedule: results keep arriving on a weekday the weekly schedule leaves out, in
 * at least `missingScheduleWeeks` of the weeks examined and at least once in the last
 * `extraScheduleWeeks` (so a day the extra-schedule suggestion just removed, silent since, is not
 * offered back). Suggests the schedule with those days added. Other rule kinds (every n days,
 * nth weekday of the month) have no weekday to add.
 */
export const missingSchedule: Detector = (e, ctx) => {
  const rule = e.schedule;
  if (e.backupType !== 'Backup' || rule?.kind !== 'weekly') return null;
  const weeks = ctx.weekStarts.length;
  const days = WEEK_ORDER.filter(
    (d) =>
      (rule.weekdays & (1 << d)) === 0 &&
      bitCount(e.weekdayWeeks[d]) >= LIMITS.missingScheduleWeeks &&
      recentWeeks(e.weekdayWeeks[d], weeks, LIMITS.extraScheduleWeeks) > 0,
  );
  if (!days.length) return null;
  const add = days.reduce((flags, d) => flags | (1 << d), 0);
  const suggested = { ...rule, weekdays: rule.weekdays | add };
  const counts = days.map((d) => `on ${WEEKDAY_NAMES[d]} in ${bitCount(e.weekdayWeeks[d])}`);
  return {
    type: 'BackupMissingSchedule',
    detail: `Results arrived ${listWords(counts)} of the last ${weeks} weeks`,
    current: describeScheduleRule(rule),
    suggested: describeScheduleRule(suggested),
    suggestion: { schedule: suggested },
    evidence: { from: rule, to: suggested },
  };
};
