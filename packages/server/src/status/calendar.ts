/**
 * Calendar arithmetic on local days written 'YYYY-MM-DD'. Internally a day is its number of
 * days since 1970-01-01 (a "day number"); the proleptic Gregorian calendar is used throughout.
 */

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Number of days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1];
}

/** Milliseconds since the epoch of a UTC wall-clock reading, correct for years 0–99 too. */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  if (year >= 100) return Date.UTC(year, month - 1, day, hour, minute, second);
  const d = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

/** Day number of a 'YYYY-MM-DD' day, or NaN when the text is not a real calendar day. */
export function tryDayNumber(day: string): number {
  const m = typeof day === 'string' ? DAY_PATTERN.exec(day) : null;
  if (!m) return NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const date = Number(m[3]);
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return NaN;
  return utcMs(year, month, date) / DAY_MS;
}

/** Day number of a 'YYYY-MM-DD' day; a RangeError for anything else. */
export function dayNumber(day: string): number {
  const n = tryDayNumber(day);
  if (Number.isNaN(n)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${String(day)}`);
  return n;
}

/** The 'YYYY-MM-DD' text of a day number. */
export function dayText(n: number): string {
  const d = new Date(n * DAY_MS);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const date = d.getUTCDate();
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** Weekday of a day number: Sunday 0 … Saturday 6 (1970-01-01 was a Thursday). */
export function weekdayOf(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

/** Calendar arithmetic: the day `n` days after `day` (before it when n is negative). */
export function addDays(day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Not a whole number of days: ${n}`);
  return dayText(dayNumber(day) + n);
}

/** b − a in days. */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}
