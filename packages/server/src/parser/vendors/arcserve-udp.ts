/**
 * Arcserve UDP (Unified Data Protection) console / agent job alert e-mails. One job per mail:
 * a subject naming the product, the job type and its outcome ("[Arcserve UDP] Backup Job
 * Successful - FS01"), and a label/value table: Node Name, Plan Name, Job Type, Job ID, Status,
 * Start Time, End Time, Elapsed Time, Processed Data, Destination, Message.
 *
 * UDP statuses: Successful / Finished → Success; Incomplete (some items skipped) and
 * "…with warnings" → Warning; Failed / Canceled / Crashed / Missed → Failure.
 * Job types: backup (Full / Incremental / Verify) → 'Primary Backup'; replication ("Replication
 * (In)/(Out)", "Replicate to remote RPS") → 'Replication' (offsite when the target is a remote /
 * remotely-managed RPS); merge (recovery-point consolidation) is a maintenance job, reported as
 * a 'System Alert'.
 */
import type { MailMessage, ParsedResult, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { parseDuration, parseSize, result } from '../util.ts';
import { joinMessages, labelValues, looseDate, mapStatus, pick, secondsBetween } from './_b-shared.ts';

const ID = 'arcserve-udp';

function detect(msg: MailMessage): boolean {
  const head = `${msg.subject} ${msg.fromName}`;
  const brand = /arcserve/i.test(head) || /Arcserve/.test(msg.text);
  return brand && /\bUDP\b|Unified Data Protection/i.test(`${head} ${msg.text}`) && /Node Name/i.test(msg.text);
}

function parse(msg: MailMessage): ParsedResult[] {
  const kv = labelValues(msg);
  const node = pick(kv, 'node name', 'node', 'source node');
  const plan = pick(kv, 'plan name', 'plan');
  const jobType =
    pick(kv, 'job type') ?? /(Backup|Replication|Merge|Catalog|Copy)\s+Job/i.exec(msg.subject)?.[1] ?? 'Backup';
  if (!node && !plan) throw new Error('neither node nor plan named in the Arcserve UDP alert');
  const status = mapStatus(pick(kv, 'status', 'job status')) ?? mapStatus(msg.subject.replace(/^.*Job\s+/i, ''));
  if (!status) throw new Error('no job status found in the Arcserve UDP alert');

  const destination = pick(kv, 'destination', 'target', 'data store') ?? '';
  let resultKind: ResultKind = 'Primary Backup';
  let storageKind: StorageKind | null = destination
    ? /cloud/i.test(destination)
      ? 'Cloud storage'
      : 'Local storage'
    : null;
  if (/replicat/i.test(jobType)) {
    resultKind = 'Replication';
    storageKind = /remote|offsite|cloud/i.test(`${jobType} ${destination}`)
      ? 'Offsite replication'
      : 'Local replication';
  } else if (/merge/i.test(jobType)) {
    resultKind = 'System Alert';
    storageKind = null;
  }
  const startTime = looseDate(pick(kv, 'start time'));
  const endTime = looseDate(pick(kv, 'end time'));
  return [
    result(ID, {
      jobName: plan ?? `${jobType} job`,
      deviceName: node ?? '',
      status,
      startTime,
      endTime,
      resultKind,
      storageKind,
      backupType: resultKind === 'System Alert' ? 'Alert' : 'Backup',
      sizeBytes: parseSize(pick(kv, 'processed data', 'processed data size', 'data size', 'protected data size')),
      durationSeconds: parseDuration(pick(kv, 'elapsed time', 'duration')) ?? secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : joinMessages([pick(kv, 'message', 'error message', 'details')]),
    }),
  ];
}

export const arcserveUdp: VendorParser = { id: ID, name: 'Arcserve UDP', detect, parse };
