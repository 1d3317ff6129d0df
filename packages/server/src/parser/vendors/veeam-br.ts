import type { MailMessage, ParsedResult, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, result, worst } from '../util.ts';
import { bodyOf, joinMessages } from './_a-shared.ts';
import {
  parseVeeamReport,
  veeamObjectTimes,
  veeamSize,
  veeamStatus,
  veeamResultWord,
  type VeeamReport,
} from './_a-veeam.ts';

const ID = 'veeam-br';

/** The product footer every Backup & Replication job report ends with. */
const VBR_MARK = /Veeam Backup (?:&amp;|&) Replication/i;
/** Mail of sibling products that use the same layout and must not be claimed here. */
const OTHER_VEEAM =
  /Veeam Agent for (?:Microsoft Windows|Linux|Mac|IBM AIX|Oracle Solaris)|Veeam Backup for Microsoft (?:365|Office 365)/i;
const JOB_HEADER =
  /\b(?:Backup|Backup Copy|Replication|Agent Backup|File Backup|File Copy|Object Storage Backup|SureBackup|Tape|Backup to Tape)\s+(?:job|policy)\s*:/i;

/** The default subject "[Failed] Job name (2 VMs)", as plain-text copies of the report keep it. */
const PLAIN_SUBJECT = /^\s*\[(?:success|warning|failed|error)\]\s*.+\(\d+\s+(?:vms?|objects?|machines?)\)/i;

function detect(msg: MailMessage): boolean {
  if (!msg.html) return detectPlain(msg);
  const body = bodyOf(msg);
  if (!JOB_HEADER.test(body) || !veeamResultWord(msg)) return false;
  if (VBR_MARK.test(body)) return true;
  // Reports without the footer: the per-object table with Veeam's own columns, and no sibling product named.
  return !OTHER_VEEAM.test(body) && /Transferred/i.test(body) && /Dedupe|Compression|Bottleneck/i.test(body);
}

function kindOf(jobType: string): { resultKind: ResultKind; storageKind: StorageKind | null } {
  if (/replica/i.test(jobType)) return { resultKind: 'Replication', storageKind: null };
  if (/surebackup/i.test(jobType)) return { resultKind: 'Primary Boot Verification', storageKind: 'Boot verification' };
  if (/tape/i.test(jobType)) return { resultKind: 'Primary Backup', storageKind: 'Removable storage' };
  return { resultKind: 'Primary Backup', storageKind: null };
}

/** One result per processed VM/machine/share; a job that failed before any object gives one job-level result. */
export function veeamResults(vendor: string, report: VeeamReport): ParsedResult[] {
  const { resultKind, storageKind } = kindOf(report.jobType);
  const jobText = joinMessages(report.jobMessages);
  if (!report.objects.length) {
    const status = report.status ?? 'Failure';
    return [
      result(vendor, {
        jobName: report.jobName,
        status,
        startTime: report.startTime,
        endTime: report.endTime,
        resultKind,
        storageKind,
        sizeBytes: veeamSize(report.summary),
        durationSeconds: report.durationSeconds,
        failureText: status === 'Success' ? null : jobText,
      }),
    ];
  }
  return report.objects.map((o) => {
    const status = veeamStatus(o.cells['status']) ?? report.status ?? 'Failure';
    const { start, end } = veeamObjectTimes(report, o);
    return result(vendor, {
      jobName: report.jobName,
      deviceName: o.cells['name'] ?? '',
      status,
      startTime: start,
      endTime: end,
      resultKind,
      storageKind,
      sizeBytes: veeamSize(o.cells),
      durationSeconds: parseDuration(o.cells['duration']),
      failureText: status === 'Success' ? null : (joinMessages(o.details) ?? jobText),
    });
  });
}

/**
 * A job report that reached us as plain text (a mail client's text rendering, or the table
 * copied as one line "Backup job: X (Retry 2) | Error | …"): the subject's default form, a job
 * header and Veeam named by the sender or the text.
 */
function detectPlain(msg: MailMessage): boolean {
  if (!PLAIN_SUBJECT.test(msg.subject) || !JOB_HEADER.test(msg.text) || OTHER_VEEAM.test(msg.text)) return false;
  return /veeam/i.test(`${msg.fromName} ${msg.from} ${msg.text}`);
}

function parsePlain(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const header =
    /\b(?:Backup|Backup Copy|Replication|Agent Backup|File Backup|SureBackup|Tape)\s+(?:job|policy)\s*:\s*(.+)$/im.exec(
      text,
    );
  const jobName = (header?.[1] ?? '')
    .split(/\s*\|/)[0]
    .replace(/\s*\(Retry \d+\).*$/i, '')
    .replace(/\s*Created by .*$/i, '')
    .trim();
  const bodyWord = /\|\s*(Success|Warning|Failed|Error)\b/i.exec(text)?.[1];
  const status = worst(
    [veeamResultWord(msg), veeamStatus(bodyWord)].filter((x): x is NonNullable<typeof x> => x !== null),
  );
  const skipped = [...text.matchAll(/^(?:Virtual Machine|VM|Computer)\s+(\S+)\s+is unavailable/gim)].map((m) => m[1]);
  const details = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /unavailable|skipped|nothing to process|error|failed/i.test(l) && !JOB_HEADER.test(l));
  const base = {
    jobName: jobName || 'Veeam job',
    status,
    failureText: status === 'Success' ? null : joinMessages(details),
  };
  if (!skipped.length) return [result(ID, base)];
  return skipped.map((deviceName) => result(ID, { ...base, deviceName }));
}

function parse(msg: MailMessage): ParsedResult[] {
  if (!msg.html) return parsePlain(msg);
  const report = parseVeeamReport(msg);
  const results = veeamResults(ID, report);
  // A job-level result word worse than every object (e.g. the job failed after the last VM) is kept on the job.
  if (
    report.status &&
    worst([report.status, ...results.map((r) => r.status)]) !== worst(results.map((r) => r.status))
  ) {
    const jobText = joinMessages(report.jobMessages);
    if (jobText) {
      for (const r of results)
        if (r.status === 'Success') Object.assign(r, { status: report.status, failureText: jobText });
    }
  }
  return results;
}

export const veeamBr: VendorParser = { id: ID, name: 'Veeam Backup & Replication', detect, parse };
