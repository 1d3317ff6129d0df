import type { MailMessage, ParsedResult, ParsedStatus, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { anyDate, fieldOf, joinMessages, secondsBetween } from './_a-shared.ts';

const ID = 'synology-hyper-backup';

/**
 * "Hyper Backup task Nightly-C2 on DS920-Office has completed." and its partial/failed/cancelled
 * forms. The task name may itself contain " on " ("Photos on USB"), so the sentence is read whole
 * and split by `taskAndDevice`.
 */
const SENTENCE =
  /(?:Hyper Backup|Backup|Data backup) task\s+(.+?)\s+(has completed|completed|was partially completed|partially completed|has partially completed|has failed|failed|was cancelled|was canceled|was suspended)\b/i;

/**
 * DSM in German: "Die Datensicherung auf DS920 ist fehlgeschlagen." (the task is then named on
 * its own "Datensicherungsaufgabe:" line), and the task-first form "Die Datensicherungsaufgabe
 * Nightly auf DS920 wurde abgeschlossen.". The verbs are DSM's wording for each outcome.
 */
const SENTENCE_DE =
  /Die (?:Datensicherungsaufgabe|Sicherungsaufgabe|Datensicherung)\s+(?:(.+?)\s+)?auf\s+(.+?)\s+(?:ist|wurde)\s+(teilweise abgeschlossen|erfolgreich abgeschlossen|abgeschlossen|fehlgeschlagen|abgebrochen|angehalten)\b/i;

/**
 * Splits "<task> on <device>": on the device the e-mail names elsewhere (the "[DS920]" subject
 * prefix, the "From DS920" sign-off) when there is one, else on the last " on ".
 */
export function taskAndDevice(words: string, known: string | null): { task: string; device: string } {
  const strip = (s: string) => s.trim().replace(/^\[(.*)\]$/, '$1');
  if (known) {
    const k = known.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(`^(.+?)\\s+on\\s+\\[?${k}\\]?$`, 'i').exec(words.trim());
    return { task: strip(m ? m[1] : words), device: known };
  }
  const at = words.toLowerCase().lastIndexOf(' on ');
  if (at < 0) return { task: strip(words), device: '' };
  return { task: strip(words.slice(0, at)), device: strip(words.slice(at + 4)) };
}

/** The NAS's name as the e-mail gives it outside the sentence. */
function knownDevice(msg: MailMessage): string | null {
  const subject = /^\s*\[([^\]\s]+)\]/.exec(msg.subject);
  if (subject) return subject[1];
  const from = /^\s*(?:From|Von)\s+(\S+)\s*$/im.exec(msg.text);
  return from ? from[1] : null;
}

function detect(msg: MailMessage): boolean {
  const body = msg.text;
  if (/Active Backup/i.test(body) || /Active Backup/i.test(msg.subject)) return false;
  return /Hyper Backup/i.test(body) && (SENTENCE.test(body) || SENTENCE_DE.test(body));
}

/** The outcome verb, in English or German DSM wording. */
function statusOf(verb: string): ParsedStatus {
  if (/partial|teilweise/i.test(verb)) return 'Warning';
  if (/completed|abgeschlossen/i.test(verb)) return 'Success';
  return 'Failure';
}

function storageOf(dest: string | null): StorageKind | null {
  if (!dest) return null;
  if (/\bC2\b|S3|Azure|Backblaze|\bB2\b|Google|Dropbox|OneDrive|Wasabi|hicloud|Swift|cloud/i.test(dest))
    return 'Cloud storage';
  if (/USB|eSATA|external/i.test(dest)) return 'Removable storage';
  if (/local (?:shared )?folder|local volume/i.test(dest)) return 'Local storage';
  return null;
}

function parseGerman(msg: MailMessage, m: RegExpExecArray): ParsedResult[] {
  const text = msg.text;
  const status = statusOf(m[3]);
  const device = m[2].trim().replace(/^\[(.*)\]$/, '$1');
  return [
    result(ID, {
      jobName:
        fieldOf(text, 'Datensicherungsaufgabe', 'Sicherungsaufgabe', 'Aufgabenname', 'Aufgabe') ?? m[1]?.trim() ?? '',
      deviceName: knownDevice(msg) ?? device,
      status,
      startTime: anyDate(fieldOf(text, 'Startzeit', 'Start')),
      endTime: anyDate(fieldOf(text, 'Endzeit', 'Ende')),
      storageKind: storageOf(fieldOf(text, 'Sicherungsziel', 'Ziel')),
      sizeBytes: parseSize(fieldOf(text, 'Übertragene Datengröße', 'Übertragen')),
      durationSeconds: parseDuration(fieldOf(text, 'Dauer')),
      failureText:
        status === 'Success'
          ? null
          : joinMessages([fieldOf(text, 'Fehlerursache', 'Ursache', 'Grund', 'Fehler'), m[0].trim()]),
    }),
  ];
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const m = SENTENCE.exec(text);
  if (!m) {
    const de = SENTENCE_DE.exec(text);
    if (de) return parseGerman(msg, de);
    throw new Error('no task result sentence in the e-mail');
  }
  const status = statusOf(m[2]);
  const { task, device } = taskAndDevice(m[1], knownDevice(msg));
  const startTime = anyDate(fieldOf(text, 'Start time', 'Started'));
  const endTime = anyDate(fieldOf(text, 'End time', 'Finished'));
  return [
    result(ID, {
      jobName: fieldOf(text, 'Task name', 'Task') ?? task,
      deviceName: device,
      status,
      startTime,
      endTime,
      storageKind: storageOf(fieldOf(text, 'Backup destination', 'Destination', 'Target')),
      sizeBytes: parseSize(fieldOf(text, 'Transferred data size', 'Transferred', 'Uploaded size')),
      durationSeconds: parseDuration(fieldOf(text, 'Duration')) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success'
          ? null
          : joinMessages([
              fieldOf(text, 'Failure reason', 'Reason', 'Error'),
              fieldOf(text, 'Details', 'Skipped files'),
            ]),
    }),
  ];
}

export const synologyHyperBackup: VendorParser = { id: ID, name: 'Synology Hyper Backup', detect, parse };
