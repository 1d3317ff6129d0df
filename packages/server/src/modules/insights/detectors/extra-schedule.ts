import { describeScheduleRule } from '@vigil/contract';
import { LIMITS, listWords, plural, WEEK_ORDER, WEEKDAY_NAMES, type Detector } from './types.ts';

/**
 * Backup Extra Schedule: a weekday of the weekly schedule had no result in any of the last
 * `extraScheduleWeeks` weeks, while the backup had results in every one of those weeks (so it
 * is alive and simply does not run that day). Suggests the schedule without those days; a
 * schedule is never emptied, so a backup with no result on any scheduled day is left to the
 * not-updating and retire suggestions.
 */
export const extraSchedule: Detector = (e, ctx) => {
  const rule = e.schedule;
  if (e.backupType !== 'Backup' || rule?.kind !== 'weekly') return null;
  const n = LIMITS.extraScheduleWeeks;
  const weeks = ctx.weekStarts.length;
  if (weeks < n || e.weekResults.slice(-n).some((count) => count === 0)) return null;
  const recent = (d: number) => e.weekdayWeeks[d] >> (weeks - n);
  const days = WEEK_ORDER.filter((d) => (rule.weekdays & (1 << d)) !== 0 && recent(d) === 0);
  const remaining = days.reduce((flags, d) => flags & ~(1 << d), rule.weekdays);
  if (!days.length || remaining === 0) return null;
  const suggested = { ...rule, weekdays: remaining };
  const names = days.map((d) => WEEKDAY_NAMES[d]);
  return {
    type: 'BackupExtraSchedule',
    detail: `No result arrived on ${listWords(names, 'or')} in any of the last ${plural(n, 'week')}, while other days had results every week`,
    current: describeScheduleRule(rule),
    suggested: describeScheduleRule(suggested),
    suggestion: { schedule: suggested },
    evidence: { from: rule, to: suggested },
  };
};
