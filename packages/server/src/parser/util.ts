import type { ParsedResult, ParsedStatus } from './types.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return ENTITIES[k] ?? m;
  });
}

/** A readable text rendering of HTML: block elements and cells become line and tab breaks. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(td|th)>/gi, '\t')
      .replace(/<\/(p|div|tr|li|h[1-6]|table)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \u00a0]+/g, ' ')
    .replace(/ *\t */g, '\t')
    .replace(/\n[ \t]+/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Every table of an HTML body as rows of trimmed cell texts. Nested tables (the usual e-mail
 * layout) come out innermost first, each as its own entry; an outer table then sees a nested
 * one as an empty cell.
 */
export function htmlTables(html: string): string[][][] {
  const tables: string[][][] = [];
  // A table with no <table inside it: the lookahead keeps the match innermost.
  const innermost = /<table\b[^>]*>((?:(?!<table\b)[\s\S])*?)<\/table>/gi;
  let source = html;
  for (let guard = 0; guard < 200; guard++) {
    let found = false;
    source = source.replace(innermost, (_whole, inner: string) => {
      found = true;
      const rows: string[][] = [];
      for (const tr of inner.match(/<tr\b[^>]*>[\s\S]*?<\/tr>/gi) ?? []) {
        const cells = (tr.match(/<t[dh]\b[^>]*>[\s\S]*?<\/t[dh]>/gi) ?? []).map((c) =>
          decodeEntities(c.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, ''))
            .replace(/\s+/g, ' ')
            .trim(),
        );
        if (cells.length) rows.push(cells);
      }
      tables.push(rows);
      return ' ';
    });
    if (!found) break;
  }
  return tables;
}

/** Maps a vendor's status word to ours; unknown words give null. */
export function statusFromWord(word: string): ParsedStatus | null {
  const w = word.trim().toLowerCase();
  // Warnings first: "completed with warnings" must not read as a plain completion.
  if (/^(warning|warnings|partial|partially)\b|\bwith warnings?\b/.test(w)) return 'Warning';
  if (/^(success|successful|succeeded|successfully|completed|complete|ok|finished|normal|passed|done)\b/.test(w))
    return 'Success';
  if (/^(failed|failure|fail|error|errors|fatal|aborted|cancelled|canceled|critical|unsuccessful|missed)\b/.test(w))
    return 'Failure';
  return null;
}

/** Month numbers by the first three letters of an English month name, lowercased. */
export const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const UNITS: Record<string, number> = {
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
  tb: 1024 ** 4,
  tib: 1024 ** 4,
  pb: 1024 ** 5,
};

/** "12.5 GB", "1,024 MB", "3.2 TiB", "512 bytes" → bytes; null when not a size. */
export function parseSize(s: string | undefined | null): number | null {
  if (!s) return null;
  const m = /([\d][\d,.]*)\s*(bytes?|[kmgtp]i?b|b)\b/i.exec(s);
  if (!m) return null;
  const n = Number(m[1].replace(/,/g, ''));
  const unit = UNITS[m[2].toLowerCase()];
  return Number.isFinite(n) && unit ? Math.round(n * unit) : null;
}

/** "1:02:03", "02:03", "1h 2m 3s", "2 hours 5 minutes", "45 sec" → seconds; null when not a duration. */
export function parseDuration(s: string | undefined | null): number | null {
  if (!s) return null;
  const clock = /\b(?:(\d+)\.)?(\d{1,3}):(\d{2})(?::(\d{2}))?\b/.exec(s);
  if (clock) {
    const days = Number(clock[1] ?? 0);
    const [a, b, c] = [Number(clock[2]), Number(clock[3]), clock[4] === undefined ? null : Number(clock[4])];
    return days * 86400 + (c === null ? a * 60 + b : a * 3600 + b * 60 + c);
  }
  let total = 0;
  let matched = false;
  const re = /(\d+(?:\.\d+)?)\s*(d|days?|h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?)\b/gi;
  for (const m of s.matchAll(re)) {
    matched = true;
    const n = Number(m[1]);
    const u = m[2].toLowerCase()[0];
    total += u === 'd' ? n * 86400 : u === 'h' ? n * 3600 : u === 'm' ? n * 60 : n;
  }
  return matched ? Math.round(total) : null;
}

/** The value after "Label:" on its own line of a text body (first match), trimmed. */
export function field(text: string, label: string | RegExp): string | null {
  const l = typeof label === 'string' ? label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : label.source;
  const m = new RegExp(`^[ \\t]*(?:${l})[ \\t]*[:=][ \\t]*(.*)$`, 'im').exec(text);
  return m ? m[1].trim() : null;
}

/**
 * Wall-clock times read without a zone. Vendors print them in the backup server's local time;
 * the engine returns them as if UTC and marks them here, and `localizeTimes` (run right after
 * parsing, with the e-mail's own Date header offset) moves them to the real instant.
 */
const FLOATING = new WeakSet<Date>();

