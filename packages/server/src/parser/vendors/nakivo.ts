/**
 * NAKIVO Backup & Replication job report e-mails (Settings → Email notifications, "send job
 * reports"). The HTML report names the job and its overall result in a summary block (Job name,
 * Job type, Status, Started, Finished, Duration, Data transferred, Target) and lists every
 * workload in a table (VM / Instance / Machine, Status, Data transferred, Duration, Message).
 * One result per workload row; the job summary supplies job name, type, times and target.
 *
 * Job types: backup → 'Primary Backup' (storage from the target repository: cloud
 * object storage vs. onboard/local repository), replication → 'Replication' (local vs.
 * remote/DR site), backup copy → 'Primary Backup' with 'Local copy' / 'Offsite copy'.
 * Statuses: Successful → Success; Warning(s), Partially successful → Warning; Failed, Stopped → Failure.
 */
import type { MailMessage, ParsedResult, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween, tablesOf } from './_b-shared.ts';

const ID = 'nakivo';
const WORKLOAD_COLUMNS = [
  'vm',
  'vm name',
  'virtual machine',
  'instance',
  'machine',
  'workload',
  'source',
  'physical machine',
];

function detect(msg: MailMessage): boolean {
  return (
    /nakivo/i.test(`${msg.subject} ${msg.fromName} ${msg.from}`) ||
    /NAKIVO Backup &(?:amp;)? Replication/i.test(msg.text)
  );
}

const CLOUD = /amazon|aws|s3|wasabi|azure|backblaze|b2\b|cloud|object storage/i;
const REMOTE = /remote|offsite|off-site|\bdr\b|disaster|second site|cloud/i;

function kinds(jobType: string, target: string): { resultKind: ResultKind; storageKind: StorageKind | null } {
  if (/replica/i.test(jobType)) {
    return {
      resultKind: 'Replication',
      storageKind: REMOTE.test(target) ? 'Offsite replication' : 'Local replication',
    };
  }
  if (/copy/i.test(jobType)) {
    return {
      resultKind: 'Primary Backup',
      storageKind: REMOTE.test(target) || CLOUD.test(target) ? 'Offsite copy' : 'Local copy',
    };
  }
  return {
    resultKind: 'Primary Backup',
    storageKind: target ? (CLOUD.test(target) ? 'Cloud storage' : 'Local storage') : null,
  };
}

function parse(msg: MailMessage): ParsedResult[] {
  if (!msg.html) throw new Error('the NAKIVO job report has no HTML part');
  const kv = labelValues(msg);
  const jobName = pick(kv, 'job name', 'job') ?? /Job\s+"([^"]+)"/i.exec(msg.subject)?.[1];
  if (!jobName) throw new Error('no job name in the NAKIVO report');
  const jobType = pick(kv, 'job type', 'type') ?? 'Backup';
  const target = pick(kv, 'target', 'repository', 'destination', 'target repository') ?? '';
  const jobStatus = mapStatus(pick(kv, 'status', 'job status', 'result'));
  const startTime = looseDate(pick(kv, 'started', 'start time', 'start date'));
  const endTime = looseDate(pick(kv, 'finished', 'end time', 'end date', 'completed'));
  const { resultKind, storageKind } = kinds(jobType, target);

  const results: ParsedResult[] = [];
  for (const table of tablesOf(msg.html)) {
    const head = (table[0] ?? []).map((h) => h.toLowerCase());
    const nameCol = head.findIndex((h) => WORKLOAD_COLUMNS.includes(h));
    const statusCol = head.indexOf('status');
    if (nameCol < 0 || statusCol < 0) continue;
    const col = (row: string[], ...names: string[]) => {
      const i = head.findIndex((h) => names.includes(h));
      return i >= 0 ? (row[i] ?? '') : '';
    };
    for (const row of table.slice(1)) {
      const status = mapStatus(row[statusCol]) ?? (/stopped/i.test(row[statusCol]) ? 'Failure' : null);
      if (!status || !row[nameCol]) continue;
      results.push(
        result(ID, {
          jobName,
          deviceName: row[nameCol],
          status,
          startTime,
          endTime,
          resultKind,
          storageKind,
          sizeBytes: parseSize(col(row, 'data transferred', 'transferred', 'data', 'size')),
          durationSeconds: parseDuration(col(row, 'duration', 'elapsed')),
          failureText:
            status === 'Success'
              ? null
              : joinMessages([col(row, 'message', 'details', 'error', 'alarms and notifications')]),
        }),
      );
    }
  }
  if (!results.length) {
    // A report without a workload table (e.g. the job failed before processing any VM).
    if (!jobStatus) throw new Error('no workload rows and no job status in the NAKIVO report');
    results.push(
      result(ID, {
        jobName,
        status: jobStatus,
        startTime,
        endTime,
        resultKind,
        storageKind,
        sizeBytes: parseSize(pick(kv, 'data transferred', 'transferred')),
        durationSeconds: parseDuration(pick(kv, 'duration')) ?? secondsBetween(startTime, endTime),
        failureText: jobStatus === 'Success' ? null : joinMessages([pick(kv, 'message', 'details', 'error', 'alarms')]),
      }),
    );
  }
  return results;
}

export const nakivo: VendorParser = { id: ID, name: 'NAKIVO Backup & Replication', detect, parse };
