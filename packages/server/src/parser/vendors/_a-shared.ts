/**
 * Helpers shared by group "a" vendor parsers only (Veeam, Datto, Axcient, Acronis, Cove, MSP360,
 * Synology). General helpers live in ../util.ts; these cover what those do not: month-name dates,
 * time-of-day arithmetic and raw table cells that keep line breaks. The Veeam job-report layout
 * is in _a-veeam.ts.
 */
import type { MailMessage, ParsedStatus } from '../types.ts';
import {
  MONTHS,
  decodeEntities,
  field,
  floatingDate,
  floatingLike,
  isFloating,
  parseDate,
  statusFromWord,
} from '../util.ts';

const TIME = String.raw`(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?(?:\s*(UTC|GMT|Z|[+-]\d{2}:?\d{2}))?)?`;
const DAY_MONTH_YEAR = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})` + TIME, 'i');
const MONTH_DAY_YEAR = new RegExp(String.raw`\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})` + TIME, 'i');

function hour24(h: number, ampm: string | undefined): number {
  if (!ampm) return h;
  return (h % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
}

function offsetMinutes(zone: string | undefined): number {
  if (!zone || /^(utc|gmt|z)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function build(y: number, mo: number, d: number, m: RegExpExecArray, i: number): Date | null {
  const h = m[i] === undefined ? 0 : hour24(Number(m[i]), m[i + 3]);
  const mi = Number(m[i + 1] ?? 0);
  const s = Number(m[i + 2] ?? 0);
  if (m[i + 4] === undefined) return floatingDate(y, mo, d, h, mi, s);
  const t = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes(m[i + 4]) * 60000;
  return Number.isNaN(t) ? null : new Date(t);
}

/**
 * Dates with a month name, as vendors print them in their locale: "Saturday, 21 November 2026 22:00:05",
 * "Saturday, November 21, 2026 10:00:05 PM", "Nov 21, 2026, 1:00:05 AM", "21 Nov 2026 01:00 UTC".
 * No zone means UTC (as parseDate). Null when no month-name date is found.
 */
export function parseLongDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  let m = DAY_MONTH_YEAR.exec(s);
  if (m) {
    const mo = MONTHS[m[2].slice(0, 3).toLowerCase()];
    if (mo) return build(Number(m[3]), mo, Number(m[1]), m, 4);
  }
  m = MONTH_DAY_YEAR.exec(s);
  if (m) {
    const mo = MONTHS[m[1].slice(0, 3).toLowerCase()];
    if (mo) return build(Number(m[3]), mo, Number(m[2]), m, 4);
  }
  return null;
}

/** Numeric forms through parseDate, month-name forms through parseLongDate; never the host's zone. */
export function anyDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  if (/\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{4}/.test(s)) return parseDate(s);
  return parseLongDate(s);
}

/** "22:00:05", "10:00:05 PM" → seconds since midnight; null when not a time of day. */
export function timeOfDay(s: string | null | undefined): number | null {
  if (!s) return null;
  const m = /\b(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?\b/i.exec(s);
  if (!m) return null;
  return hour24(Number(m[1]), m[4]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** The day of `base` at a time of day; when `notBefore` is given and the result is earlier, the next day. */
export function atTime(base: Date, time: string, notBefore?: Date | null): Date | null {
  const secs = timeOfDay(time);
  if (secs === null) return null;
  const day = Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate());
  let t = day + secs * 1000;
  if (notBefore && t < notBefore.getTime() - 60000) t += 86400000;
  // A bare time of day is the server's wall clock, like a date without a zone.
  const out = new Date(t);
  return isFloating(base)
    ? floatingLike(base, out)
    : (floatingDate(
        out.getUTCFullYear(),
        out.getUTCMonth() + 1,
        out.getUTCDate(),
        out.getUTCHours(),
        out.getUTCMinutes(),
        out.getUTCSeconds(),
      ) ?? out);
}

/** A date or time value from a report: a full date when it has one, else a time on the base day. */
export function dateOrTime(value: string | null | undefined, base: Date | null, notBefore?: Date | null): Date | null {
  if (!value) return null;
  const full = anyDate(value);
  if (full) return full;
  return base ? atTime(base, value, notBefore) : null;
}

/** The text of an HTML fragment as trimmed non-empty lines (<br>, block ends and cells break lines). */
export function htmlLines(fragment: string): string[] {
  if (!/[<&\n]/.test(fragment)) {
    const t = fragment.replace(/[\s\u00a0]+/g, ' ').trim();
    return t ? [t] : [];
  }
  return decodeEntities(
    fragment
      .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/(p|div|li|tr|td|th|h[1-6])>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean);
}

/** A cell's text on one line. */
export function cellText(fragment: string): string {
  let t = fragment.indexOf('<') >= 0 ? fragment.replace(/<[^>]*>/g, ' ') : fragment;
  if (t.indexOf('&') >= 0) t = decodeEntities(t);
  return t.replace(/[\s\u00a0]+/g, ' ').trim();
}

/**
 * Every table as rows of raw cell HTML, in the order tables close (so a nested table comes before the
 * table holding it, as util.htmlTables intends; a nested table's markup is left out of its parent's cells).
 */
export function rawTables(html: string): string[][][] {
  const tables: string[][][] = [];
  const stack: { bodyStart: number; children: [number, number][] }[] = [];
  for (const m of html.matchAll(/<(\/?)table\b[^>]*>/gi)) {
    const at = m.index;
    if (!m[1]) {
      stack.push({ bodyStart: at + m[0].length, children: [] });
      continue;
    }
    const frame = stack.pop();
    if (!frame) continue;
    let inner = '';
    let from = frame.bodyStart;
    for (const [a, b] of frame.children) {
      inner += html.slice(from, a) + ' ';
      from = b;
    }
    inner += html.slice(from, at);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push([html.lastIndexOf('<', frame.bodyStart - 1), at + m[0].length]);
    tables.push(tableRows(inner));
  }
  return tables;
}

function tableRows(inner: string): string[][] {
  const rows: string[][] = [];
  for (const tr of inner.match(/<tr\b[^>]*>[\s\S]*?<\/tr>/gi) ?? []) {
    const cells = (tr.match(/<t[dh]\b[^>]*>[\s\S]*?<\/t[dh]>/gi) ?? []).map((c) => c.slice(c.indexOf('>') + 1, -5));
    if (cells.length) rows.push(cells);
  }
  return rows;
}

/** Every table as rows of one-line cell texts (nested layouts handled, innermost first). */
export function textTables(html: string): string[][][] {
  return rawTables(html).map((t) => t.map((r) => r.map(cellText)));
}

/** The first "Label: value" line found for any of the labels. */
export function fieldOf(text: string, ...labels: string[]): string | null {
  for (const l of labels) {
    const v = field(text, l);
    if (v) return v;
  }
  return null;
}

/**
 * A status phrase where failure or warning words anywhere outrank a leading success word
 * ("Completed with warnings" is a warning, "Completed with errors" a failure, "Succeeded" a success).
 */
export function statusText(s: string | null | undefined): ParsedStatus | null {
  if (!s) return null;
  const w = s.toLowerCase();
  if (
    /\b(fail(?:ed|ure|s)?|errors?|abort(?:ed)?|cancel+ed|missed|unsuccessful|crashed|interrupted|not started)\b/.test(w)
  )
    return 'Failure';
  if (/\b(warnings?|partial(?:ly)?)\b/.test(w)) return 'Warning';
  return statusFromWord(w) ?? (/\b(succe(?:ss|ssful|eded)|completed)\b/.test(w) ? 'Success' : null);
}

/** Distinct, trimmed messages joined with '; ', or null when there are none. */
export function joinMessages(messages: (string | null | undefined)[]): string | null {
  const seen: string[] = [];
  for (const m of messages) {
    const t = m?.replace(/\s+/g, ' ').trim();
    if (t && !seen.includes(t)) seen.push(t);
  }
  return seen.length ? seen.join('; ') : null;
}

/** Whole seconds between two dates, or null. */
export function secondsBetween(a: Date | null, b: Date | null): number | null {
  return a && b && b.getTime() >= a.getTime() ? Math.round((b.getTime() - a.getTime()) / 1000) : null;
}

/** The address's domain is `domain` or a subdomain of it. */
export function fromDomain(msg: MailMessage, ...domains: string[]): boolean {
  const at = msg.from.lastIndexOf('@');
  if (at < 0) return false;
  const d = msg.from.slice(at + 1);
  return domains.some((x) => d === x || d.endsWith(`.${x}`));
}

/** The body to look for markers in: HTML when there is one, else text. */
export function bodyOf(msg: MailMessage): string {
  return msg.html ?? msg.text;
}
