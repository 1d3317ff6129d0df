import { zoneFormatter } from './days';
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsIn(date: Date, timeZone?: string): Parts {
  if (!timeZone) {
    return {
      year: date.getFullYear(),
      month: date.getMonth() + 1,
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
      second: date.getSeconds(),
    };
  }
  // One formatter per zone, and one formatToParts per date: grids format a date in every row.
  const parts = zoneFormatter(timeZone).formatToParts(date);
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

/**
 * Formats a date with the tenant's pattern (platform §9 defaults 'MM/DD/yyyy hh:mm A').
 * Tokens: yyyy/YYYY, yy, MM, M, DD/dd, D/d, HH, H, hh, h, mm, ss, A, a.
 */
export function formatDate(value: string | number | Date, pattern = 'MM/DD/yyyy hh:mm A', timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return '';
  // Grids format the same instants again as rows scroll back into view: remembered, bounded.
  const key = `${ms} ${timeZone ?? ''} ${pattern}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  if (formatted.size >= FORMATTED_MAX) formatted.clear();
  const text = formatParts(date, pattern, timeZone);
  formatted.set(key, text);
  return text;
}

const FORMATTED_MAX = 20_000;
const formatted = new Map<string, string>();

function formatParts(date: Date, pattern: string, timeZone: string | undefined): string {
  let p: Parts;
  try {
    p = partsIn(date, timeZone);
  } catch {
    p = partsIn(date);
  }
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const tokens: Record<string, string> = {
    yyyy: String(p.year),
    YYYY: String(p.year),
    yy: pad(p.year % 100),
    YY: pad(p.year % 100),
    MM: pad(p.month),
    M: String(p.month),
    DD: pad(p.day),
    dd: pad(p.day),
    D: String(p.day),
    d: String(p.day),
    HH: pad(p.hour),
    H: String(p.hour),
    hh: pad(h12),
    h: String(h12),
    mm: pad(p.minute),
    ss: pad(p.second),
    A: p.hour < 12 ? 'AM' : 'PM',
    a: p.hour < 12 ? 'am' : 'pm',
  };
  return pattern.replace(/yyyy|YYYY|yy|YY|MM|M|DD|dd|D|d|HH|H|hh|h|mm|ss|A|a/g, (t) => tokens[t] ?? t);
}

/** "3 minutes ago", "in 2 days": a short relative time. */
export function relativeTime(value: string | number | Date, now = Date.now()): string {
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(t)) return '';
  const diff = (t - now) / 1000;
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['week', 604_800],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, secs] of units) if (Math.abs(diff) >= secs) return rtf.format(Math.round(diff / secs), unit);
  return rtf.format(Math.round(diff), 'second');
}
