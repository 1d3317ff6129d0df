import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { field, parseDate, parseSize, result } from '../util.ts';
import { innerTables } from './_c-shared.ts';

/**
 * Dropsuite (Microsoft 365 / Google Workspace backup; also white-labelled) e-mails from
 * noreply@dropsuite.com:
 * - the backup report: a per-account table (Account, Type, Status, Last Backup, Backup Size,
 *   Details) → one result per account and workload;
 * - the backup failure notification for one account ("Account:", "Status:", "Details:").
 * Dropsuite's backup states: Completed; Partially Completed and Retrying (warnings); Authentication
 * Error, Connection Error, Space Full, Failed (failures). Running, queued ("Preparing Backup") and
 * deactivated accounts report no result.
 */

const ID = 'dropsuite';

function detect(msg: MailMessage): boolean {
  const fromDropsuite = /@(?:[\w-]+\.)*dropsuite\.com$/i.test(msg.from);
  const named =
    /\bDropsuite\b/i.test(msg.subject) || /\bDropsuite\b/i.test(msg.fromName) || /\bDropsuite\b/i.test(msg.text);
  return (fromDropsuite || named) && /backup/i.test(`${msg.subject}\n${msg.text.slice(0, 4000)}`);
}

function statusOf(word: string): ParsedStatus | null | 'skip' {
  const w = word.trim().toLowerCase();
  if (/^(completed|success|successful)$/.test(w)) return 'Success';
  if (/^(partially completed|retrying|warning)/.test(w)) return 'Warning';
  if (/^(authentication error|connection error|space full|failed|error|unknown error|quota exceeded)/.test(w))
    return 'Failure';
  if (/^(in progress|running|preparing backup|queued|deactivated|inactive)/.test(w)) return 'skip';
  return null;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function parse(msg: MailMessage): ParsedResult[] {
  const tables = msg.html ? innerTables(msg.html) : [];
  const out: ParsedResult[] = [];
  let sawTable = false;
  for (const t of tables) {
    const head = (t[0] ?? []).map(norm);
    const col = (...names: string[]) => head.findIndex((h) => names.some((n) => h === norm(n)));
    const account = col('Account', 'Email Account', 'User', 'Mailbox');
    const status = col('Status', 'Backup Status');
    if (account < 0 || status < 0) continue;
    sawTable = true;
    const type = col('Type', 'Service', 'Workload');
    const last = col('Last Backup', 'Last Successful Backup');
    const size = col('Backup Size', 'Size', 'Storage');
    const details = col('Details', 'Reason', 'Error');
    for (const row of t.slice(1)) {
      const st = statusOf(row[status] ?? '');
      if (st === 'skip' || !row[account]) continue;
      const word = (row[status] ?? '').trim();
      const finalStatus: ParsedStatus = st ?? 'Failure';
      out.push(
        result(ID, {
          jobName: (type >= 0 && row[type]) || 'Backup',
          deviceName: row[account],
          status: finalStatus,
          // "Last Backup" is this run only for completed (or partially completed) backups.
          endTime: last >= 0 && (finalStatus === 'Success' || /^partially/i.test(word)) ? parseDate(row[last]) : null,
          sizeBytes: size >= 0 ? parseSize(row[size]) : null,
          storageKind: 'Cloud storage',
          failureText:
            finalStatus === 'Success'
              ? null
              : details >= 0 && row[details]
                ? `${word}: ${row[details]}`
                : st
                  ? word
                  : `Unknown status "${word}"`,
        }),
      );
    }
  }
  if (sawTable) return out;

  // Single-account notification.
  const text = msg.text;
  const account = field(text, 'Account') ?? field(text, 'Email Account') ?? field(text, 'Mailbox');
  const statusWord = field(text, 'Status') ?? field(text, 'Backup Status');
  if (!account || !statusWord) return [];
  const st = statusOf(statusWord);
  if (st === 'skip') return [];
  const status: ParsedStatus = st ?? 'Failure';
  const details = field(text, 'Details') ?? field(text, 'Reason');
  return [
    result(ID, {
      jobName: field(text, 'Type') ?? field(text, 'Service') ?? 'Backup',
      deviceName: account,
      status,
      storageKind: 'Cloud storage',
      failureText: status === 'Success' ? null : details ? `${statusWord}: ${details}` : statusWord,
    }),
  ];
}

export const dropsuite: VendorParser = { id: ID, name: 'Dropsuite', detect, parse };
