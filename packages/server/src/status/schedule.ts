import { DAY_MS, dayNumber, daysInMonth, tryDayNumber, weekdayOf } from './calendar.ts';
import type { ScheduleRule } from './types.ts';

/** A compiled rule: is the day with this day number scheduled? */
export type DayTest = (n: number) => boolean;

const never: DayTest = () => false;

/** Bit m (1–12) set for each listed month; every month when the list is empty or absent. */
function monthMask(months: number[] | undefined): number {
  if (!months || months.length === 0) return 0b1_1111_1111_1110;
  let mask = 0;
  for (const m of months) if (Number.isInteger(m) && m >= 1 && m <= 12) mask |= 1 << m;
  return mask;
}

function monthOf(n: number): number {
  return new Date(n * DAY_MS).getUTCMonth() + 1;
}

/**
 * Turns a rule into a day test once, so a long run of days does not re-read the rule. A rule
 * that cannot schedule anything (no weekday flags, no valid month, an interval that is not a
 * positive whole number of days or has no valid start date, an nth outside 1–5 and -1)
 * schedules nothing rather than throwing.
 */
export function compileSchedule(rule: ScheduleRule | null | undefined): DayTest {
  if (!rule) return never;
  const months = monthMask(rule.months);
  if (months === 0) return never;
  const inMonths = (n: number): boolean => (months & (1 << monthOf(n))) !== 0;
  switch (rule.kind) {
    case 'weekly': {
      const weekdays = rule.weekdays & 127;
      if (weekdays === 0) return never;
      return (n) => (weekdays & (1 << weekdayOf(n))) !== 0 && inMonths(n);
    }
    case 'interval': {
      const every = rule.everyDays;
      const start = tryDayNumber(rule.startDate);
      if (!Number.isInteger(every) || every < 1 || Number.isNaN(start)) return never;
      return (n) => n >= start && (n - start) % every === 0 && inMonths(n);
    }
    case 'monthlyNth': {
      const weekdays = rule.weekdays & 127;
      const nth = rule.nth;
      if (weekdays === 0 || !(nth === -1 || (Number.isInteger(nth) && nth >= 1 && nth <= 5))) return never;
      return (n) => {
        if ((weekdays & (1 << weekdayOf(n))) === 0) return false;
        const d = new Date(n * DAY_MS);
        const month = d.getUTCMonth() + 1;
        if ((months & (1 << month)) === 0) return false;
        const date = d.getUTCDate();
        // Each flagged weekday counts on its own: the 1st–7th hold its first occurrence, and so on.
        if (nth === -1) return date + 7 > daysInMonth(d.getUTCFullYear(), month);
        return Math.ceil(date / 7) === nth;
      };
    }
    default:
      return never;
  }
}

/** Whether a rule schedules the local business day 'YYYY-MM-DD'; no rule schedules nothing. */
export function isScheduled(rule: ScheduleRule | null, day: string): boolean {
  return compileSchedule(rule)(dayNumber(day));
}
