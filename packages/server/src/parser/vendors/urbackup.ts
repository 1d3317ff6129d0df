import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDate, parseDuration, parseSize, result } from '../util.ts';
import { bodyText, joinMessages, secondsBetween } from './_c-shared.ts';

/**
 * UrBackup server mails, from its default Lua scripts:
 * - backup reports (report.lua): subject "UrBackup: Incremental file backup of "PC01" - success"
 *   (also "Full", "Resumed …", "image", "- failed"); body "UrBackup just did an incremental file
 *   backup of "PC01"." with the counts "( n infos, n warnings, n errors)" and the log lines
 *   "YYYY-MM-DD HH:MM:SS(info|warning|error): message".
 * - alerts (alert.lua): "[UrBackup] PC01: No recent file backup" and "… File backup status is OK".
 */

const ID = 'urbackup';
const REPORT =
  /^\s*UrBackup:\s+(Resumed\s+)?(incremental|full)\s+(file|image)\s+backup\s+of\s+"(.+)"\s*-\s*(success|failed)\s*$/i;
const ALERT =
  /^\s*\[UrBackup\]\s*(?:\[Important\]\s*)?(.+?):\s+(?:No recent (file|image) backup|(File|Image) backup status is OK)\s*$/i;

function detect(msg: MailMessage): boolean {
  const subject = msg.subject.replace(/\s+/g, ' ');
  return REPORT.test(subject) || ALERT.test(subject) || /^UrBackup just did an? /m.test(msg.text);
}

function reportResult(msg: MailMessage, info: { kind: string; client: string; ok: boolean }): ParsedResult {
  const text = bodyText(msg.text);
  const kind = info.kind.toLowerCase() === 'image' ? 'Image' : 'File';
  const log: { time: Date | null; level: string; text: string }[] = [];
  for (const line of text.split('\n')) {
    const l = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})\((info|warning|error)\):\s?(.*)$/.exec(line.trim());
    if (l) log.push({ time: parseDate(l[1]), level: l[2], text: l[3].trim() });
  }
  const counts = /\(\s*(\d+)\s+infos?,\s*(\d+)\s+warnings?,\s*(\d+)\s+errors?\)/.exec(text);
  const nWarnings = counts ? Number(counts[2]) : log.filter((l) => l.level === 'warning').length;
  const ok = info.ok;
  const errors = log.filter((l) => l.level === 'error').map((l) => l.text);
  const warnings = log.filter((l) => l.level === 'warning').map((l) => l.text);
  let status: ParsedStatus = ok ? 'Success' : 'Failure';
  let failureText: string | null = null;
  if (!ok) failureText = joinMessages(errors.length ? errors : warnings) ?? 'Backup failed';
  else if (nWarnings > 0 || errors.length > 0) {
    status = 'Warning';
    failureText = joinMessages([...errors, ...warnings]);
  }
  const times = log.map((l) => l.time).filter((t): t is Date => t !== null);
  const startTime = times[0] ?? null;
  const endTime = times[times.length - 1] ?? null;
  const taken = log.map((l) => /^Time taken for .+?:\s*(.+)$/.exec(l.text)).find(Boolean);
  const transferred = log
    .map((l) => /^Transferred\s+([\d.,]+\s*[KMGTP]?i?B)\b/i.exec(l.text))
    .filter((t): t is RegExpExecArray => t !== null)
    .map((t) => parseSize(t[1]) ?? 0);
  return result(ID, {
    jobName: `${kind} backup`,
    deviceName: info.client,
    status,
    failureText,
    startTime,
    endTime,
    durationSeconds: (taken ? parseDuration(taken[1]) : null) ?? secondsBetween(startTime, endTime),
    sizeBytes: ok && transferred.length ? transferred.reduce((a, b) => a + b, 0) : null,
  });
}

function alertResult(msg: MailMessage, m: RegExpExecArray): ParsedResult {
  const failing = Boolean(m[2]);
  const kind = (m[2] ?? m[3]).toLowerCase() === 'image' ? 'Image' : 'File';
  const sentence = bodyText(msg.text).replace(/\s+/g, ' ').trim();
  return result(ID, {
    jobName: `${kind} backup`,
    deviceName: m[1].trim(),
    status: failing ? 'Failure' : 'Success',
    resultKind: 'System Alert',
    backupType: 'Alert',
    failureText: failing ? sentence || `No recent ${kind.toLowerCase()} backup` : null,
  });
}

function parse(msg: MailMessage): ParsedResult[] {
  const subject = msg.subject.replace(/\s+/g, ' ');
  const report = REPORT.exec(subject);
  if (report) return [reportResult(msg, { kind: report[3], client: report[4], ok: /success/i.test(report[5]) })];
  const alert = ALERT.exec(subject);
  if (alert) return [alertResult(msg, alert)];
  // A report with a custom subject: the body's first line names the backup; errors mean it failed.
  const body = /^UrBackup just did an? (?:resumed )?(?:incremental|full)\s+(file|image) backup of "(.+)"\./im.exec(
    msg.text,
  );
  if (!body) return [];
  const ok = !/\(\s*\d+\s+infos?,\s*\d+\s+warnings?,\s*[1-9]\d*\s+errors?\)/.test(msg.text);
  return [reportResult(msg, { kind: body[1], client: body[2], ok })];
}

export const urbackup: VendorParser = { id: ID, name: 'UrBackup', detect, parse };
