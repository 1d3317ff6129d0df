import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { field, parseDate, result } from '../util.ts';
import { innerTables, joinMessages } from './_c-shared.ts';

/**
 * SkyKick Cloud Backup (Microsoft 365) status e-mails, sent from skykick.com:
 * - the backup summary: a per-service table (Service, Protected, Successful, Warnings, Failed,
 *   Last Snapshot) → one result per service (Exchange Online, SharePoint Online, OneDrive…), the
 *   customer being the device;
 * - the backup alert: a per-item table (Mailbox / Site, Service, Status, Last Successful Backup,
 *   Details) → one result per mailbox or site.
 * The subscription id, when shown, is the client id.
 */

const ID = 'skykick';

function detect(msg: MailMessage): boolean {
  const fromSkyKick = /@(?:[\w-]+\.)*skykick\.com$/i.test(msg.from) || /\bSkyKick\b/i.test(msg.fromName);
  const named = /\bSkyKick\b/i.test(msg.subject) || /SkyKick Cloud Backup/i.test(msg.text);
  return (fromSkyKick || named) && /backup/i.test(`${msg.subject}\n${msg.text.slice(0, 4000)}`);
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function statusWord(word: string): ParsedStatus | null {
  const w = word.trim().toLowerCase();
  if (/^(failed|failure|error|not backed up|stalled)/.test(w)) return 'Failure';
  if (/^(warning|partial|completed with warnings)/.test(w)) return 'Warning';
  if (/^(succeeded|successful|success|completed|ok|healthy)/.test(w)) return 'Success';
  return null;
}

/** The label/value of two-cell rows ("Subscription ID" | "…") across all tables, then text lines. */
function label(tables: string[][][], text: string, names: string[]): string | null {
  for (const t of tables)
    for (const row of t) if (row.length === 2 && names.some((n) => norm(row[0]) === norm(n))) return row[1] || null;
  for (const n of names) {
    const v = field(text, n);
    if (v) return v;
  }
  return null;
}

function parse(msg: MailMessage): ParsedResult[] {
  const tables = msg.html ? innerTables(msg.html) : [];
  const clientId = label(tables, msg.text, ['Subscription ID', 'Subscription Id', 'Order ID']);
  const customer = label(tables, msg.text, ['Customer', 'Company', 'Organization', 'Tenant']) ?? '';
  const out: ParsedResult[] = [];

  for (const t of tables) {
    const head = (t[0] ?? []).map(norm);
    const col = (...names: string[]) => head.findIndex((h) => names.some((n) => h === norm(n)));

    // Per-item alert table.
    const item = col('Mailbox / Site', 'Mailbox', 'Site', 'Account', 'User');
    const status = col('Status');
    if (item >= 0 && status >= 0) {
      const service = col('Service', 'Workload');
      const details = col('Details', 'Reason', 'Error');
      for (const row of t.slice(1)) {
        const st = statusWord(row[status] ?? '');
        if (!st || !row[item]) continue;
        out.push(
          result(ID, {
            jobName: (service >= 0 && row[service]) || 'Cloud Backup',
            deviceName: row[item],
            status: st,
            failureText: st === 'Success' ? null : (row[details] || row[status]).trim(),
            clientId,
            storageKind: 'Cloud storage',
          }),
        );
      }
      continue;
    }

    // Per-service summary table.
    const svc = col('Service', 'Workload');
    const failed = col('Failed');
    if (svc >= 0 && failed >= 0) {
      const warnings = col('Warnings', 'Warning');
      const protectedCol = col('Protected', 'Total');
      const last = col('Last Snapshot', 'Last Backup', 'Last Successful Snapshot');
      for (const row of t.slice(1)) {
        if (!row[svc]) continue;
        const n = (i: number) => (i >= 0 ? Number((row[i] ?? '').replace(/[^\d]/g, '')) || 0 : 0);
        const [nFailed, nWarn, nTotal] = [n(failed), n(warnings), n(protectedCol)];
        const st: ParsedStatus = nFailed > 0 ? 'Failure' : nWarn > 0 ? 'Warning' : 'Success';
        const of = nTotal ? ` of ${nTotal}` : '';
        out.push(
          result(ID, {
            jobName: row[svc],
            deviceName: customer,
            status: st,
            endTime: last >= 0 ? parseDate(row[last]) : null,
            failureText:
              st === 'Success'
                ? null
                : joinMessages([
                    nFailed > 0 ? `${nFailed}${of} failed` : null,
                    nWarn > 0 ? `${nWarn}${of} completed with warnings` : null,
                  ]),
            clientId,
            storageKind: 'Cloud storage',
          }),
        );
      }
    }
  }
  return out;
}

export const skykick: VendorParser = { id: ID, name: 'SkyKick Cloud Backup', detect, parse };
