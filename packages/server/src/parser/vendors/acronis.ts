import type { MailMessage, ParsedResult, ParsedStatus, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { anyDate, fieldOf, fromDomain, joinMessages, secondsBetween, statusText, textTables } from './_a-shared.ts';

const ID = 'acronis';

/** The notification kinds of Acronis Cyber Protect (Cloud) a user can subscribe to. */
const BACKUP_SUBJECT =
  /^\s*(?:\[[^\]]*\]\s*)?(Backup failed|Backup succeeded with warnings|Backup succeeded|Backup did not start)\b/i;
const RECAP_SUBJECT = /Daily recap about active alerts|Daily activity summary/i;
const MARK = /Acronis|Cyber Protect/i;

function detect(msg: MailMessage): boolean {
  if (!BACKUP_SUBJECT.test(msg.subject) && !RECAP_SUBJECT.test(msg.subject)) return false;
  return (
    fromDomain(msg, 'acronis.com', 'acronis.net') ||
    (MARK.test(msg.text) && /\bPlan\s*:|Protection plan/i.test(msg.text))
  );
}

function storageOf(location: string | null): StorageKind | null {
  if (!location) return null;
  if (/cloud/i.test(location)) return 'Cloud storage';
  if (/local|network|nas|\\\\|[a-z]:\\/i.test(location)) return 'Local storage';
  return null;
}

function backupAlert(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const kind = BACKUP_SUBJECT.exec(msg.subject)![1];
  const device = fieldOf(text, 'Device', 'Machine', 'Workload');
  if (!device) throw new Error('no device in the notification');
  const status: ParsedStatus = statusText(kind) ?? 'Failure';
  const startTime = anyDate(fieldOf(text, 'Started', 'Start time'));
  const endTime = anyDate(fieldOf(text, 'Finished', 'Completed', 'End time'));
  return [
    result(ID, {
      jobName: fieldOf(text, 'Plan', 'Protection plan') ?? kind,
      deviceName: device,
      status,
      startTime,
      endTime,
      storageKind: storageOf(fieldOf(text, 'Backup location', 'Location')),
      sizeBytes: parseSize(fieldOf(text, 'Backed up', 'Backup size', 'Size')),
      durationSeconds: parseDuration(fieldOf(text, 'Duration')) ?? secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : joinMessages([fieldOf(text, 'Error', 'Warning', 'Reason', 'Details')]),
    }),
  ];
}

/**
 * The daily recap lists every active alert: backup failures and warnings become backup results,
 * other alerts (offline agents, missed backups, quota) become system alerts.
 */
function recap(msg: MailMessage): ParsedResult[] {
  if (!msg.html) throw new Error('the recap has no HTML body');
  const table = textTables(msg.html).find((t) => t[0]?.includes('Device') && t[0]?.includes('Alert'));
  if (!table) throw new Error('no alert table in the recap');
  const h = table[0];
  const [iDevice, iPlan, iAlert, iSeverity, iDate, iDetails] = [
    'Device',
    'Plan',
    'Alert',
    'Severity',
    'Date',
    'Details',
  ].map((c) => h.indexOf(c));
  return table.slice(1).map((row) => {
    const alert = row[iAlert] ?? '';
    const severity = iSeverity >= 0 ? row[iSeverity] : '';
    const status: ParsedStatus = /critical|error/i.test(severity)
      ? 'Failure'
      : /warning/i.test(severity)
        ? 'Warning'
        : (statusText(alert) ?? 'Failure');
    const isBackup = /^Backup (failed|succeeded with warnings|did not start)/i.test(alert);
    const details = iDetails >= 0 ? row[iDetails] : '';
    return result(ID, {
      jobName: (iPlan >= 0 && row[iPlan]) || alert,
      deviceName: row[iDevice] ?? '',
      status,
      endTime: iDate >= 0 ? anyDate(row[iDate]) : null,
      resultKind: isBackup ? 'Primary Backup' : 'System Alert',
      backupType: isBackup ? 'Backup' : 'Alert',
      failureText: joinMessages([isBackup ? details || alert : details ? `${alert}: ${details}` : alert]),
    });
  });
}

function parse(msg: MailMessage): ParsedResult[] {
  return RECAP_SUBJECT.test(msg.subject) ? recap(msg) : backupAlert(msg);
}

export const acronis: VendorParser = { id: ID, name: 'Acronis Cyber Protect', detect, parse };
