import type { MailMessage, ParsedResult, ParsedStatus, ResultKind, VendorParser } from '../types.ts';
import { parseDate, parseDuration, result, RUN_STAMP } from '../util.ts';
import { bodyText, joinMessages, monthNumber, secondsBetween, utcDate } from './_c-shared.ts';

/**
 * Bacula and Bareos director job reports as mailed by bsmtp (default subject
 * "Bacula: Backup OK of client-fd Full", "Bareos: Backup Error of …", "… OK -- with warnings …").
 * The body holds the job's messages and the report block ("JobId:", "Job:", "Backup Level:",
 * "Client:", "FileSet:", "Start time:", "End time:", "SD Bytes Written:", "Termination:").
 * One result per report block.
 */

const ID = 'bacula';
const SUBJECT = /^\s*(?:Bacula|Bareos):\s+\S+.*\bof\b/i;
const TERMINATION = /^\s*Termination:\s*(.+)$/m;
/**
 * The report's "Job:" line, the job name with its run stamp ("BackupClient1.2024-11-27_19.47.55_03";
 * Bacula 2.x put a dot before the sequence number: "Immediate.2011-03-29_21.19.43.13").
 */
const JOB_LINE = /^\s*Job:\s+\S+\.\d{4}-\d{2}-\d{2}_\d{2}\.\d{2}\.\d{2}[._]\d+\s*$/m;

function detect(msg: MailMessage): boolean {
  const text = msg.text;
  const report = TERMINATION.test(text) && (/^\s*JobId:\s+\d+/m.test(text) || JOB_LINE.test(text));
  if (SUBJECT.test(msg.subject))
    return report || /^\s*(?:Bacula|Bareos):\s+\S+\s+(?:OK|Error|Fatal|Canceled)/i.test(msg.subject);
  return report && /\b(?:Bacula|Bareos)\b/i.test(text);
}

/** Russian month abbreviations as a director in a Russian locale prints them ("27-ноя-2024"). */
const RU_MONTHS = ['янв', 'фев', 'мар', 'апр', 'мая', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

function localMonth(name: string): number | null {
  if (name.endsWith('月')) return Number(name.slice(0, -1)) || null;
  const ru = RU_MONTHS.indexOf(name.toLowerCase().replace('май', 'мая'));
  return ru >= 0 ? ru + 1 : monthNumber(name);
}

/**
 * "18-Jan-2023 23:14:55" (Bacula/Bareos default), the same with the month of the director's
 * locale ("19-5月-2019 00:22:34", "27-ноя-2024 19:47:57"), or ISO forms via parseDate.
 */
function baculaDate(s: string | undefined): Date | null {
  if (!s) return null;
  const m = /^(\d{1,2})-([A-Za-z]{3}|[а-яё]{3}|\d{1,2}月)-(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?/iu.exec(s.trim());
  if (m) {
    const mo = localMonth(m[2]);
    return mo ? utcDate(+m[3], mo, +m[1], +m[4], +m[5], +(m[6] ?? 0)) : null;
  }
  return parseDate(s);
}

interface Block {
  fields: Map<string, string>;
  /** The block stops before "Termination:" (a mail or a paste cut short). */
  cut?: boolean;
}

/**
 * Every report block: "Key: value" lines from "JobId:" to "Termination:". The director indents
 * them by two spaces; a copy pasted into a forum or a ticket often loses that, so it is optional.
 */
function reportBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of lines) {
    const kv = /^\s*([A-Za-z][A-Za-z0-9 ()/-]*?):\s*(.*)$/.exec(line);
    if (!current) {
      if (kv && kv[1] === 'JobId' && /^\d+$/.test(kv[2].trim())) {
        current = { fields: new Map([['JobId', kv[2].trim()]]) };
      } else if (kv && kv[1] === 'Job' && RUN_STAMP.test(kv[2].trim())) {
        // A copy that lost its "JobId:" line still starts at the stamped "Job:" line.
        current = { fields: new Map([['Job', kv[2].trim()]]) };
      }
      continue;
    }
    if (kv) {
      if (!current.fields.has(kv[1])) current.fields.set(kv[1], kv[2].trim());
      if (kv[1] === 'Termination') {
        blocks.push(current);
        current = null;
      }
    }
  }
  if (current && current.fields.has('Job')) blocks.push({ ...current, cut: true });
  return blocks;
}

function statusOf(termination: string): ParsedStatus {
  const t = termination.toLowerCase();
  if (/with warnings/.test(t)) return 'Warning';
  if (/error|fatal|fail|cancel|differences|incomplete|unknown/.test(t)) return 'Failure';
  if (/\bok\b/.test(t)) return 'Success';
  return 'Failure';
}

