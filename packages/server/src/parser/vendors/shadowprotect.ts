/**
 * StorageCraft (now Arcserve) ShadowProtect / ShadowProtect SPX job notifications and
 * ImageManager event notifications. Both products mail through the customer's SMTP settings,
 * so they are recognised by the product names in subject or body.
 *
 * ShadowProtect / SPX: one job per mail, label/value lines — Machine, Job Name, Backup Type
 * (Full/Incremental), Result (Succeeded / Completed with warnings / Failed / Aborted), Volumes,
 * Destination, Start Time, End Time, Duration, Data Written, Message (SPX error ids such as
 * "error.destination.inaccessible" plus text).
 * ImageManager: Server, Managed Folder, Event (Verification, Consolidation, Replication…), Status,
 * Image File, Time, Details; one result per managed folder (device = the folder's name, which
 * ImageManager names after the protected machine). Verification → 'Primary Verification'; replication (ShadowStream,
 * intelligentFTP, local/network copy) → 'Replication'; consolidation → 'Primary Backup'.
 */
import type { MailMessage, ParsedResult, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween } from './_b-shared.ts';

const ID = 'shadowprotect';

function detect(msg: MailMessage): boolean {
  if (/ShadowProtect|StorageCraft ImageManager|^\s*ImageManager\b/i.test(msg.subject)) return true;
  return (
    /StorageCraft/i.test(msg.text) &&
    /ShadowProtect|ImageManager/i.test(msg.text) &&
    /^\s*(Job Name|Managed Folder)\s*:/im.test(msg.text)
  );
}

function destinationKind(dest: string | null): StorageKind | null {
  if (!dest) return null;
  if (/cloud|azure|amazon|s3|wasabi|storagecraft cloud/i.test(dest)) return 'Cloud storage';
  if (/usb|removable|rdx/i.test(dest)) return 'Removable storage';
  return 'Local storage';
}

function parseImageManager(msg: MailMessage, kv: Map<string, string>): ParsedResult[] {
  const folder = pick(kv, 'managed folder');
  if (!folder) throw new Error('no managed folder in the ImageManager notification');
  const event = pick(kv, 'event', 'task', 'operation') ?? '';
  const status = mapStatus(pick(kv, 'status', 'result'));
  if (!status) throw new Error('no ImageManager status found');
  const target = pick(kv, 'target', 'replication target', 'destination');
  const isVerify = /verif/i.test(event);
  const isRepl = /replicat|shadowstream|ftp|copy/i.test(event);
  const startTime = looseDate(pick(kv, 'start time'));
  const endTime = looseDate(pick(kv, 'time', 'date', 'end time'));
  return [
    result(ID, {
      jobName: `ImageManager ${event || 'task'}`,
      deviceName: folder.replace(/[\\/]+$/, '').replace(/^.*[\\/]/, ''),
      status,
      startTime,
      endTime,
      durationSeconds: secondsBetween(startTime, endTime),
      resultKind: isVerify ? 'Primary Verification' : isRepl ? 'Replication' : 'Primary Backup',
      storageKind: isVerify
        ? 'Verification'
        : isRepl
          ? /shadowstream|ftp|offsite|cloud|remote/i.test(`${event} ${target ?? ''}`)
            ? 'Offsite replication'
            : 'Local replication'
          : null,
      sizeBytes: parseSize(pick(kv, 'data transferred', 'size')),
      failureText: status === 'Success' ? null : joinMessages([pick(kv, 'details', 'message', 'error')]),
    }),
  ];
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  if (pick(kv, 'managed folder')) return parseImageManager(msg, kv);
  const jobName = pick(kv, 'job name', 'job') ?? /job\s+"([^"]+)"/i.exec(msg.subject)?.[1];
  if (!jobName) throw new Error('no job name in the ShadowProtect notification');
  const status = mapStatus(pick(kv, 'result', 'status', 'job status'));
  if (!status) throw new Error('no ShadowProtect job result found');
  const startTime = looseDate(pick(kv, 'start time', 'started'));
  const endTime = looseDate(pick(kv, 'end time', 'finished', 'completed'));
  return [
    result(ID, {
      jobName,
      deviceName: pick(kv, 'machine', 'machine name', 'computer') ?? '',
      status,
      startTime,
      endTime,
      storageKind: destinationKind(pick(kv, 'destination')),
      sizeBytes: parseSize(pick(kv, 'data written', 'data transferred', 'size')),
      durationSeconds: parseDuration(pick(kv, 'duration', 'elapsed time')) ?? secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : joinMessages([pick(kv, 'message', 'details', 'error')]),
    }),
  ];
}

export const shadowprotect: VendorParser = { id: ID, name: 'StorageCraft ShadowProtect', detect, parse };
