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
/**
 * "Duplicati Backup report for X" (older default), "Duplicati Success, Backup report for X"
 * (newer default, "%PARSEDRESULT%, %OPERATIONNAME%"), and custom forms with the result put
 * elsewhere ("Error: Duplicati Backup report for X", "Duplicati Backup (Error) report for X"):
 * 1 the words before, 2 the words between "Duplicati" and "report" (the last one the operation),
 * 3 the backup name.
 */
const SUBJECT = /^(.*?)\bDuplicati\s+((?:\S+\s+){0,3}?)report\s+for\s+(.+?)\s*$/i;

function detect(msg: MailMessage): boolean {
  if (SUBJECT.test(msg.subject)) return true;
  const t = msg.text;
  return (
    (/^\s*ParsedResult: \w+/m.test(t) && /^\s*MainOperation: \w+/m.test(t)) ||
    (/^Failed: /m.test(t) && /Duplicati\.(?:Library|Server|CommandLine)\./.test(t)) ||
    (/"ParsedResult"\s*:\s*"\w+"/.test(t) && /"MainOperation"\s*:/.test(t))
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

/**
 * Every status field of the report, read so that none can hide a failure: the result word
 * (ParsedResult), an operation that threw ("Failed:"), non-empty Errors/Warnings lists and their
 * counts, files with errors, and a result word put in the subject. When the body lost its
 * indentation (a forum paste, an HTML-only mail), nested sub-results can no longer be told from
 * the report's own lines, so every line counts. Failure > Warning > Success; null when the mail
 * gives no status at all.
 */
export function duplicatiStatus(text: string, subjectWords: string): ParsedStatus | null {
  const flat = !/^[ \t]+\S/m.test(text);
  const lines = (key: string) =>
    [...text.matchAll(new RegExp(`^([ \\t]*)${key}:[ \\t]*(.*)$`, 'gm'))]
      .filter((m) => flat || !m[1])
      .map((m) => m[2].trim());
  const nested = (key: string) =>
    [...text.matchAll(new RegExp(`^[ \\t]+${key}:[ \\t]*(.*)$`, 'gm'))].map((m) => m[1].trim());
  const found: ParsedStatus[] = [];
  for (const v of lines('ParsedResult')) {
    const st = STATUS[v.toLowerCase()];
    if (st) found.push(st);
  }
  // A sub-operation (verification, compacting) that failed: the backup ran, the set is suspect.
  if (nested('ParsedResult').some((v) => STATUS[v.toLowerCase()] === 'Failure')) found.push('Warning');
  if (lines('Failed').length) found.push('Failure');
  if (lines('ErrorsActualLength').some((v) => Number(v) > 0)) found.push('Failure');
  if (lines('WarningsActualLength').some((v) => Number(v) > 0)) found.push('Warning');
  if (lines('FilesWithError').some((v) => Number(v) > 0)) found.push('Warning');
  if (listNonEmpty(text, 'Errors', flat)) found.push('Failure');
  if (listNonEmpty(text, 'Warnings', flat)) found.push('Warning');
  // The JSON report format.
  for (const m of text.matchAll(/"ParsedResult"\s*:\s*"(\w+)"/g)) {
    const st = STATUS[m[1].toLowerCase()];
    if (st) found.push(st);
  }
  if (/"Exception"\s*:\s*"/.test(text)) found.push('Failure');
  if (/"ErrorsActualLength"\s*:\s*[1-9]/.test(text)) found.push('Failure');
  if (/"WarningsActualLength"\s*:\s*[1-9]/.test(text)) found.push('Warning');
  if (/\b(?:error|errors|fatal|failed|failure)\b/i.test(subjectWords)) found.push('Failure');
  else if (/\bwarnings?\b/i.test(subjectWords)) found.push('Warning');
  if (lines('PartialBackup').some((v) => /^true$/i.test(v))) found.push('Warning');
  // The earliest layout has no result word: empty Errors and Warnings lists are the clean run.
  if (!found.length && lines('Errors').some((v) => v === '[]') && lines('Warnings').some((v) => v === '[]'))
    found.push('Success');
  if (!found.length) return null;
  return found.includes('Failure') ? 'Failure' : found.includes('Warning') ? 'Warning' : 'Success';
}

/** Whether a "Key: [ … ]" list (top-level, or any when the indentation is lost) has an entry. */
function listNonEmpty(text: string, key: string, flat: boolean): boolean {
  const re = new RegExp(`^([ \\t]*)${key}:[ \\t]*\\[([^\\]]*)`, 'gm');
  for (const m of text.matchAll(re)) {
    if (!flat && m[1]) continue;
    if (m[2].trim()) return true;
  }
  return false;
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = bodyText(msg.text);
  const subject = SUBJECT.exec(msg.subject);
  const jobName = subject?.[3] ?? jsonField(text, 'backup-name') ?? 'Duplicati backup';
  const subjectOperation = /(\w+)\W*$/.exec(subject?.[2]?.replace(/\([^)]*\)/g, '') ?? '')?.[1];
  const operation = (
    top(text, 'MainOperation') ??
    jsonField(text, 'MainOperation') ??
    subjectOperation ??
    'Backup'
  ).toLowerCase();
  if (operation === 'restore' || operation === 'list' || operation === 'repair') return [];
  const resultKind: ResultKind =
    operation === 'test' || operation === 'verify' ? 'Primary Verification' : 'Primary Backup';

  const status = duplicatiStatus(text, subject ? `${subject[1]} ${subject[2]}` : '');
  if (!status) throw new Error('report without a result (no ParsedResult, Failed or Errors line)');
  const failed = top(text, 'Failed');
  const warnings = logList(text, 'Warnings');
  const errors = logList(text, 'Errors');
  let failureText: string | null = null;
  if (status === 'Failure')
    failureText = failed || (joinMessages(errors.length ? errors : warnings) ?? 'Backup ended with errors');
  else if (status === 'Warning') failureText = joinMessages([...errors, ...warnings]) ?? 'Backup ended with warnings';
  if (failed !== null && top(text, 'ParsedResult') === null) {
    return [result(ID, { jobName, status, resultKind, failureText: failureText ?? 'Operation failed' })];
  }

  const startTime = reportDate(top(text, 'BeginTime'));
  const endTime = reportDate(top(text, 'EndTime'));
  const size = top(text, 'SizeOfExaminedFiles');
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

/** A string field of the JSON report format ("backup-name": "X"). */
function jsonField(text: string, key: string): string | null {
  const m = new RegExp(`"${key}"\\s*:\\s*"([^"]*)"`).exec(text);
  return m ? m[1] : null;
}

export const duplicati: VendorParser = { id: ID, name: 'Duplicati', detect, parse };
