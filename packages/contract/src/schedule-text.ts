import type { ScheduleRule } from './api-audit.ts';

/**
 * Schedule rules in words, the same on the server (a named schedule's Description) and in the
 * web's rule editor, which shows the sentence live while a rule is edited.
 */

/** Weekday flags (Sunday 1 … Saturday 64) in the order a sentence lists them: Monday first. */
export const SCHEDULE_WEEKDAYS: readonly { flag: number; name: string }[] = [
  { flag: 2, name: 'Monday' },
  { flag: 4, name: 'Tuesday' },
  { flag: 8, name: 'Wednesday' },
  { flag: 16, name: 'Thursday' },
  { flag: 32, name: 'Friday' },
  { flag: 64, name: 'Saturday' },
  { flag: 1, name: 'Sunday' },
];
export const SCHEDULE_MONTHS = [
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
] as const;
/** The nth weekday of a month: First … Fifth, and Last (-1). */
export const SCHEDULE_NTH: readonly { value: 1 | 2 | 3 | 4 | 5 | -1; name: string }[] = [
  { value: 1, name: 'First' },
  { value: 2, name: 'Second' },
  { value: 3, name: 'Third' },
  { value: 4, name: 'Fourth' },
  { value: 5, name: 'Fifth' },
  { value: -1, name: 'Last' },
];

export const EVERY_DAY_FLAGS = 127;
export const WEEKDAY_FLAGS = 62;
export const WEEKEND_FLAGS = 65;

/** "a, b and c". */
function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function weekdayNames(flags: number): string[] {
  return SCHEDULE_WEEKDAYS.filter((d) => (flags & d.flag) !== 0).map((d) => d.name);
}

/** A schedule rule as a sentence: "Weekdays", "Third Friday of the month in January and July", … */
export function describeScheduleRule(rule: ScheduleRule): string {
  let text: string;
  if (rule.kind === 'weekly') {
    const days = weekdayNames(rule.weekdays);
    if (rule.weekdays === EVERY_DAY_FLAGS) text = 'Every day';
    else if (rule.weekdays === WEEKDAY_FLAGS) text = 'Weekdays';
    else if (rule.weekdays === WEEKEND_FLAGS) text = 'Weekends';
    else if (days.length === 1) text = `Every ${days[0]}`;
    else text = list(days);
  } else if (rule.kind === 'interval') {
    text =
      rule.everyDays === 1 ? `Every day from ${rule.startDate}` : `Every ${rule.everyDays} days from ${rule.startDate}`;
  } else {
    const nth = SCHEDULE_NTH.find((n) => n.value === rule.nth)?.name ?? '';
    text = `${nth} ${list(weekdayNames(rule.weekdays))} of the month`;
  }
  const months = [...new Set(rule.months ?? [])].sort((a, b) => a - b);
  if (months.length && months.length < 12) text += ` in ${list(months.map((m) => SCHEDULE_MONTHS[m - 1]))}`;
  return text;
}
