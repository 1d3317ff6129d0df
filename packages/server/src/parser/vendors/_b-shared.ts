/**
 * Helpers shared by the group-b vendor parsers only (Windows Server Backup, Macrium, Backup Exec,
 * ShadowProtect, Arcserve UDP, Unitrends, NAKIVO, Altaro, Comet, Redstor). Pure string work.
 */
import type { MailMessage, ParsedStatus } from '../types.ts';
import { MONTHS, floatingDate, htmlTables, parseDate, statusFromWord } from '../util.ts';

/** Bidi marks Windows puts around date parts ("‎2026‎-‎11‎-‎20T…") and other invisible characters. */
const INVISIBLE = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function stripInvisible(s: string): string {
  return s.replace(INVISIBLE, '');
}

/** Tables of an HTML body, innermost first (see util.htmlTables). */
export const tablesOf = htmlTables;

/**
 * "Label: value" pairs of an e-mail, keys lowercased without the trailing colon: first the
 * two-cell rows (or rows whose first cell ends with ':') of its HTML tables, then the
 * "Label: value" lines of its text. The first occurrence of a label wins.
 */
export function labelValues(msg: MailMessage): Map<string, string> {
  const map = new Map<string, string>();
  const put = (label: string, value: string) => {
    const key = label.replace(/:\s*$/, '').replace(/\s+/g, ' ').trim().toLowerCase();
    if (key && key.length <= 60 && !map.has(key)) map.set(key, value.trim());
  };
  if (msg.html) {
    for (const table of tablesOf(msg.html)) {
      for (const row of table) {
        if (row.length === 2 || (row.length > 2 && row[0].endsWith(':'))) put(row[0], row[1]);
      }
    }
  }
  for (const line of msg.text.split(/\r?\n/)) {
    const m = /^[ \t]*([A-Za-z][\w ()/.&'#-]{0,58}?)[ \t]*:[ \t]+(\S.*)$/.exec(line);
    if (m) put(m[1], m[2].replace(/\t+$/, ''));
  }
  return map;
}

/** The first of several labels present in a label/value map (values trimmed, '' treated as absent). */
export function pick(map: Map<string, string>, ...labels: string[]): string | null {
  for (const l of labels) {
    const v = map.get(l.toLowerCase());
    if (v) return v;
  }
  return null;
}

/**
 * A vendor status phrase to ours. Warning words are tested first, because "completed with
 * warnings" or "succeeded with exceptions" start like a success.
 */
export function mapStatus(phrase: string | null | undefined): ParsedStatus | null {
  const w = (phrase ?? '').trim().toLowerCase();
  if (!w) return null;
  if (/\b(warnings?|exceptions?|partial(ly)?|incomplete)\b/.test(w)) return 'Warning';
  if (
    /\b(fail(s|ed|ure)?|errors?|abort(ed)?|cancell?ed|crash(ed)?|missed|unsuccessful|fatal|critical|abandoned)\b/.test(
      w,
    )
  )
    return 'Failure';
  return statusFromWord(w) ?? (/\b(success(ful(ly)?)?|succeeded|completed)\b/.test(w) ? 'Success' : null);
}

/** Distinct non-empty messages joined with '; ', or null. */
export function joinMessages(list: (string | null | undefined)[]): string | null {
  const seen: string[] = [];
  for (const raw of list) {
    const s = (raw ?? '').replace(/\s+/g, ' ').trim();
    if (s && !seen.includes(s)) seen.push(s);
  }
  return seen.length ? seen.join('; ') : null;
}

function hour24(h: number, ampm: string | undefined): number {
  if (!ampm) return h;
  return (h % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return floatingDate(y, mo, d, h, mi, s);
}

/**
 * parseDate plus the forms these vendors write that it does not read, all without a zone taken
 * as UTC like parseDate: "Friday, November 20, 2026 at 10:00:03 PM", "20 November 2026 22:00",
 * "Nov 20, 2026 10:00 PM", and "20/11/2026 22:00" (day first when the first number exceeds 12).
 * Never falls back to the host's local zone.
 */
export function looseDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const t = stripInvisible(s).trim();
  if (!t) return null;
  if (/\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}/.test(t)) return parseDate(t);
  let m = /(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?/i.exec(t);
  if (m) {
    const a = +m[1];
    const b = +m[2];
    const [mo, d] = a > 12 ? [b, a] : [a, b];
    return utc(+m[3], mo, d, hour24(+m[4], m[7]), +m[5], +(m[6] ?? 0));
  }
  m = /\b([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?/i.exec(
    t,
  );
  if (m && MONTHS[m[1].slice(0, 3).toLowerCase()]) {
    return utc(
      +m[3],
      MONTHS[m[1].slice(0, 3).toLowerCase()],
      +m[2],
      hour24(+(m[4] ?? 0), m[7]),
      +(m[5] ?? 0),
      +(m[6] ?? 0),
    );
  }
  m = /\b(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?/i.exec(
    t,
  );
  if (m && MONTHS[m[2].slice(0, 3).toLowerCase()]) {
    return utc(
      +m[3],
      MONTHS[m[2].slice(0, 3).toLowerCase()],
      +m[1],
      hour24(+(m[4] ?? 0), m[7]),
      +(m[5] ?? 0),
      +(m[6] ?? 0),
    );
  }
  if (/\d{1,2}\.\d{1,2}\.\d{4}\s+\d{1,2}:\d{2}/.test(t) || /[+-]\d{2}:?\d{2}\b|\b(GMT|UTC|Z)\b/.test(t))
    return parseDate(t);
  return null;
}

/** Whole seconds between two dates, or null. */
export function secondsBetween(a: Date | null, b: Date | null): number | null {
  if (!a || !b) return null;
  const d = Math.round((b.getTime() - a.getTime()) / 1000);
  return d >= 0 ? d : null;
}

/** The text of an e-mail lowercased once, for cheap marker tests in detectors. */
export function lowerAll(msg: MailMessage): { subject: string; from: string; text: string } {
  return {
    subject: msg.subject.toLowerCase(),
    from: `${msg.fromName} <${msg.from}>`.toLowerCase(),
    text: msg.text.toLowerCase(),
  };
}
