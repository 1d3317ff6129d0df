import { formatDate } from './format';

/** Weekday flags (platform §3): Sunday 1, Monday 2 … Saturday 64; all seven 127. */
export const ALL_DAYS = 127;
export const WEEKDAYS = 2 | 4 | 8 | 16 | 32;
export const WEEKEND = 1 | 64;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const dayFlag = (index: number): number => 1 << index;

/** "Every day", "Weekdays", "Weekends", "Monday" or "Mon, Wed, Fri". */
export function weekdaysText(flags: number): string {
  const f = flags & ALL_DAYS;
  if (f === ALL_DAYS) return 'Every day';
  if (f === WEEKDAYS) return 'Weekdays';
  if (f === WEEKEND) return 'Weekends';
  const days = DAY_SHORT.map((_, i) => i).filter((i) => f & dayFlag(i));
  if (days.length === 0) return 'No days';
  if (days.length === 1) return DAY_NAMES[days[0]];
  // A week read from Monday, as a technician plans it; Sunday goes last.
  const ordered = [...days.filter((i) => i !== 0), ...days.filter((i) => i === 0)];
  return ordered.map((i) => DAY_SHORT[i]).join(', ');
}

/** An hour of the day in the tenant's time format ("09:00 AM", "21:00"). */
export function hourText(hour: number, timeFormat: string): string {
  return formatDate(Date.UTC(2000, 0, 1, hour, 0, 0), timeFormat, 'UTC');
}

/** Days and hour together: "Weekdays at 07:00 AM". */
export function scheduleText(flags: number, hour: number, timeFormat: string): string {
  return `${weekdaysText(flags)} at ${hourText(hour, timeFormat)}`;
}

/** A file size for the last-run column. */
export function sizeText(bytes: number | null): string {
  if (bytes === null || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Recipient addresses accept the usual forms; the server checks them again. */
const EMAIL = /^[^\s@,;<>()]+@[^\s@,;<>()]+\.[^\s@,;<>()]{2,}$/;
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Pasted lists are split on commas, semicolons and white space. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
