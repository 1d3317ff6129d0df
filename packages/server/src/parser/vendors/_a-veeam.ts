/**
 * The Veeam job-report layout shared by the Veeam parsers (Backup & Replication, Agent for
 * Windows/Linux, Backup for Microsoft 365): header, session summary and per-object table.
 */
import type { MailMessage, ParsedStatus } from '../types.ts';
import { decodeEntities, parseDuration, parseSize, statusFromWord } from '../util.ts';
import { anyDate, dateOrTime, htmlLines, cellText, rawTables, secondsBetween } from './_a-shared.ts';

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
