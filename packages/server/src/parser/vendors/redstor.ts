/**
 * Redstor (Redstor Pro / Redstor Backup, formerly Attix5) backup reports and failure
 * notifications, sent from Redstor's cloud (noreply@redstor.com) or, for on-premise storage
 * platforms, through the partner's SMTP with the Redstor name in the body. One backup account per
 * mail: a label/value summary (Customer, Customer ID, Account, Machine, Backup set, Status,
 * Backup started, Backup finished, Duration, Data selected, Data transferred, Files processed,
 * Errors, Warnings, Storage) followed by the errors/warnings list (an HTML list, or "Errors:"
 * and "- item" lines in the plain-text form).
 *
 * Statuses: "Completed successfully" → Success; "Completed with warnings/errors" → Warning (the
 * backup finished but skipped items); "Failed", "Not completed", "Cancelled", "Missed" → Failure.
 * The Redstor customer/company id is the clientId; the storage line tells cloud from local
 * (appliance) storage.
 */
import type { MailMessage, ParsedResult, ParsedStatus, StorageKind, VendorParser } from '../types.ts';
import { decodeEntities, parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween } from './_b-shared.ts';

const ID = 'redstor';

function detect(msg: MailMessage): boolean {
  if (/(^|[.@])redstor\.com$/.test(msg.from)) return true;
  return (
    /redstor/i.test(`${msg.subject} ${msg.fromName}`) ||
    (/Redstor/.test(msg.text) && /Backup (Report|started|failed)/i.test(msg.text))
  );
}

function redstorStatus(phrase: string | null): ParsedStatus | null {
  if (!phrase) return null;
  // A backup that completed but logged errors finished: its data is restorable, some items are not.
  if (/completed with errors/i.test(phrase)) return 'Warning';
  if (/not completed|did not (run|complete)/i.test(phrase)) return 'Failure';
  return mapStatus(phrase);
}

function storage(s: string | null): StorageKind | null {
  if (!s) return null;
  if (/appliance|local|on-?prem/i.test(s)) return 'Local storage';
  if (/cloud|redstor storage|azure|aws/i.test(s)) return 'Cloud storage';
  return null;
}

/** Items listed under an "Errors" / "Warnings" / "Details" heading, up to the next blank line. */
function listedItems(text: string): string[] {
  const out: string[] = [];
  let inList = false;
  let started = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^(errors?|warnings?|details|error details|problems)( and warnings)?:?$/i.test(line)) {
      inList = true;
      started = out.length;
      continue;
    }
    if (!line) {
      // Blank lines between the heading and the first item are layout; after items they end the list.
      if (inList && out.length > started) inList = false;
      continue;
    }
    if (inList) out.push(line.replace(/^[-•*]\s*/, ''));
  }
  return out;
}

/** The error/warning list of the mail: HTML list items, else the plain-text list. */
function problems(msg: MailMessage): string[] {
  const items = msg.html?.match(/<li\b[^>]*>[\s\S]*?<\/li>/gi);
  if (items?.length) return items.map((li) => decodeEntities(li.replace(/<[^>]+>/g, ' ')));
  return listedItems(msg.text);
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const account = pick(kv, 'account', 'account name', 'backup account');
  const machine = pick(kv, 'machine', 'computer', 'server', 'device');
  const jobName = pick(kv, 'backup set', 'backup job', 'job') ?? account;
  if (!jobName) throw new Error('no backup account or set named in the Redstor report');
  const statusWord = pick(kv, 'status', 'backup status', 'result');
  const status = redstorStatus(statusWord) ?? redstorStatus(msg.subject);
  if (!status) throw new Error(`unknown Redstor backup status "${statusWord ?? ''}"`);
  const startTime = looseDate(pick(kv, 'backup started', 'started', 'start time'));
  const endTime = looseDate(pick(kv, 'backup finished', 'finished', 'end time', 'completed'));
  return [
    result(ID, {
      jobName,
      deviceName: machine ?? account ?? '',
      status,
      startTime,
      endTime,
      storageKind: storage(pick(kv, 'storage', 'storage platform', 'backup destination')),
      sizeBytes: parseSize(pick(kv, 'backup size', 'data selected', 'selected size', 'data transferred')),
      durationSeconds: parseDuration(pick(kv, 'duration', 'elapsed time')) ?? secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : (joinMessages(problems(msg)) ?? statusWord),
      clientId: pick(kv, 'customer id', 'company id', 'client id', 'customer code') ?? null,
    }),
  ];
}

export const redstor: VendorParser = { id: ID, name: 'Redstor Backup', detect, parse };
