import type { MailMessage, ParsedResult, ParsedStatus, VendorParser } from '../types.ts';
import { parseDate, parseDuration, parseSize, result } from '../util.ts';
import { bodyText, joinMessages } from './_c-shared.ts';

/**
 * Proxmox VE vzdump backup job mails: "vzdump backup status (<fqdn>) : backup successful" (classic
 * sendmail, PVE ≤ 8.0) and "vzdump backup status (<fqdn>): backup failed" (notification system,
 * PVE ≥ 8.1). Both carry a per-guest table (VMID, NAME, STATUS, TIME, SIZE, FILENAME) and the
 * guests' logs, each line prefixed with the VMID. One result per guest.
 */

const ID = 'proxmox-vzdump';
const SUBJECT = /^\s*vzdump backup status \(([^)]*)\)\s*:\s*(.*)$/i;
const TABLE_HEAD = /^\s*VMID\s+NAME\s+STATUS\s+TIME\s+SIZE\s+FILENAME\s*$/im;

function detect(msg: MailMessage): boolean {
  if (SUBJECT.test(msg.subject)) return true;
  return /vzdump backup tool/i.test(msg.fromName) && TABLE_HEAD.test(msg.text);
}

interface Guest {
  vmid: string;
  name: string;
  state: string;
  time: string;
  size: string;
}

function guestTable(lines: string[]): Guest[] {
  const guests: Guest[] = [];
  const start = lines.findIndex((l) => TABLE_HEAD.test(l));
  if (start < 0) return guests;
  for (const line of lines.slice(start + 1)) {
    if (!line.trim()) break;
    // "VM 102" is what vzdump prints for a guest without a name.
    const m = /^\s*(\d+)\s+(VM \d+|\S+)\s+(\S+)\s+(.*)$/.exec(line);
    if (!m) break;
    const rest = /^(.*?)\s+(\d[\d.,]*\s*(?:[KMGTPE]i?)?B)\s+(\S.*)$/i.exec(m[4].trim());
    guests.push({ vmid: m[1], name: m[2], state: m[3], time: rest ? rest[1] : m[4], size: rest ? rest[2] : '' });
  }
  return guests;
}

interface GuestLog {
  lines: { time: Date | null; level: string; text: string }[];
}

/** The log lines of every guest: "<vmid>: <YYYY-MM-DD HH:MM:SS> <LEVEL>: <text>". */
function guestLogs(lines: string[]): Map<string, GuestLog> {
  const logs = new Map<string, GuestLog>();
  for (const line of lines) {
    const m = /^(\d+): (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}) (INFO|WARN|ERROR|ERR|WARNING):\s?(.*)$/.exec(line);
    if (!m) continue;
    let log = logs.get(m[1]);
    if (!log) logs.set(m[1], (log = { lines: [] }));
    log.lines.push({ time: parseDate(m[2]), level: m[3], text: m[4].trim() });
  }
  return logs;
}

function guestResult(host: string, g: Guest, log: GuestLog | undefined): ParsedResult {
  const entries = log?.lines ?? [];
  const ok = g.state.toLowerCase() === 'ok';
  const errors = entries.filter((l) => l.level.startsWith('ERR')).map((l) => l.text);
  const warnings = entries.filter((l) => l.level.startsWith('WARN')).map((l) => l.text);
  const failedLine = errors.map((e) => /^Backup of VM \d+ failed - (.*)$/.exec(e)).find(Boolean);
  let status: ParsedStatus = ok ? 'Success' : 'Failure';
  let failureText: string | null = null;
  if (!ok) failureText = failedLine ? failedLine[1].trim() : (joinMessages(errors) ?? `Backup state "${g.state}"`);
  else if (warnings.length) {
    status = 'Warning';
    failureText = joinMessages(warnings);
  }
  const started = entries.find((l) => /^Starting Backup of VM \d+/.test(l.text)) ?? entries[0];
  const finished =
    entries.find((l) => /^(Finished Backup of VM \d+|Backup of VM \d+ failed)/.test(l.text)) ??
    entries[entries.length - 1];
  const fullName = entries.map((l) => /^(?:VM|CT) Name: (\S+)/.exec(l.text)).find(Boolean);
  const size = ok ? parseSize(g.size) : null;
  return result(ID, {
    jobName: `vzdump ${host}`,
    deviceName: fullName ? fullName[1] : g.name,
    status,
    failureText,
    startTime: started?.time ?? null,
    endTime: finished?.time ?? null,
    durationSeconds: parseDuration(g.time),
    sizeBytes: size,
  });
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = bodyText(msg.text);
  const lines = text.split('\n');
  const subject = SUBJECT.exec(msg.subject);
  const host = subject ? subject[1].trim() : (/<[^@>]+@([^>]+)>/.exec(msg.headers.from ?? '')?.[1] ?? '');
  const guests = guestTable(lines);
  const logs = guestLogs(lines);
  if (guests.length) return guests.map((g) => guestResult(host, g, logs.get(g.vmid)));

  // A job-level failure before any guest ran (e.g. the storage could not be activated).
  const statusText = subject ? subject[2].trim() : '';
  if (/backup failed/i.test(statusText) || /backup failed/i.test(text.slice(0, 500))) {
    const reason = /backup failed:\s*(.+)$/i.exec(statusText)?.[1];
    // A body that is the task log alone ("INFO: VM Name: web01" … "ERROR: Backup of VM 111 failed - …").
    const errors = lines.flatMap((l) => /^\s*(?:\d+:\s+)?ERROR:\s*(.+)$/.exec(l)?.[1].trim() ?? []);
    const logError = errors.find((e) => /^Backup of (?:VM|CT) \d+ failed/i.test(e)) ?? errors[0];
    const firstLine = lines.find((l) => l.trim() && !/^(Details|=+)$/.test(l.trim()));
    return [
      result(ID, {
        // Without a "VM Name:" line the guest is known by its id ("Backup of VM 101 failed").
        deviceName:
          /^\s*(?:\d+:\s+)?INFO: (?:VM|CT) Name: (\S+)/m.exec(text)?.[1] ??
          (logError ? /^Backup of (?:VM|CT) (\d+) failed/i.exec(logError)?.[1] : undefined) ??
          '',
        jobName: `vzdump ${host}`,
        status: 'Failure',
        failureText: joinMessages([reason && !/multiple problems/i.test(reason) ? reason : (logError ?? firstLine)]),
      }),
    ];
  }
  return [];
}

export const proxmoxVzdump: VendorParser = { id: ID, name: 'Proxmox VE vzdump', detect, parse };
