import type { MailMessage, ParsedResult, VendorParser } from '../types.ts';
import { parseSize, result, worst } from '../util.ts';
import { bodyOf, joinMessages } from './_a-shared.ts';
import { parseVeeamReport, veeamSize, veeamStatus, veeamResultWord } from './_a-veeam.ts';

const ID = 'veeam-m365';

const M365_MARK = /Veeam Backup for Microsoft (?:365|Office 365)/i;
const VBR_MARK = /Veeam Backup (?:&amp;|&) Replication/i;

function detect(msg: MailMessage): boolean {
  if (!msg.html) return false;
  const body = bodyOf(msg);
  return M365_MARK.test(body) && !VBR_MARK.test(body) && !!veeamResultWord(msg);
}

/**
 * One result per job run: the organization is the device, the job's figures are the result's, and
 * the objects (mailboxes, sites, teams) that did not succeed are named in the failure text.
 */
function parse(msg: MailMessage): ParsedResult[] {
  const report = parseVeeamReport(msg);
  const organization =
    report.summary['organization'] ??
    // Default subject "[%JobResult%] %OrgName% - %JobName% (%MailboxCount% objects) %Issues%"
    /^\s*\[[^\]]*\]\s*(.+?)\s+-\s+/.exec(msg.subject)?.[1]?.trim() ??
    '';
  const objectStatuses = report.objects.map((o) => veeamStatus(o.cells['status']) ?? 'Failure');
  const status = report.status ?? (objectStatuses.length ? worst(objectStatuses) : 'Failure');
  const problems = report.objects
    .filter((o) => (veeamStatus(o.cells['status']) ?? 'Failure') !== 'Success')
    .map((o) => {
      const text = joinMessages(o.details);
      return text ? `${o.cells['name']}: ${text}` : null;
    });
  const failureText = status === 'Success' ? null : joinMessages([...report.jobMessages, ...problems]);
  const isCopy = /copy/i.test(report.jobType);
  return [
    result(ID, {
      jobName: report.jobName,
      deviceName: organization,
      status,
      startTime: report.startTime,
      endTime: report.endTime,
      storageKind: isCopy ? 'Cloud storage' : null,
      sizeBytes: veeamSize(report.summary) ?? parseSize(report.summary['processed']),
      durationSeconds: report.durationSeconds,
      failureText,
    }),
  ];
}

export const veeamM365: VendorParser = { id: ID, name: 'Veeam Backup for Microsoft 365', detect, parse };
