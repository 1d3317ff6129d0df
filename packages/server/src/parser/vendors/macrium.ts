/**
 * Macrium Reflect e-mail notifications (Reflect 7/8/X, per-definition "Email Success / Warning /
 * Failure" settings). The mail goes out through the customer's own SMTP account, so the sender is
 * not fixed; it is recognised by "Macrium Reflect" together with the backup log vocabulary
 * ("Backup Definition File", "Image ID", "Backup Completed Successfully", "Backup aborted!").
 *
 * Layout handled: a summary of label/value pairs (Computer, Backup Definition File, Backup Type,
 * Destination, Start/End Time, Total Duration, Backup Size) followed by an excerpt of the backup
 * log. The status comes from the log's closing line ("Backup Completed Successfully",
 * "Backup completed with warnings", "Backup aborted! - …", "Backup Failed"), else from the
 * subject's Success/Warning/Failure word. Dates follow the Windows locale (day-first when
 * unambiguous). Job name = the definition file's name without ".xml".
 */
import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween } from './_b-shared.ts';

const ID = 'macrium';

function detect(msg: MailMessage): boolean {
  const head = `${msg.subject} ${msg.fromName}`;
  const branded = /macrium/i.test(head) || /Macrium Reflect/i.test(msg.text);
  return branded && /Backup Definition File|Image ID|Backup Completed Successfully|Backup aborted/i.test(msg.text);
}

function statusFromLog(text: string): ParsedStatus | null {
  if (/Backup aborted|Backup failed|Backup cancell?ed/i.test(text)) return 'Failure';
  if (/completed with (warnings|errors)/i.test(text)) return 'Warning';
  if (/Backup Completed Successfully/i.test(text)) return 'Success';
  return null;
}

/** Log lines that explain a problem: aborts, errors, warnings, unreadable/skipped files. */
function problemLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line && line.length <= 400 && /^(Backup aborted|Error|Warning|Failed|Unable)\b/i.test(line)) out.push(line);
  }
  return out;
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const definition = pick(kv, 'backup definition file', 'definition file', 'backup definition');
  const jobName = definition
    ? definition
        .replace(/^.*[\\/]/, '')
        .replace(/\.xml$/i, '')
        .trim()
    : (/Macrium Reflect[^-]*-\s*(?:[^-]+-\s*)?(.+)$/i.exec(msg.subject)?.[1]?.trim() ?? '');
  if (!jobName) throw new Error('no backup definition named in the e-mail');
  const status =
    statusFromLog(msg.text) ?? mapStatus(/\b(success\w*|warning\w*|fail\w*|error\w*)\b/i.exec(msg.subject)?.[1]);
  if (!status) throw new Error('no backup outcome found');

  const startTime = looseDate(pick(kv, 'start time', 'backup started', 'started'));
  const endTime =
    looseDate(pick(kv, 'end time', 'backup completed', 'completed', 'finished')) ??
    looseDate(
      /Backup (?:Completed Successfully|completed with warnings|aborted!?)\s*-\s*([\d/.: -]+[AP]?M?)/i.exec(
        msg.text,
      )?.[1],
    );
  const destination = pick(kv, 'destination', 'backup destination');
  const storageKind = destination
    ? /azure|cloud|s3:|wasabi|backblaze/i.test(destination)
      ? 'Cloud storage'
      : 'Local storage'
    : null;

  return [
    result(ID, {
      jobName,
      deviceName: pick(kv, 'computer', 'computer name', 'machine') ?? '',
      status,
      startTime,
      endTime,
      storageKind,
      sizeBytes: parseSize(pick(kv, 'backup size', 'image size', 'total size', 'data backed up')),
      durationSeconds: parseDuration(pick(kv, 'total duration', 'duration')) ?? secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : joinMessages(problemLines(msg.text)),
    }),
  ];
}

export const macrium: VendorParser = { id: ID, name: 'Macrium Reflect', detect, parse };
