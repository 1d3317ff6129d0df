/**
 * Helpers shared by group "a" vendor parsers only (Veeam, Datto, Axcient, Acronis, Cove, MSP360,
 * Synology). General helpers live in ../util.ts; these cover what those do not: month-name dates,
 * time-of-day arithmetic, raw table cells that keep line breaks, and the Veeam job-report layout.
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
  parseDuration,
  parseSize,
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

// ---------------------------------------------------------------------------------------------
// Veeam job reports (Backup & Replication, Agent for Windows/Linux, Backup for Microsoft 365)
// ---------------------------------------------------------------------------------------------

/** One processed object row of a Veeam report, keyed by lowercased column header. */
export interface VeeamObject {
  cells: Record<string, string>;
  /** The Details column (or the detail row under the object) as lines. */
  details: string[];
}

export interface VeeamReport {
  /** "Backup", "Backup Copy", "Replication", "Agent Backup", "File Backup", "SureBackup", … */
  jobType: string;
  jobName: string;
  status: ParsedStatus | null;
  /** The session's date line (day of the run), when present. */
  sessionDate: Date | null;
  startTime: Date | null;
  endTime: Date | null;
  durationSeconds: number | null;
  /** Summary figures keyed by lowercased label ("total size", "transferred", "processed objects", …). */
  summary: Record<string, string>;
  /** Job-level warning/error lines printed above the object table. */
  jobMessages: string[];
  objects: VeeamObject[];
}

/** Veeam's result words: Success, Warning, Failed, Error (and the VB365 "Partially succeeded"). */
export function veeamStatus(word: string | null | undefined): ParsedStatus | null {
  if (!word) return null;
  const w = word.trim().toLowerCase();
  if (/^(partially|succeeded with warning|warning)/.test(w)) return 'Warning';
  if (/^(success|succeeded)/.test(w)) return 'Success';
  if (/^(failed|error|failure|stopped)/.test(w)) return 'Failure';
  return statusFromWord(w);
}

/** "[Success] Job name (3 objects) …" → Success; the bracket may follow a custom prefix. */
export function veeamSubjectStatus(subject: string): ParsedStatus | null {
  const m = /\[(success|warning|failed|failure|error|partially succeeded)\]/i.exec(subject);
  return m ? veeamStatus(m[1]) : null;
}

/** The result of a Veeam report: the subject's bracket, else the word printed next to the job name. */
export function veeamResultWord(msg: MailMessage): ParsedStatus | null {
  return veeamSubjectStatus(msg.subject) ?? (msg.html ? headerStatus(msg.html) : null);
}

const SUMMARY_LABELS = new Set([
  'start time',
  'end time',
  'duration',
  'total size',
  'backup size',
  'data read',
  'read',
  'transferred',
  'dedupe',
  'compression',
  'bottleneck',
  'processing rate',
  'processed',
  'processed objects',
  'objects',
  'organization',
  'processed size',
  'source size',
]);

const HEADER_RE = /<t[dh][^>]*>\s*(?:<[^>]+>\s*)*([A-Za-z0-9 ]{0,40}?)\s*(job|policy|session)\s*:\s*([^<]+)</i;

/** Reads the common Veeam HTML job report (header, session summary, per-object table). */
export function parseVeeamReport(msg: MailMessage): VeeamReport {
  const html = msg.html;
  if (!html) throw new Error('the job report has no HTML body');
  const head = HEADER_RE.exec(html);
  let jobType = head ? `${head[1].trim()} ${/session/i.test(head[2]) ? 'session' : ''}`.trim() : '';
  let jobName = head ? decodeEntities(head[3]).replace(/\s+/g, ' ').trim() : '';
  if (!jobName) {
    // Fall back to the default subject "[Result] Job name (N objects) issues".
    jobName = msg.subject
      .replace(/^\s*\[[^\]]*\]\s*/, '')
      .replace(/\s*\(\d+\s+(?:objects?|vms?|machines?|instances?|mailboxes?|items?)\).*$/i, '')
      .trim();
    jobType = jobType || 'Backup';
  }
  if (!jobName) throw new Error('no job name in the report');

  const summary: Record<string, string> = {};
  const jobMessages: string[] = [];
  const objects: VeeamObject[] = [];
  let sessionDate: Date | null = null;
  let columns: string[] | null = null;
  let pendingDetailRow = false;

  for (const table of rawTables(html)) {
    for (const row of table) {
      const texts = row.map(cellText);
      if (texts.every((t) => !t)) continue;
      const lower = texts.map((t) => t.toLowerCase().replace(/:$/, ''));
      if (lower.includes('name') && lower.includes('status')) {
        columns = lower;
        pendingDetailRow = false;
        continue;
      }
      if (columns && texts.length === columns.length && texts.length > 1) {
        const cells: Record<string, string> = {};
        columns.forEach((c, i) => (cells[c] = texts[i]));
        const di = columns.indexOf('details');
        objects.push({ cells, details: di >= 0 ? htmlLines(row[di]) : [] });
        pendingDetailRow = false;
        continue;
      }
      if (texts.length === 1) {
        const only = texts[0];
        if (/^details$/i.test(only)) {
          pendingDetailRow = objects.length > 0;
          continue;
        }
        if (pendingDetailRow) {
          const last = objects[objects.length - 1];
          if (!last.details.length) last.details = htmlLines(row[0]);
          pendingDetailRow = false;
          continue;
        }
        if (!columns) {
          if (!sessionDate && !objects.length && anyDate(only) && only.length < 60) {
            sessionDate = anyDate(only);
            continue;
          }
          jobMessages.push(...htmlLines(row[0]));
        }
        continue;
      }
      // Summary rows: label / value pairs ("Start time | 22:00:05 | Total size | 120 GB …").
      for (let i = 0; i + 1 < lower.length; i++) {
        if (SUMMARY_LABELS.has(lower[i]) && !(lower[i] in summary)) {
          summary[lower[i]] = texts[i + 1];
          i++;
        }
      }
    }
  }

  const startTime = dateOrTime(summary['start time'], sessionDate);
  if (!sessionDate && startTime) sessionDate = startTime;
  const endTime = dateOrTime(summary['end time'], sessionDate, startTime);
  const durationSeconds = parseDuration(summary['duration']) ?? secondsBetween(startTime, endTime);
  const status = veeamResultWord(msg);

  return { jobType, jobName, status, sessionDate, startTime, endTime, durationSeconds, summary, jobMessages, objects };
}

/** The result word printed next to the job name in the report header. */
function headerStatus(html: string): ParsedStatus | null {
  const m =
    /(?:job|policy|session)\s*:[^<]*<[\s\S]{0,600}?<t[dh][^>]*>\s*(?:<[^>]+>\s*)*(Success|Warning|Failed|Error)\b/i.exec(
      html,
    );
  return m ? veeamStatus(m[1]) : null;
}

/** Object start/end times (times of day in the session) as dates. */
export function veeamObjectTimes(report: VeeamReport, o: VeeamObject): { start: Date | null; end: Date | null } {
  const base = report.sessionDate ?? report.startTime;
  const start = dateOrTime(o.cells['start time'], base, report.startTime);
  const end = dateOrTime(o.cells['end time'], base, start ?? report.startTime);
  return { start, end };
}

/** The bytes a Veeam row or summary says were written by this run. */
export function veeamSize(values: Record<string, string>): number | null {
  return parseSize(values['transferred']) ?? parseSize(values['backup size']) ?? parseSize(values['processed size']);
}
