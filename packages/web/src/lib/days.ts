/**
 * Calendar days as the audit screens use them: 'YYYY-MM-DD' text in the tenant's time zone
 * (a business day, not an instant), the date presets of features §5.4 and conversion between
 * a wall-clock time in the tenant's zone and an instant.
 */
import { isCalendarDay } from '@vigil/contract';

export type IsoDay = string;

export const FUTURE_DATE_MESSAGE = 'Future Date is not allowed';
export const INVALID_DATE_MESSAGE = 'Date must be valid';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toUtcMs(day: IsoDay): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function fromUtcMs(ms: number): IsoDay {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function isIsoDay(value: unknown): value is IsoDay {
  return typeof value === 'string' && isCalendarDay(value);
}

/** The day `n` days after `day` (before, for negative `n`). */
export function addDays(day: IsoDay, n: number): IsoDay {
  return fromUtcMs(toUtcMs(day) + n * 86_400_000);
}

/** Whole days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / 86_400_000);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(day: IsoDay): number {
  return new Date(toUtcMs(day)).getUTCDay();
}

/** The Monday of the week `day` lies in (weeks start on Monday, features §5.4). */
export function startOfWeek(day: IsoDay): IsoDay {
  return addDays(day, -((weekday(day) + 6) % 7));
}

export function startOfMonth(day: IsoDay): IsoDay {
  return `${day.slice(0, 8)}01`;
}

export function endOfMonth(day: IsoDay): IsoDay {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return fromUtcMs(Date.UTC(y, m, 0));
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysInRange(from: IsoDay, to: IsoDay): IsoDay[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter of an instant's calendar parts per time zone (throws for an unknown zone). */
export function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function zonedParts(ms: number, timeZone: string): ZonedParts {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zoneFormatter(timeZone).formatToParts(new Date(ms));
  } catch {
    parts = zoneFormatter('UTC').formatToParts(new Date(ms));
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** The calendar day of an instant in a time zone. */
export function dayIn(instant: number | Date | string, timeZone: string): IsoDay {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  const p = zonedParts(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Today in the tenant's time zone. */
export function todayIn(timeZone: string, now: number = Date.now()): IsoDay {
  return dayIn(now, timeZone);
}

/** The wall-clock day and 'HH:mm' time of an instant in a time zone (to fill a form). */
export function wallTimeOf(instant: string | number | Date, timeZone: string): { day: IsoDay; time: string } {
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === 'string' ? Date.parse(instant) : instant;
  const p = zonedParts(ms, timeZone);
  return { day: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a wall-clock time ('HH:mm') on a day has in a time zone, as ISO text (UTC).
 * A time a DST gap skipped moves forward by the gap; an ambiguous time takes its first
 * occurrence.
 */
export function zonedTimeToIso(day: IsoDay, time: string, timeZone: string): string {
  const [h, m] = time.split(':').map(Number);
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), h, m);
  // Two passes settle the offset on either side of a change; the earlier candidate wins in an overlap.
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  const candidates = [first, second].filter((c) => {
    const w = wallTimeOf(c, timeZone);
    return w.day === day && w.time === time;
  });
  const ms = candidates.length ? Math.min(...candidates) : Math.max(first, second);
  return new Date(ms).toISOString();
}

/** The date presets of features §5.4. */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 days',
  last30days: 'Last 30 days',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

/**
 * The days a preset covers, seen from `today`. Weeks start on Monday. Ranges that would run
 * into the future (this week, this month) end today, since future days are not allowed.
 */
export function presetRange(preset: DatePreset, today: IsoDay): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { from: y, to: y };
    }
    case 'last7days':
      return { from: addDays(today, -6), to: today };
    case 'last30days':
      return { from: addDays(today, -29), to: today };
    case 'thisWeek':
      return { from: startOfWeek(today), to: today };
    case 'lastWeek': {
      const from = addDays(startOfWeek(today), -7);
      return { from, to: addDays(from, 6) };
    }
    case 'thisMonth':
      return { from: startOfMonth(today), to: today };
    case 'lastMonth': {
      const last = addDays(startOfMonth(today), -1);
      return { from: startOfMonth(last), to: last };
    }
  }
}

/** Why a typed day cannot be chosen, or null when it can (features §5.4). */
export function dayProblem(value: string, today: IsoDay): string | null {
  if (!isIsoDay(value)) return INVALID_DATE_MESSAGE;
  if (value > today) return FUTURE_DATE_MESSAGE;
  return null;
}

/** A stored day that is still usable: valid and not after today; otherwise the fallback. */
export function usableDay(stored: unknown, today: IsoDay, fallback: IsoDay): IsoDay {
  return isIsoDay(stored) && stored <= today ? stored : fallback;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 3 Nov": a short label for a day in strips and tooltips. */
export function shortDayLabel(day: IsoDay): string {
  return `${WEEKDAYS[weekday(day)]} ${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}

/** "Monday": the weekday's full name. */
export function weekdayName(day: IsoDay): string {
  return ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][weekday(day)];
}

/** A day written with the tenant's date pattern (e.g. 'MM/DD/yyyy'). */
export function formatDay(day: IsoDay, pattern = 'MM/DD/yyyy'): string {
  if (!isIsoDay(day)) return '';
  const tokens: Record<string, string> = {
    yyyy: day.slice(0, 4),
    YYYY: day.slice(0, 4),
    yy: day.slice(2, 4),
    YY: day.slice(2, 4),
    MM: day.slice(5, 7),
    M: String(Number(day.slice(5, 7))),
    DD: day.slice(8, 10),
    dd: day.slice(8, 10),
    D: String(Number(day.slice(8, 10))),
    d: String(Number(day.slice(8, 10))),
  };
  return pattern.replace(/yyyy|YYYY|yy|YY|MM|M|DD|dd|D|d/g, (t) => tokens[t] ?? t);
}
