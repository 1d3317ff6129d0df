/**
 * Unitrends Backup / Recovery Series appliance e-mails. Two kinds, both tabular, one result per
 * row (asset, or client + application instance):
 *  - the hourly "Failure Report" the appliance sends when scheduled backups failed in the last hour
 *    (columns Schedule, Client, Instance, Type, Status, Start Time, Message);
 *  - job completion reports ("Backup Job '<name>' - Successful"), with the job's assets
 *    (columns Asset, Instance, Backup Type, Status, Start Time, Elapsed, Size, Message).
 * The appliance sends from its own configured address, so it is recognised by the product name.
 * Statuses: Success/Successful, Warning(s), Failure/Failed/Cancelled/Missed.
 */
import type { MailMessage, ParsedResult, VendorParser } from '../types.ts';
import { floatingLike, parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, tablesOf } from './_b-shared.ts';

const ID = 'unitrends';

function detect(msg: MailMessage): boolean {
  if (/unitrends/i.test(`${msg.subject} ${msg.fromName} ${msg.from}`)) return true;
  return /Unitrends/.test(msg.text) && /\b(Failure Report|Backup Job|Asset|Schedule)\b/.test(msg.text);
}

/** Rows of a table as objects keyed by lowercased header text. */
function rowsOf(table: string[][]): Record<string, string>[] {
  const head = table[0].map((h) => h.toLowerCase().replace(/:$/, '').trim());
  return table.slice(1).map((row) => Object.fromEntries(head.map((h, i) => [h, row[i] ?? ''])));
}

/** Tab-separated text tables (plain-text reports): a header line with Status and Client/Asset. */
function textTables(text: string): string[][][] {
  const lines = text.split(/\r?\n/);
  const out: string[][][] = [];
  for (let i = 0; i < lines.length; i++) {
    const cells = lines[i].split('\t').map((c) => c.trim());
    if (cells.length < 3 || !cells.some((c) => /^status$/i.test(c))) continue;
    const table = [cells];
    for (let j = i + 1; j < lines.length && lines[j].includes('\t'); j++)
      table.push(lines[j].split('\t').map((c) => c.trim()));
    out.push(table);
  }
  return out;
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const isFailureReport = /failure report/i.test(`${msg.subject} ${msg.text.slice(0, 400)}`);
  const reportJob =
    pick(kv, 'job name', 'job', 'schedule') ?? /Job\s+['"‘“]([^'"’”]+)['"’”]/i.exec(msg.subject)?.[1] ?? null;
  const tables = (msg.html ? tablesOf(msg.html) : textTables(msg.text)).filter((t) => {
    const head = (t[0] ?? []).map((h) => h.toLowerCase());
    return head.includes('status') && (head.includes('client') || head.includes('asset'));
  });
  if (!tables.length) throw new Error('no backup table found in the Unitrends report');

  const results: ParsedResult[] = [];
  for (const table of tables) {
    for (const row of rowsOf(table)) {
      const status = mapStatus(row.status);
      if (!status) continue;
      const device = row.asset || row.client || '';
      const instance = row.instance && !/^(-|file[- ]level|n\/a)?$/i.test(row.instance) ? row.instance : '';
      const schedule = row.schedule || reportJob || (isFailureReport ? 'Failure Report' : 'Backup');
      const startTime = looseDate(row['start time'] || row.start);
      const elapsed = parseDuration(row.elapsed || row.duration);
      results.push(
        result(ID, {
          jobName: instance ? `${schedule} - ${instance}` : schedule,
          deviceName: device,
          status,
          startTime,
          endTime:
            looseDate(row['end time'] || row.end) ??
            (startTime && elapsed !== null
              ? floatingLike(startTime, new Date(startTime.getTime() + elapsed * 1000))
              : null),
          resultKind: /verif/i.test(row.type || row['backup type'] || '') ? 'Primary Verification' : 'Primary Backup',
          sizeBytes: parseSize(row.size),
          durationSeconds: elapsed,
          failureText: status === 'Success' ? null : joinMessages([row.message || row.details || row.status]),
        }),
      );
    }
  }
  if (!results.length) throw new Error('no backup rows with a known status in the Unitrends report');
  return results;
}

export const unitrends: VendorParser = { id: ID, name: 'Unitrends Backup', detect, parse };
