import type { MailMessage, ParsedResult, ParsedStatus, StorageKind, VendorParser } from '../types.ts';
import { field, parseDate, parseDuration, parseSize, result } from '../util.ts';
import { bodyText, innerTables, joinMessages, secondsBetween } from './_c-shared.ts';

/**
 * Carbonite backup notifications:
 * - Carbonite Safe Server Backup (CSSB) job reports: "Backup Set:", "Computer:", "Backup Type:",
 *   "Backup Level:", "Destination:", "Start Time:", "End Time:", "Size:", "Status:" and the job's
 *   error / warning messages, as text lines or two-cell table rows. One result per e-mail.
 * - Carbonite Safe / Endpoint inactivity alerts ("Carbonite has not backed up your computer
 *   "LAPTOP-07" since …"): a system alert for that computer.
 */

const ID = 'carbonite';
const INACTIVE =
  /Carbonite (?:has not|hasn't) backed up (?:your computer,?\s*)?"?([^",]+?)"?,?\s+(?:since|in)\s+[^.]+\./i;

function detect(msg: MailMessage): boolean {
  const fromCarbonite = /@(?:[\w-]+\.)*carbonite\.com$/i.test(msg.from) || /\bCarbonite\b/i.test(msg.fromName);
  const named =
    /\bCarbonite\b/i.test(msg.subject) || /Carbonite (?:Safe )?(?:Server )?Backup|Carbonite Endpoint/i.test(msg.text);
  return (fromCarbonite || named) && /back(?:ed)? ?up/i.test(`${msg.subject}\n${msg.text.slice(0, 4000)}`);
}

function statusOf(word: string): ParsedStatus | null {
  const w = word.trim().toLowerCase();
  if (/^(failed|failure|error|aborted|cancell?ed|unsuccessful|not completed)/.test(w)) return 'Failure';
  if (/with warnings?|with errors|partial|warning/.test(w)) return 'Warning';
  if (/^(success|successful|succeeded|completed|complete|ok)/.test(w)) return 'Success';
  return null;
}

/** "Label: value" from two-cell table rows first, then from text lines. */
function labels(msg: MailMessage, text: string): (names: string[]) => string | null {
  const map = new Map<string, string>();
  if (msg.html)
    for (const t of innerTables(msg.html))
      for (const row of t)
        if (row.length === 2 && row[0]) {
          const k = row[0].replace(/:\s*$/, '').trim().toLowerCase();
          if (!map.has(k)) map.set(k, row[1]);
        }
  return (names) => {
    for (const n of names) {
      const v = map.get(n.toLowerCase()) ?? field(text, n);
      if (v) return v;
    }
    return null;
  };
}

function storageOf(destination: string | null): StorageKind | null {
  if (!destination) return null;
  if (/cloud|vault|carbonite data ?cent/i.test(destination)) return 'Cloud storage';
  if (/disk|local|nas|usb|network/i.test(destination)) return 'Local storage';
  return null;
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = bodyText(msg.text);
  const inactive = INACTIVE.exec(text) ?? INACTIVE.exec(msg.subject);
  if (inactive) {
    return [
      result(ID, {
        jobName: 'Carbonite backup',
        deviceName: inactive[1].trim(),
        status: 'Failure',
        resultKind: 'System Alert',
        backupType: 'Alert',
        storageKind: 'Cloud storage',
        failureText: inactive[0].trim(),
      }),
    ];
  }

  const get = labels(msg, text);
  const statusWord = get(['Status', 'Backup Status', 'Result', 'Job Status']);
  const status = statusWord ? statusOf(statusWord) : null;
  if (!statusWord || !status) return [];
  const startTime = parseDate(get(['Start Time', 'Started', 'Backup Start Time']));
  const endTime = parseDate(get(['End Time', 'Finished', 'Completed', 'Backup End Time']));
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*(?:[-*•]\s*)?(?:\[?(Error|Warning)\]?):\s+(.+)$/i.exec(line);
    if (m) (/^error/i.test(m[1]) ? errors : warnings).push(m[2]);
  }
  const errorField = get(['Error Message', 'Error', 'Errors', 'Reason']);
  if (errorField && !/^\d+$/.test(errorField) && !errors.includes(errorField)) errors.unshift(errorField);
  let failureText: string | null = null;
  if (status === 'Failure') failureText = joinMessages(errors.length ? errors : warnings) ?? statusWord;
  else if (status === 'Warning') failureText = joinMessages([...warnings, ...errors]) ?? statusWord;
  return [
    result(ID, {
      jobName: get(['Backup Set', 'Backup Set Name', 'Job Name', 'Job']) ?? 'Carbonite backup',
      deviceName: get(['Computer', 'Computer Name', 'Server', 'Server Name', 'Host']) ?? '',
      status,
      startTime,
      endTime,
      durationSeconds: parseDuration(get(['Duration', 'Elapsed Time'])) ?? secondsBetween(startTime, endTime),
      sizeBytes: status === 'Failure' ? null : parseSize(get(['Size', 'Backup Size', 'Data Backed Up', 'Total Size'])),
      storageKind: storageOf(get(['Destination', 'Backup Location', 'Location'])),
      failureText,
    }),
  ];
}

export const carbonite: VendorParser = { id: ID, name: 'Carbonite', detect, parse };
