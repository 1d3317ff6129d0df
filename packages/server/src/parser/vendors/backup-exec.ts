/**
 * Veritas (formerly Symantec) Backup Exec job alert notifications, sent by the Backup Exec
 * server through its SMTP recipient settings. The subject is fixed by the product:
 *   Backup Exec Alert: <alert> (Server: "<media server>") (Job: "<job name>")
 * where <alert> is "Job Success", "Job Completed with Exceptions" (→ Warning), "Job Failed" or
 * "Job Cancellation" (→ Failure). The body repeats "Job server:", "Job name:", "Job started:",
 * "Job type:", "Job Log:" and, in the completion block, "Job ended:", "Completed status:",
 * "Final error:", "Final error category:", optionally "Byte count:" / "Elapsed time:" and an
 * "Exceptions" or "Errors" list. Dates are long US dates ("Friday, November 20, 2026 at
 * 10:00:03 PM"). Default job names are "<server> Backup <nnnnn>-<Full|Incremental>", so the
 * protected server is taken from that prefix when the job keeps its default name.
 */
import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween } from './_b-shared.ts';

const ID = 'backup-exec';
const SUBJECT = /Backup Exec Alert:\s*(.+?)\s*\(Server:\s*"([^"]*)"\)\s*(?:\(Job:\s*"([^"]*)"\))?/i;

function detect(msg: MailMessage): boolean {
  if (/^\s*(?:\w+:\s*)?Backup Exec Alert:/i.test(msg.subject)) return true;
  return /Backup Exec/i.test(msg.fromName) && /^\s*Job server:/im.test(msg.text) && /^\s*Job name:/im.test(msg.text);
}

function alertStatus(phrase: string | null | undefined): ParsedStatus | null {
  if (!phrase) return null;
  if (/cancel/i.test(phrase)) return 'Failure';
  return mapStatus(phrase);
}

/** Lines listed under an "Exceptions", "Errors" or "…following conditions were encountered:" heading. */
function listedConditions(text: string): string[] {
  const out: string[] = [];
  let inList = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^(Exceptions|Errors|Job Exceptions|Job Errors)$/i.test(line)) {
      inList = true;
      continue;
    }
    if (!line) {
      inList = false;
      continue;
    }
    if (inList && !/^(For additional information|Click here)/i.test(line)) out.push(line);
  }
  return out;
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const subj = SUBJECT.exec(msg.subject);
  const jobName = pick(kv, 'job name') ?? subj?.[3] ?? '';
  if (!jobName) throw new Error('no job name in the Backup Exec alert');
  const status = alertStatus(pick(kv, 'completed status', 'job completion status')) ?? alertStatus(subj?.[1]);
  if (!status) throw new Error(`unknown Backup Exec alert "${subj?.[1] ?? msg.subject}"`);

  const startTime = looseDate(pick(kv, 'job started', 'start time'));
  const endTime = looseDate(pick(kv, 'job ended', 'end time'));
  const finalError = pick(kv, 'final error');
  const jobType = pick(kv, 'job type') ?? '';
  const errorText = finalError && !/^0x0+\b/i.test(finalError) ? finalError : null;

  return [
    result(ID, {
      jobName,
      deviceName: /^(\S+?)\s+Backup\b/i.exec(jobName)?.[1] ?? '',
      status,
      startTime,
      endTime,
      resultKind: /verify/i.test(jobType) ? 'Primary Verification' : 'Primary Backup',
      sizeBytes: parseSize(pick(kv, 'byte count', 'bytes')),
      durationSeconds: parseDuration(pick(kv, 'elapsed time')) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success' ? null : (joinMessages([errorText, ...listedConditions(msg.text)]) ?? subj?.[1] ?? null),
    }),
  ];
}

export const backupExec: VendorParser = { id: ID, name: 'Veritas Backup Exec', detect, parse };
