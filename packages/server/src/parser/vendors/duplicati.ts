import type { MailMessage, ParsedResult, ParsedStatus, ResultKind, VendorParser } from '../types.ts';
import { parseDate, parseDuration, result } from '../util.ts';
import { bodyText, hour24, joinMessages, secondsBetween, utcDate } from './_c-shared.ts';

/**
 * Duplicati "send-mail" reports. Default subject "Duplicati %OPERATIONNAME% report for %backup-name%";
 * the default body is the operation result as "Key: value" lines (ParsedResult, BeginTime, EndTime,
 * Duration, SizeOfExaminedFiles, Warnings: [...], Errors: [...], nested sub-results indented), or,
 * when the operation threw, "Failed: <message>" / "Details: <exception>" / "Log data:".
 */

const ID = 'duplicati';
const SUBJECT = /^\s*Duplicati\s+(\S+)\s+report\s+for\s+(.+?)\s*$/i;

function detect(msg: MailMessage): boolean {
  if (SUBJECT.test(msg.subject)) return true;
  const t = msg.text;
  return (
    (/^ParsedResult: \w+/m.test(t) && /^MainOperation: \w+/m.test(t) && /^Version: /m.test(t)) ||
    (/^Failed: /m.test(t) && /Duplicati\.(?:Library|Server|CommandLine)\./.test(t))
  );
}

/** A top-level (not indented) "Key: value" line of the report. */
function top(text: string, key: string): string | null {
  const m = new RegExp(`^${key}: ?(.*)$`, 'm').exec(text);
  return m ? m[1].trim() : null;
}

/**
 * "11/21/2026 1:00:00 AM (1763683200)": the server's local wall-clock time (taken as UTC, like every
 * zone-less time; the ingest stage corrects to the tenant's zone) followed by the exact Unix time.
 * The text's day/month order depends on the server's locale, so the Unix time (which lies within
 * ±14 h of the wall clock) picks the reading; without a usable text the Unix time itself is used.
 */
function reportDate(s: string | null): Date | null {
  if (!s) return null;
  const epochMatch = /\((-?\d{9,12})\)\s*$/.exec(s);
  const epoch = epochMatch ? Number(epochMatch[1]) * 1000 : null;
  if (epoch !== null && epoch <= 0) return null;
  const display = epochMatch ? s.slice(0, epochMatch.index).trim() : s.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?/i.exec(display);
  if (m) {
    const [a, b, y, h, mi, sec] = [+m[1], +m[2], +m[3], hour24(+m[4], m[7]), +m[5], +(m[6] ?? 0)];
    const reading = (mo: number, d: number) => {
      const date = utcDate(y, mo, d, h, mi, sec);
      return date && date.getUTCMonth() + 1 === mo && date.getUTCDate() === d ? date : null;
    };
    const readings = [reading(a, b), reading(b, a)].filter((d): d is Date => d !== null);
    if (epoch === null) return readings[0] ?? null;
    const fit = readings.find((d) => Math.abs(d.getTime() - epoch) <= 14 * 3600 * 1000);
    if (fit) return fit;
  } else {
    const d = parseDate(display);
    if (d && (epoch === null || Math.abs(d.getTime() - epoch) <= 14 * 3600 * 1000)) return d;
  }
  return epoch !== null ? new Date(epoch) : null;
}

/** The entries of a top-level list "Key: [ … ]": one per "[Warning-…]: message" line. */
function logList(text: string, key: string): string[] {
  const start = new RegExp(`^${key}: \\[`, 'm').exec(text);
  if (!start) return [];
  const rest = text.slice(start.index + start[0].length);
  const end = /^\]/m.exec(rest);
  const block = end ? rest.slice(0, end.index) : rest;
  const out: string[] = [];
  for (const line of block.split('\n')) {
    const m = /\[(?:Warning|Error)-[^\]]*\]:\s*(.*?),?\s*$/.exec(line);
    if (m && m[1]) out.push(m[1]);
  }
  return out;
}

const STATUS: Record<string, ParsedStatus> = {
  success: 'Success',
  warning: 'Warning',
  error: 'Failure',
  fatal: 'Failure',
};

function parse(msg: MailMessage): ParsedResult[] {
  const text = bodyText(msg.text);
  const subject = SUBJECT.exec(msg.subject);
  const jobName = subject?.[2] ?? 'Duplicati backup';
  const operation = (top(text, 'MainOperation') ?? subject?.[1] ?? 'Backup').toLowerCase();
  if (operation === 'restore' || operation === 'list' || operation === 'repair') return [];
  const resultKind: ResultKind =
    operation === 'test' || operation === 'verify' ? 'Primary Verification' : 'Primary Backup';

  const failed = top(text, 'Failed');
  if (failed !== null && top(text, 'ParsedResult') === null) {
    return [result(ID, { jobName, status: 'Failure', resultKind, failureText: failed || 'Operation failed' })];
  }

  const parsed = top(text, 'ParsedResult');
  if (!parsed) throw new Error('report without a ParsedResult line');
  const status = STATUS[parsed.toLowerCase()];
  if (!status) throw new Error(`unknown ParsedResult "${parsed}"`);
  const startTime = reportDate(top(text, 'BeginTime'));
  const endTime = reportDate(top(text, 'EndTime'));
  const size = top(text, 'SizeOfExaminedFiles');
  const warnings = logList(text, 'Warnings');
  const errors = logList(text, 'Errors');
  let failureText: string | null = null;
  if (status === 'Failure') failureText = joinMessages(errors.length ? errors : warnings) ?? 'Backup ended with errors';
  else if (status === 'Warning') failureText = joinMessages([...errors, ...warnings]) ?? 'Backup ended with warnings';

  return [
    result(ID, {
      jobName,
      status,
      resultKind,
      startTime,
      endTime,
      durationSeconds: parseDuration(top(text, 'Duration')) ?? secondsBetween(startTime, endTime),
      sizeBytes: size && /^\d+$/.test(size) ? Number(size) : null,
      failureText,
    }),
  ];
}

export const duplicati: VendorParser = { id: ID, name: 'Duplicati', detect, parse };
