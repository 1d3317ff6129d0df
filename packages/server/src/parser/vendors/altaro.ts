/**
 * Altaro VM Backup (renamed Hornetsecurity VM Backup from v9) e-mail notifications, sent by the
 * backup server for each virtual machine operation: backup, offsite copy (to an Altaro Offsite
 * Server / Azure / cloud location) and sandbox verification. Subject "<product> - <Operation>
 * <Result> - <VM>", body a label/value table (Virtual Machine, Host, Operation, Result,
 * Start Time, End Time, Duration, Backup Location / Offsite Location, Transferred, Details).
 * Summary notifications with a per-VM table (Virtual Machine, Operation, Result, …) give one
 * result per row.
 *
 * Offsite copy → storageKind 'Offsite copy'; backup → 'Local storage' (or 'Cloud storage' when the
 * location is cloud); sandbox/verification → 'Primary Verification'.
 * Results: Successful / Completed → Success; "with warnings" → Warning; Failed / Cancelled → Failure.
 */
import type { MailMessage, ParsedResult, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween, tablesOf } from './_b-shared.ts';

const ID = 'altaro';
const BRAND = /Altaro VM Backup|Hornetsecurity VM Backup|\bAltaro\b/i;

function detect(msg: MailMessage): boolean {
  return (BRAND.test(`${msg.subject} ${msg.fromName}`) || BRAND.test(msg.text)) && /Virtual Machine/i.test(msg.text);
}

function kinds(operation: string, location: string): { resultKind: ResultKind; storageKind: StorageKind | null } {
  if (/sandbox|verif|test restore/i.test(operation))
    return { resultKind: 'Primary Verification', storageKind: 'Verification' };
  if (/offsite|off-site/i.test(operation)) return { resultKind: 'Primary Backup', storageKind: 'Offsite copy' };
  if (!location) return { resultKind: 'Primary Backup', storageKind: null };
  return {
    resultKind: 'Primary Backup',
    storageKind: /azure|cloud|wasabi|amazon/i.test(location) ? 'Cloud storage' : 'Local storage',
  };
}

function parseTable(msg: MailMessage): ParsedResult[] {
  const results: ParsedResult[] = [];
  for (const table of msg.html ? tablesOf(msg.html) : []) {
    const head = (table[0] ?? []).map((h) => h.toLowerCase());
    const vm = head.indexOf('virtual machine');
    const res = head.findIndex((h) => h === 'result' || h === 'status');
    if (vm < 0 || res < 0 || table.length < 2) continue;
    const col = (row: string[], ...names: string[]) => {
      const i = head.findIndex((h) => names.includes(h));
      return i >= 0 ? (row[i] ?? '') : '';
    };
    for (const row of table.slice(1)) {
      const status = mapStatus(row[res]);
      if (!status) continue;
      const operation = col(row, 'operation', 'type') || 'Backup';
      const startTime = looseDate(col(row, 'start time', 'started'));
      const endTime = looseDate(col(row, 'end time', 'finished'));
      results.push(
        result(ID, {
          jobName: operation,
          deviceName: row[vm],
          status,
          startTime,
          endTime,
          ...kinds(operation, col(row, 'location', 'backup location', 'offsite location')),
          sizeBytes: parseSize(col(row, 'transferred', 'size', 'data transferred')),
          durationSeconds: parseDuration(col(row, 'duration')) ?? secondsBetween(startTime, endTime),
          failureText: status === 'Success' ? null : joinMessages([col(row, 'details', 'error', 'message')]),
        }),
      );
    }
  }
  return results;
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const vm = pick(kv, 'virtual machine', 'vm', 'vm name');
  if (!vm) {
    const rows = parseTable(msg);
    if (!rows.length) throw new Error('no virtual machine named in the Altaro notification');
    return rows;
  }
  const operation =
    pick(kv, 'operation', 'operation type', 'type') ?? (/offsite/i.test(msg.subject) ? 'Offsite Copy' : 'Backup');
  const status =
    mapStatus(pick(kv, 'result', 'status')) ??
    mapStatus(/-\s*[^-]*?\b(successful|failed|warnings?)\b/i.exec(msg.subject)?.[1]);
  if (!status) throw new Error('no result found in the Altaro notification');
  const location = pick(kv, 'offsite location', 'backup location', 'location', 'destination') ?? '';
  const startTime = looseDate(pick(kv, 'start time', 'started'));
  const endTime = looseDate(pick(kv, 'end time', 'finished', 'completed'));
  return [
    result(ID, {
      jobName: operation,
      deviceName: vm,
      status,
      startTime,
      endTime,
      ...kinds(operation, location),
      sizeBytes: parseSize(pick(kv, 'transferred', 'transferred size', 'data transferred', 'compressed size', 'size')),
      durationSeconds: parseDuration(pick(kv, 'duration')) ?? secondsBetween(startTime, endTime),
      failureText:
        status === 'Success' ? null : joinMessages([pick(kv, 'details', 'error', 'error details', 'message')]),
    }),
  ];
}

export const altaro: VendorParser = { id: ID, name: 'Altaro / Hornetsecurity VM Backup', detect, parse };
