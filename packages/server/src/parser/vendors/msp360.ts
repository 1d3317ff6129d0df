import type { MailMessage, ParsedResult, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { anyDate, fieldOf, fromDomain, joinMessages, secondsBetween, statusText, textTables } from './_a-shared.ts';

const ID = 'msp360';

/** 'Backup plan "Files to Wasabi" on FS01 completed successfully' (also "completed with warnings", "failed"). */
const SUBJECT =
  /\b(?:Backup|Restore|Consistency check) plan\s+["“']?(.+?)["”']?\s+on\s+(\S+)\s+(completed successfully|completed with warnings|completed with errors|failed|succeeded|finished with warnings?)\b/i;

function detect(msg: MailMessage): boolean {
  if (!SUBJECT.test(msg.subject)) return false;
  return (
    fromDomain(msg, 'mspbackups.com', 'msp360.com', 'cloudberrylab.com') ||
    /MSP360|CloudBerry|Managed Backup/i.test(msg.text)
  );
}

function storageOf(s: string | null): StorageKind | null {
  if (!s) return null;
  if (/wasabi|amazon|\bs3\b|azure|backblaze|\bb2\b|google|minio|cloud|glacier|idrive/i.test(s)) return 'Cloud storage';
  if (/local|nas|file system|network share|usb|\\\\|[a-z]:\\/i.test(s)) return 'Local storage';
  return null;
}

function parse(msg: MailMessage): ParsedResult[] {
  const m = SUBJECT.exec(msg.subject)!;
  const text = msg.text;
  const status = statusText(fieldOf(text, 'Status', 'Result')) ?? statusText(m[3]);
  if (!status) throw new Error('no plan status in the notification');
  const startTime = anyDate(fieldOf(text, 'Start time', 'Started'));
  const endTime = anyDate(fieldOf(text, 'End time', 'Finished'));
  const fileErrors: string[] = [];
  if (msg.html) {
    const t = textTables(msg.html).find((x) => x[0]?.includes('File') && x[0]?.includes('Error'));
    if (t) for (const r of t.slice(1)) fileErrors.push(`${r[t[0].indexOf('File')]}: ${r[t[0].indexOf('Error')]}`);
  }
  return [
    result(ID, {
      jobName: fieldOf(text, 'Plan name', 'Plan') ?? m[1],
      deviceName: fieldOf(text, 'Computer', 'Computer name') ?? m[2],
      status,
      startTime,
      endTime,
      storageKind: storageOf(fieldOf(text, 'Storage', 'Backup storage', 'Destination')),
      sizeBytes: parseSize(fieldOf(text, 'Uploaded size', 'Data uploaded', 'Backed up size')),
      durationSeconds: parseDuration(fieldOf(text, 'Duration')) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success' ? null : joinMessages([fieldOf(text, 'Error', 'Warning', 'Details'), ...fileErrors]),
    }),
  ];
}

export const msp360: VendorParser = { id: ID, name: 'MSP360 Managed Backup', detect, parse };