/** The job's own "Fatal error:", "Error:" and "Warning:" messages (first lines), for a JobId. */
function jobMessages(lines: string[], jobId: string, levels: RegExp): string[] {
  const re = new RegExp(`\\bJobId ${jobId}: (Fatal error|Error|Warning): (.*)$`);
  // File daemon "not saved" messages come without a level: "JobId 12:      Could not stat …: ERR=…".
  const plain = new RegExp(`\\bJobId ${jobId}:\\s{2,}(\\S.*\\bERR=.*)$`);
  const out: string[] = [];
  for (const line of lines) {
    const p = plain.exec(line);
    if (p) {
      out.push(p[1].trim());
      continue;
    }
    const m = re.exec(line);
    if (!m || !levels.test(m[1])) continue;
    const msg = m[2].trim();
    // The report itself is announced as "Error: Bacula dir 9.6.7 (10Dec20):" on failed jobs.
    if (/^(?:Bacula|Bareos)\s+(?:Enterprise\s+)?\S+\s+[\d.]+\s*(?:\(|$)/.test(msg) || !msg) continue;
    out.push(msg);
  }
  return out;
}

/**
 * The outcome of a report cut before its "Termination:" line: the subject's exit status
 * ("Bareos: Backup Error of …"), else "Error" when the job logged a fatal error. Nothing is
 * read otherwise: a report without its end is never taken for a success.
 */
function cutTermination(lines: string[], jobId: string, subject: string): string | null {
  const fromSubject = /^\s*(?:Bacula|Bareos):\s+\S+\s+(.+?)\s+of\s+\S+/i.exec(subject)?.[1];
  if (fromSubject && /error|fatal|fail|cancel/i.test(fromSubject)) return fromSubject;
  if (jobMessages(lines, jobId, /Fatal error/).length) return 'Error';
  return null;
}

function blockResult(block: Block, lines: string[], subject: string): ParsedResult | null {
  const f = block.fields;
  const termination = block.cut ? cutTermination(lines, f.get('JobId') ?? '', subject) : (f.get('Termination') ?? '');
  if (termination === null) return null;
  const kind = (/^\W*(\w+)/.exec(termination)?.[1] ?? '').toLowerCase();
  let resultKind: ResultKind = 'Primary Backup';
  if (kind === 'verify') resultKind = 'Primary Verification';
  else if (kind === 'restore' || kind === 'admin') return null;
  const status = statusOf(termination);
  const jobId = f.get('JobId') ?? '';
  const job = (f.get('Job') ?? '').replace(RUN_STAMP, '');
  const clientRaw = f.get('Client') ?? /\bof\s+(\S+)/i.exec(subject)?.[1] ?? '';
  const client = (/^"([^"]*)"/.exec(clientRaw)?.[1] ?? clientRaw.split(/\s+/)[0] ?? '').trim();
  const startTime = baculaDate(f.get('Start time'));
  const endTime = baculaDate(f.get('End time'));
  const bytes = /^([\d,]+)/.exec(f.get('SD Bytes Written') ?? f.get('Bytes Written') ?? '')?.[1];
  let failureText: string | null = null;
  if (status === 'Failure') {
    const counts = ['Non-fatal FD errors', 'SD Errors', 'FD Errors']
      .filter((k) => Number(f.get(k) ?? 0) > 0)
      .map((k) => `${k}: ${f.get(k)}`);
    failureText =
      joinMessages(jobMessages(lines, jobId, /Fatal error|Error/)) ??
      joinMessages([termination.replace(/\*/g, '').trim(), ...counts]);
  } else if (status === 'Warning') {
    failureText = joinMessages(jobMessages(lines, jobId, /Warning|Error/)) ?? termination;
  }
  return result(ID, {
    jobName: job || f.get('FileSet')?.replace(/^"([^"]*)".*$/, '$1') || 'Bacula job',
    deviceName: client,
    status,
    resultKind,
    startTime,
    endTime,
    durationSeconds: parseDuration(f.get('Elapsed time')) ?? secondsBetween(startTime, endTime),
    sizeBytes: bytes ? Number(bytes.replace(/,/g, '')) : null,
    failureText,
  });
}

/**
 * A mail with the director's subject ("Bacula: Backup Error of client-fd Full") but no report
 * block, only the job's messages: the subject's exit status is the director's verdict. An "OK"
 * is taken only beside the job's own messages and when they hold no error or warning.
 */
function subjectResult(subject: string, lines: string[]): ParsedResult | null {
  const m = /^\s*(?:Bacula|Bareos):\s+(\w+)\s+(.+?)\s+of\s+(\S+)(?:\s+(\w+))?/i.exec(subject);
  if (!m) return null;
  const [, type, exit, client] = m;
  if (/^(?:restore|admin)$/i.test(type)) return null;
  const jobId = /\bJobId (\d+):/.exec(lines.join('\n'))?.[1] ?? '';
  const problems = jobId ? jobMessages(lines, jobId, /Fatal error|Error|Warning/) : [];
  const status = statusOf(exit);
  if (status === 'Success' && (!jobId || problems.length)) return null;
  const job = /\bJob=(\S+)/.exec(lines.join('\n'))?.[1]?.replace(RUN_STAMP, '');
  return result(ID, {
    jobName: job || client,
    deviceName: client,
    status,
    resultKind: /^verify$/i.test(type) ? 'Primary Verification' : 'Primary Backup',
    failureText: status === 'Success' ? null : (joinMessages(problems) ?? exit.replace(/\*/g, '').trim()),
  });
}

function parse(msg: MailMessage): ParsedResult[] {
  const lines = bodyText(msg.text).split('\n');
  const blocks = reportBlocks(lines);
  if (!blocks.length) {
    if (TERMINATION.test(msg.text)) throw new Error('job report without a JobId line');
    const fromSubject = subjectResult(msg.subject, lines);
    return fromSubject ? [fromSubject] : [];
  }
  return blocks.map((b) => blockResult(b, lines, msg.subject)).filter((r): r is ParsedResult => r !== null);
}

export const bacula: VendorParser = { id: ID, name: 'Bacula / Bareos', detect, parse };
