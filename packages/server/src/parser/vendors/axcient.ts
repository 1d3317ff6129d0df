import type { MailMessage, ParsedResult, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { anyDate, fieldOf, fromDomain, joinMessages, secondsBetween, statusText } from './_a-shared.ts';

const ID = 'axcient';

const MARK = /x360Recover|Axcient/i;

function detect(msg: MailMessage): boolean {
  if (!(fromDomain(msg, 'axcient.com', 'axcient.net') || /^\s*\[(?:x360Recover|Axcient)[^\]]*\]/i.test(msg.subject)))
    return false;
  return MARK.test(msg.text) && /Protected system\s*:/i.test(msg.text);
}

function kindOf(job: string, protection: string): { resultKind: ResultKind; storageKind: StorageKind | null } {
  if (/auto\s*verify|verification/i.test(job))
    return { resultKind: 'Primary Boot Verification', storageKind: 'Boot verification' };
  if (/replicat|vault/i.test(job)) return { resultKind: 'Replication', storageKind: 'Offsite replication' };
  if (/direct-to-cloud|d2c|cloud vault/i.test(protection))
    return { resultKind: 'Primary Backup', storageKind: 'Cloud storage' };
  if (/appliance|bdr/i.test(protection)) return { resultKind: 'Primary Backup', storageKind: 'Local storage' };
  return { resultKind: 'Primary Backup', storageKind: null };
}

/** One x360Recover job notification: one protected system, one job run. */
function parse(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const system = fieldOf(text, 'Protected system');
  if (!system) throw new Error('no protected system in the notification');
  const status = statusText(fieldOf(text, 'Status', 'Result')) ?? statusText(msg.subject);
  if (!status) throw new Error('no job status in the notification');
  const job = fieldOf(text, 'Job', 'Job type') ?? 'Backup';
  const { resultKind, storageKind } = kindOf(job, fieldOf(text, 'Protection type', 'Protection') ?? '');
  const startTime = anyDate(fieldOf(text, 'Started', 'Start time'));
  const endTime = anyDate(fieldOf(text, 'Finished', 'End time', 'Completed'));
  return [
    result(ID, {
      jobName: system,
      deviceName: system,
      status,
      startTime,
      endTime,
      resultKind,
      storageKind,
      sizeBytes: parseSize(fieldOf(text, 'Data transferred', 'Transferred', 'Size')),
      durationSeconds: parseDuration(fieldOf(text, 'Duration')) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success' ? null : joinMessages([fieldOf(text, 'Error', 'Warning', 'Message', 'Details')]),
      clientId: fieldOf(text, 'Client ID'),
    }),
  ];
}

export const axcient: VendorParser = { id: ID, name: 'Axcient x360Recover', detect, parse };
