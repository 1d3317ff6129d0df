/**
 * Comet Backup e-mail reports, sent by the Comet Server (often white-labelled, so the brand name
 * is not relied on). Recognised by Comet's own vocabulary: "Protected Item" together with
 * "Storage Vault".
 *  - Immediate "Job Report" (default template): label/value table Username, Device, Protected
 *    Item, Storage Vault, Type, Status, Start time, End time, Duration, Files, Size, Uploaded,
 *    Downloaded, then the job log ("<date> <time> <I|W|E> <message>").
 *  - Summary reports: one table row per job (Username, Device, Protected Item, Storage Vault,
 *    Status, Started, Duration, Size, Uploaded, Message).
 * Statuses (Comet job statuses): Success; Warning, Skipped → Warning; Error, Quota Exceeded,
 * Missed, Cancelled, Abandoned → Failure. Only backup jobs are results; restore and other job
 * types are ignored. The Comet username (the customer account) is the clientId; the Protected
 * Item is the job; the Storage Vault decides cloud vs. local storage.
 */
import type { MailMessage, ParsedResult, ParsedStatus, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween, tablesOf } from './_b-shared.ts';

const ID = 'comet';

function detect(msg: MailMessage): boolean {
  return (
    /Protected Item/i.test(msg.text) &&
    /Storage Vault/i.test(msg.text) &&
    /\b(job|backup)\b/i.test(`${msg.subject} ${msg.text.slice(0, 2000)}`)
  );
}

function cometStatus(word: string | null | undefined): ParsedStatus | null {
  const w = (word ?? '').trim();
  if (/^skipped/i.test(w)) return 'Warning';
  if (/^quota exceeded|^timeout/i.test(w)) return 'Failure';
  return mapStatus(w);
}

function vaultKind(vault: string): StorageKind | null {
  if (!vault) return null;
  if (/usb|removable|external drive/i.test(vault)) return 'Removable storage';
  if (/local|\b[A-Z]:\\|^\\\\|smb|network share/i.test(vault)) return 'Local storage';
  if (/cloud|comet storage|wasabi|s3|amazon|backblaze|b2|azure|google|storj|idrive|minio/i.test(vault))
    return 'Cloud storage';
  return null;
}

/** Warning/error entries of the job log ("2026-11-20 22:05:11 W …" or "… Warning: …"). */
function logProblems(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}\s+(?:[WE]|WARNING|ERROR)\s+(.+)$/i.exec(raw);
    if (m) out.push(m[1]);
  }
  return out;
}

function parseSummary(msg: MailMessage): ParsedResult[] {
  const results: ParsedResult[] = [];
  for (const table of msg.html ? tablesOf(msg.html) : []) {
    const head = (table[0] ?? []).map((h) => h.toLowerCase());
    const item = head.indexOf('protected item');
    const st = head.indexOf('status');
    if (item < 0 || st < 0) continue;
    const col = (row: string[], ...names: string[]) => {
      const i = head.findIndex((h) => names.includes(h));
      return i >= 0 ? (row[i] ?? '') : '';
    };
    for (const row of table.slice(1)) {
      if (col(row, 'type', 'job type') && !/backup/i.test(col(row, 'type', 'job type'))) continue;
      const status = cometStatus(row[st]);
      if (!status || !row[item]) continue;
      const startTime = looseDate(col(row, 'started', 'start time', 'start'));
      const endTime = looseDate(col(row, 'finished', 'end time', 'completed'));
      results.push(
        result(ID, {
          jobName: row[item],
          deviceName: col(row, 'device'),
          status,
          startTime,
          endTime,
          storageKind: vaultKind(col(row, 'storage vault')),
          sizeBytes: parseSize(col(row, 'size', 'total size')) ?? parseSize(col(row, 'uploaded')),
          durationSeconds: parseDuration(col(row, 'duration')) ?? secondsBetween(startTime, endTime),
          failureText:
            status === 'Success' ? null : (joinMessages([col(row, 'message', 'details', 'error')]) ?? row[st]),
          clientId: col(row, 'username', 'user', 'account') || null,
        }),
      );
    }
  }
  return results;
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const item = pick(kv, 'protected item');
  if (!item) {
    const rows = parseSummary(msg);
    if (!rows.length) throw new Error('no Protected Item found in the Comet report');
    return rows;
  }
  const type = pick(kv, 'type', 'job type', 'classification') ?? 'Backup';
  if (!/backup/i.test(type)) return [];
  const statusWord = pick(kv, 'status', 'job status');
  const status = cometStatus(statusWord);
  if (!status) throw new Error(`unknown Comet job status "${statusWord ?? ''}"`);
  const startTime = looseDate(pick(kv, 'start time', 'started', 'start'));
  const endTime = looseDate(pick(kv, 'end time', 'finished', 'completed', 'end'));
  return [
    result(ID, {
      jobName: item,
      deviceName: pick(kv, 'device', 'device name') ?? '',
      status,
      startTime,
      endTime,
      storageKind: vaultKind(pick(kv, 'storage vault') ?? ''),
      sizeBytes: parseSize(pick(kv, 'size', 'total size')) ?? parseSize(pick(kv, 'uploaded', 'upload size')),
      durationSeconds: parseDuration(pick(kv, 'duration')) ?? secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : (joinMessages(logProblems(msg.text)) ?? statusWord),
      clientId: pick(kv, 'username', 'user', 'account') ?? null,
    }),
  ];
}

export const comet: VendorParser = { id: ID, name: 'Comet Backup', detect, parse };
