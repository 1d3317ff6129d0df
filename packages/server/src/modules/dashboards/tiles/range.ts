import type { DateRange } from '@vigil/contract';
import { addDays, daysBetween } from '../../../status/index.ts';
import { dayNumber, dayText, weekdayOf } from '../../../status/calendar.ts';
import { badRequest } from '../../../platform/errors.ts';

/** The days a tile covers, first and last included ('YYYY-MM-DD', the tenant's calendar). */
export interface DayRange {
  From: string;
  To: string;
}

/** The longest range a tile may cover: a year, leap day included. */
export const MAX_RANGE_DAYS = 366;

/** Monday of the week a day falls in (weeks start Monday). */
export function mondayOf(day: string): string {
  const n = dayNumber(day);
  return dayText(n - ((weekdayOf(n) + 6) % 7));
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/**
 * Resolves a preset against the tenant's today (features §5.4). "Last N days" are the N whole
 * days before today, as a technician reads last night's results in the morning; this week and
 * this month run up to today.
 */
export function resolveRange(range: DateRange, today: string): DayRange {
  const yesterday = addDays(today, -1);
  switch (range.Preset) {
    case 'today':
      return { From: today, To: today };
    case 'yesterday':
      return { From: yesterday, To: yesterday };
    case 'last7days':
      return { From: addDays(today, -7), To: yesterday };
    case 'last30days':
      return { From: addDays(today, -30), To: yesterday };
    case 'thisWeek':
      return { From: mondayOf(today), To: today };
    case 'lastWeek': {
      const monday = addDays(mondayOf(today), -7);
      return { From: monday, To: addDays(monday, 6) };
    }
    case 'thisMonth':
      return { From: firstOfMonth(today), To: today };
    case 'lastMonth': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { From: firstOfMonth(lastDay), To: lastDay };
    }
    case 'custom': {
      // The schema has checked From ≤ To; the length guards the database.
      const From = range.From ?? yesterday;
      const To = range.To ?? From;
      if (daysBetween(From, To) + 1 > MAX_RANGE_DAYS)
        throw badRequest(`Date range must be at most ${MAX_RANGE_DAYS} days`, 'filters.DateRange.To');
      return { From, To };
    }
  }
}

/** Every day of a range, in order. */
export function daysOf(r: DayRange): string[] {
  const n = daysBetween(r.From, r.To) + 1;
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(r.From, i));
}