/** A wall-clock time without a zone, as a Date marked floating; null when invalid. */
export function floatingDate(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Date | null {
  if (![y, mo, d, h, mi, s].every(Number.isFinite)) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (Number.isNaN(date.getTime())) return null;
  FLOATING.add(date);
  return date;
}

/** Marks a Date computed from a floating one (e.g. start + duration) as floating too. */
export function floatingLike(from: Date | null, date: Date): Date {
  if (from && FLOATING.has(from)) FLOATING.add(date);
  // Computed from an ambiguous slash date: it moves with that date's day-first reading.
  const dayFirst = from ? DAY_FIRST.get(from) : undefined;
  if (dayFirst) {
    const moved = new Date(dayFirst.getTime() + (date.getTime() - from!.getTime()));
    FLOATING.add(moved);
    DAY_FIRST.set(date, moved);
  }
  return date;
}

export function isFloating(d: Date | null | undefined): boolean {
  return !!d && FLOATING.has(d);
}

/** The offset in minutes of an RFC 5322 Date header ("Sat, 21 Nov 2026 22:05:00 -0500" → -300), or null. */
export function headerOffsetMinutes(dateHeader: string | null | undefined): number | null {
  const m = /\s([+-])(\d{2})(\d{2})\s*(?:\([^)]*\))?\s*$/.exec(dateHeader ?? '');
  if (!m) return null;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  // "-0000" says the sender's zone is unknown (RFC 5322 §3.3): the tenant's zone applies.
  if (minutes > 14 * 60 || (m[1] === '-' && minutes === 0)) return null;
  return (m[1] === '-' ? -1 : 1) * minutes;
}

/**
 * Parses common e-mail date forms: ISO 8601, RFC 2822, "MM/DD/YYYY hh:mm[:ss] [AM|PM]",
 * "DD.MM.YYYY HH:mm[:ss]", "YYYY-MM-DD HH:mm:ss". Forms without a zone come back floating
 * (see `floatingDate`).
 */
export function parseDate(s: string | null | undefined): Date | null {
  if (!s) return null;
  const t = s.trim();
  let m = /(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?/.exec(t);
  if (m) {
    const zone = m[7] === 'UTC' || m[7] === 'GMT' ? 'Z' : m[7];
    const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4].padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}${zone ? zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z'}`;
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return null;
    if (!m[7]) FLOATING.add(d);
    return d;
  }
  m = /(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?/i.exec(t);
  if (m) return slashDate(+m[1], +m[2], +m[3], hour12(+m[4], m[7]), +m[5], +(m[6] ?? 0));
  m = /(\d{1,2})\.(\d{1,2})\.(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(t);
  if (m) return utc(+m[3], +m[2], +m[1], +m[4], +m[5], +(m[6] ?? 0));
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Which comes first in a slash date whose two leading numbers are both 12 or less. */
export type DayOrder = 'DMY' | 'MDY';

/** Ambiguous slash dates read month-first, with their day-first reading (see `withDayOrder`). */
const DAY_FIRST = new WeakMap<Date, Date>();

/**
 * "a/b/yyyy": day-first when a exceeds 12, month-first when b does; both 12 or less is
 * ambiguous: read month-first (the default), remembering the day-first reading so that
 * `withDayOrder` can take it once the e-mail's locale is known.
 */
function slashDate(a: number, b: number, y: number, h: number, mi: number, s: number): Date | null {
  const valid = (mo: number, d: number) => {
    const date = utc(y, mo, d, h, mi, s);
    return date && date.getUTCMonth() + 1 === mo && date.getUTCDate() === d ? date : null;
  };
  if (a > 12) return valid(b, a);
  const monthFirst = valid(a, b);
  if (monthFirst && b <= 12 && a !== b) {
    const dayFirst = valid(b, a);
    if (dayFirst) DAY_FIRST.set(monthFirst, dayFirst);
  }
  return monthFirst;
}

/** A date read from an ambiguous slash form, taken in the given order; other dates as they are. */
export function withDayOrder<T extends Date | null>(d: T, order: DayOrder | null): T {
  if (!d || order !== 'DMY') return d;
  return (DAY_FIRST.get(d) as T | undefined) ?? d;
}

function hour12(h: number, ampm?: string): number {
  if (!ampm) return h;
  const pm = ampm.toUpperCase() === 'PM';
  return (h % 12) + (pm ? 12 : 0);
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  return floatingDate(y, mo, d, h, mi, s);
}

/** A result with the defaults filled in; vendors set what their e-mail says. */
export function result(
  vendor: string,
  r: Partial<ParsedResult> & Pick<ParsedResult, 'jobName' | 'status'>,
): ParsedResult {
  return {
    vendor,
    deviceName: '',
    startTime: null,
    endTime: null,
    resultKind: 'Primary Backup',
    storageKind: null,
    backupType: 'Backup',
    sizeBytes: null,
    durationSeconds: null,
    failureText: null,
    clientId: null,
    ...r,
  };
}

/**
 * A run's stamp after a job's name: Bacula's "BackupClient1.2024-11-27_19.47.55_03" (2.x:
 * "Immediate.2011-03-29_21.19.43.13"), "nightly_2024-05-01T02:00". What is before it is the job.
 */
export const RUN_STAMP = /[._-]\d{4}-\d{2}-\d{2}[_T ]\d{2}[.:]\d{2}(?:[.:]\d{2})?(?:[._]\d+)?$/u;

/** The worst of several statuses (used when one e-mail sums up many items). */
export function worst(statuses: ParsedStatus[]): ParsedStatus {
  if (statuses.includes('Failure')) return 'Failure';
  if (statuses.includes('Warning')) return 'Warning';
  return 'Success';
}
