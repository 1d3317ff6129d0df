import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { anyDate, fieldOf, fromDomain, joinMessages, secondsBetween, textTables } from './_a-shared.ts';

const ID = 'cove';

const MARK = /Cove Data Protection|Backup Manager|SolarWinds Backup|N-able Backup/i;

function detect(msg: MailMessage): boolean {
  const sender = fromDomain(msg, 'backup.management', 'n-able.com', 'solarwindsmsp.com', 'cove.n-able.com');
  if (!sender && !/Cove Data Protection/i.test(msg.subject)) return false;
  return MARK.test(msg.text) && /Data source/i.test(msg.text);
}

/** Cove session statuses: Completed, Completed with errors (data kept, some items not), Failed, Aborted, … */
function coveStatus(s: string): ParsedStatus {
  const w = s.trim().toLowerCase();
  if (w === 'completed' || w === 'success' || w === 'successful') return 'Success';
  if (/^completed with (errors|warnings)|^in process|^partial/.test(w)) return 'Warning';
  return 'Failure';
}

/** One result per data source of the session report (Files and Folders, System State, MS SQL, Exchange, …). */
function parse(msg: MailMessage): ParsedResult[] {
  if (!msg.html) throw new Error('the report has no HTML body');
  const text = msg.text;
  const deviceName = fieldOf(text, 'Computer name', 'Computer') ?? fieldOf(text, 'Device', 'Device name') ?? '';
  const tables = textTables(msg.html);
  const sessions = tables.find((t) => t[0]?.includes('Data source') && t[0]?.includes('Status'));
  if (!sessions) throw new Error('no session table in the report');
  const errors = tables.find((t) => t[0]?.includes('Data source') && t[0]?.includes('Error'));
  const h = sessions[0];
  const col = (n: string) => h.indexOf(n);
  return sessions.slice(1).map((row) => {
    const source = row[col('Data source')];
    const statusWord = row[col('Status')] ?? '';
    const status = coveStatus(statusWord);
    const startTime = anyDate(row[col('Start time')]);
    const endTime = anyDate(row[col('End time')]);
    const messages = (errors ?? []).slice(1).filter((r) => r[errors![0].indexOf('Data source')] === source);
    const eItem = errors ? errors[0].indexOf('Item') : -1;
    const eError = errors ? errors[0].indexOf('Error') : -1;
    return result(ID, {
      jobName: source,
      deviceName,
      status,
      startTime,
      endTime,
      storageKind: 'Cloud storage',
      sizeBytes: parseSize(row[col('Sent size')]) ?? parseSize(row[col('Processed size')]),
      durationSeconds: parseDuration(row[col('Duration')]) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success'
          ? null
          : (joinMessages(messages.map((m) => (eItem >= 0 && m[eItem] ? `${m[eItem]}: ${m[eError]}` : m[eError]))) ??
            statusWord),
    });
  });
}

export const cove: VendorParser = { id: ID, name: 'N-able Cove Data Protection', detect, parse };
