import { MONTHS, offsetMinutes, wall, WEEKDAYS, type Wall } from './time.ts';

/** Dates, durations and sizes the way the products print them. */

export const p2 = (n: number) => String(n).padStart(2, '0');

/** 2026-11-21 22:00:05 */
export const isoLocal = (w: Wall) => `${w.y}-${p2(w.mo)}-${p2(w.d)} ${p2(w.h)}:${p2(w.mi)}:${p2(w.s)}`;
/** 10:00:05 PM */
export const clock12 = (w: Wall) => `${w.h % 12 || 12}:${p2(w.mi)}:${p2(w.s)} ${w.h < 12 ? 'AM' : 'PM'}`;
/** 22:00:05 */
export const clock24 = (w: Wall) => `${p2(w.h)}:${p2(w.mi)}:${p2(w.s)}`;
/** 11/21/2026 */
export const usDay = (w: Wall) => `${p2(w.mo)}/${p2(w.d)}/${w.y}`;
/** Saturday, November 21, 2026 */
export const longDay = (w: Wall) => `${WEEKDAYS[w.wd]}, ${MONTHS[w.mo - 1]} ${w.d}, ${w.y}`;
/** Nov 21, 2026 */
export const shortDay = (w: Wall) => `${MONTHS[w.mo - 1].slice(0, 3)} ${w.d}, ${w.y}`;

/** RFC 5322 date in the zone: "Sat, 21 Nov 2026 22:41:17 -0500". */
export function mailDate(date: Date, timeZone: string): string {
  const w = wall(date, timeZone);
  const off = offsetMinutes(date, timeZone);
  const a = Math.abs(off);
  return `${WEEKDAYS[w.wd].slice(0, 3)}, ${w.d} ${MONTHS[w.mo - 1].slice(0, 3)} ${w.y} ${clock24(w)} ${off < 0 ? '-' : '+'}${p2(Math.floor(a / 60))}${p2(a % 60)}`;
}

/** 1:02:03 (or 01:02:03 with padded hours). */
export function hms(sec: number, padHours = false): string {
  const h = Math.floor(sec / 3600);
  return `${padHours ? p2(h) : h}:${p2(Math.floor((sec % 3600) / 60))}:${p2(sec % 60)}`;
}

/** "1h 2m 3s", "42 min 5 sec", "42 minutes 5 seconds". */
function spelled(sec: number, units: [string, string, string]): string {
  const parts: string[] = [];
  const h = Math.floor(sec / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = sec % 60;
  const join = units[0].length > 1 ? ' ' : '';
  const plural = (n: number, u: string) => (u.length > 3 && n !== 1 ? `${u}s` : u);
  if (h) parts.push(`${h}${join}${plural(h, units[0])}`);
  if (m || h) parts.push(`${m}${join}${plural(m, units[1])}`);
  parts.push(`${s}${join}${plural(s, units[2])}`);
  return parts.join(' ');
}
export const shortDuration = (sec: number) => spelled(sec, ['h', 'm', 's']);
export const minSecDuration = (sec: number) => spelled(sec, ['hr', 'min', 'sec']);
export const longDuration = (sec: number) => spelled(sec, ['hour', 'minute', 'second']);

/** "61.5 GB", "812 MB", "0 B" (binary units, as the products print them). */
export function size(bytes: number, sep = ' '): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 ? 0 : v < 10 ? 2 : v < 100 ? 1 : 0;
  return `${v.toFixed(digits)}${sep}${units[i]}`;
}

export const GB = 1024 ** 3;
export const MB = 1024 ** 2;
