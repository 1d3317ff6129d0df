import type { MailMessage, ParsedResult, ParsedStatus, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { result, statusFromWord } from '../util.ts';
import { anyDate, fieldOf, fromDomain, joinMessages, secondsBetween } from './_a-shared.ts';

const ID = 'datto-bcdr';

/** Alert events a SIRIS/ALTO appliance mails about a protected machine. */
const EVENT =
  /\b(Backup|Screenshot Verification|Off-?site Sync|Local Verification)\s+(Success|Succeeded|Warning|Failure|Failed)\b/i;

function detect(msg: MailMessage): boolean {
  if (!fromDomain(msg, 'dattobackup.com', 'datto.com', 'datto.net')) return false;
  if (/SaaS Protection|Backupify/i.test(msg.subject) || /SaaS Protection|Backupify/i.test(msg.text)) return false;
  return EVENT.test(msg.subject) || (EVENT.test(msg.text) && /Protected Machine\s*:/i.test(msg.text));
}

function statusOf(word: string): ParsedStatus {
  return /^succe/i.test(word) ? 'Success' : /^warn/i.test(word) ? 'Warning' : 'Failure';
}

function kindOf(event: string): { resultKind: ResultKind; storageKind: StorageKind | null } {
  if (/screenshot/i.test(event)) return { resultKind: 'Primary Verification', storageKind: 'Screenshot verification' };
  if (/local verification/i.test(event)) return { resultKind: 'Primary Verification', storageKind: 'Verification' };
  if (/off-?site/i.test(event)) return { resultKind: 'Replication', storageKind: 'Offsite replication' };
  return { resultKind: 'Primary Backup', storageKind: 'Local storage' };
}

function parse(msg: MailMessage): ParsedResult[] {
  const text = msg.text;
  const ev = EVENT.exec(msg.subject) ?? EVENT.exec(fieldOf(text, 'Event') ?? '') ?? EVENT.exec(text);
  if (!ev) throw new Error('no alert event in the e-mail');
  const appliance = fieldOf(text, 'Device', 'Appliance') ?? /^\s*([^:]+?)\s*:/.exec(msg.subject)?.[1] ?? '';
  const machine = (fieldOf(text, 'Protected Machine', 'Agent', 'Protected System') ?? '').replace(
    /\s*\([^)]*\)\s*$/,
    '',
  );
  if (!machine) throw new Error('no protected machine in the alert');
  const resultWord = fieldOf(text, 'Result', 'Status');
  const status: ParsedStatus = (resultWord && statusFromWord(resultWord)) || statusOf(ev[2]);
  const { resultKind, storageKind } = kindOf(ev[1]);
  const startTime = anyDate(fieldOf(text, 'Backup Started', 'Started', 'Verification Started', 'Screenshot Taken'));
  const endTime = anyDate(fieldOf(text, 'Backup Ended', 'Finished', 'Ended', 'Verification Finished'));
  const messages = [fieldOf(text, 'Error', 'Error Message', 'Reason'), fieldOf(text, 'Warning', 'Details')];
  return [
    result(ID, {
      jobName: appliance || machine,
      deviceName: machine,
      status,
      startTime,
      endTime,
      resultKind,
      storageKind,
      durationSeconds: secondsBetween(startTime, endTime),
      failureText: status === 'Success' ? null : joinMessages(messages),
    }),
  ];
}

export const dattoBcdr: VendorParser = { id: ID, name: 'Datto BCDR (SIRIS/ALTO)', detect, parse };
