import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { anyDate, fieldOf, joinMessages, secondsBetween, statusText, textTables } from './_a-shared.ts';

const ID = 'synology-active-backup';

/** "Backup task Servers-Daily on DS920-Office has completed." and its partial/failed forms. */
const SENTENCE =
  /backup task\s+\[?(.+?)\]?\s+on\s+\[?([^\s\]]+)\]?\s+(has completed with warnings|has completed|completed with warnings|completed|was partially completed|partially completed|has failed|failed|was cancelled|was canceled)\b/i;

function detect(msg: MailMessage): boolean {
  return /Active Backup for (?:Business|Microsoft 365|Google Workspace)/i.test(msg.text) && SENTENCE.test(msg.text);
}

function sentenceStatus(verb: string): ParsedStatus {
  if (/partial|warning/i.test(verb)) return 'Warning';
  if (/completed/i.test(verb)) return 'Success';
  return 'Failure';
}

/** Active Backup's words: Successful, Partially completed, Failed, Canceled, Skipped. */
function deviceStatus(word: string): ParsedStatus {
  if (/^(skipped)/i.test(word.trim())) return 'Warning';
  return statusText(word) ?? 'Failure';
}

/**
 * One result per device of the task (PC, physical server, VM, file server, Microsoft 365 user);
 * notifications about a single device carry its fields instead of a device table.
 */
function parse(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const m = SENTENCE.exec(text);
  if (!m) throw new Error('no task result sentence in the e-mail');
  const jobName = fieldOf(text, 'Task name', 'Task') ?? m[1];
  const overall = sentenceStatus(m[3]);
  const table = msg.html
    ? textTables(msg.html).find((t) => t[0]?.includes('Device') && t[0]?.includes('Status'))
    : undefined;
  if (table) {
    const h = table[0];
    const col = (n: string) => h.indexOf(n);
    return table.slice(1).map((row) => {
      const status = deviceStatus(row[col('Status')] ?? '');
      const startTime = anyDate(row[col('Start time')]);
      const endTime = anyDate(row[col('End time')]);
      return result(ID, {
        jobName,
        deviceName: row[col('Device')],
        status,
        startTime,
        endTime,
        storageKind: 'Local storage',
        sizeBytes: parseSize(row[col('Transferred')]),
        durationSeconds: secondsBetween(startTime, endTime),
        failureText: status === 'Success' ? null : (joinMessages([row[col('Details')]]) ?? row[col('Status')]),
      });
    });
  }
  const startTime = anyDate(fieldOf(text, 'Start time', 'Started'));
  const endTime = anyDate(fieldOf(text, 'End time', 'Finished'));
  const status = statusText(fieldOf(text, 'Status', 'Result')) ?? overall;
  return [
    result(ID, {
      jobName,
      deviceName: fieldOf(text, 'Device', 'Device name', 'Source') ?? '',
      status,
      startTime,
      endTime,
      storageKind: 'Local storage',
      sizeBytes: parseSize(fieldOf(text, 'Transferred', 'Transferred data size')),
      durationSeconds: parseDuration(fieldOf(text, 'Duration')) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success' ? null : joinMessages([fieldOf(text, 'Failure reason', 'Reason', 'Error', 'Details')]),
    }),
  ];
}

export const synologyActiveBackup: VendorParser = {
  id: ID,
  name: 'Synology Active Backup for Business',
  detect,
  parse,
};
