import type { MailMessage, ParsedResult, ResultKind, StorageKind, VendorParser } from '../types.ts';
import { field, parseDuration, result } from '../util.ts';
import { bodyText, joinMessages } from './_c-shared.ts';

/**
 * Proxmox Backup Server job notifications (PBS 2.x – 4.x templates): verification, garbage
 * collection, sync, prune and tape backup jobs, e.g. "Verify Datastore 'store1' successful",
 * "Garbage Collect Datastore 'store1' failed", "Sync remote 'pbs-hq' datastore 'main' successful",
 * "Pruning datastore 'store1' successful", "Tape Backup 'weekly' datastore 'store1' failed".
 * One result per e-mail.
 */

const ID = 'proxmox-pbs';

type Kind = 'verify' | 'gc' | 'sync' | 'prune' | 'tape';

interface SubjectInfo {
  kind: Kind;
  ok: boolean;
  store: string;
  remote?: string;
  remoteStore?: string;
  tapeJob?: string;
}

function subjectInfo(subject: string): SubjectInfo | null {
  const s = subject.trim();
  let m = /^Verify Datastore '([^']+)' (successful|failed)$/i.exec(s);
  if (m) return { kind: 'verify', store: m[1], ok: /successful/i.test(m[2]) };
  m = /^Garbage Collect Datastore '([^']+)' (successful|failed)$/i.exec(s);
  if (m) return { kind: 'gc', store: m[1], ok: /successful/i.test(m[2]) };
  m = /^Sync remote '([^']+)' datastore '([^']+)' (successful|failed)$/i.exec(s);
  if (m) return { kind: 'sync', remote: m[1], remoteStore: m[2], store: '', ok: /successful/i.test(m[3]) };
  m = /^Sync local datastore '([^']+)' (successful|failed)$/i.exec(s);
  if (m) return { kind: 'sync', remoteStore: m[1], store: '', ok: /successful/i.test(m[2]) };
  m = /^Pruning datastore '([^']+)' (successful|failed)$/i.exec(s);
  if (m) return { kind: 'prune', store: m[1], ok: /successful/i.test(m[2]) };
  m = /^Tape Backup (?:'([^']+)' )?datastore '([^']+)' (successful|failed)$/i.exec(s);
  if (m) return { kind: 'tape', tapeJob: m[1], store: m[2], ok: /successful/i.test(m[3]) };
  return null;
}

function detect(msg: MailMessage): boolean {
  if (!subjectInfo(msg.subject)) return false;
  return (
    /Proxmox Backup Server/i.test(msg.fromName) || /Please visit the web interface for further details/i.test(msg.text)
  );
}

/** The lines between a heading line and the next blank line (or the given end marker). */
function listAfter(text: string, heading: RegExp): string[] {
  const lines = text.split('\n');
  const i = lines.findIndex((l) => heading.test(l));
  if (i < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(i + 1)) {
    if (/Please visit the web interface/i.test(line)) break;
    if (!line.trim()) {
      if (out.length) break;
      continue;
    }
    out.push(line.trim());
  }
  return out;
}

function parse(msg: MailMessage): ParsedResult[] {
  const info = subjectInfo(msg.subject);
  if (!info) return [];
  const text = bodyText(msg.text);
  const host = /<https?:\/\/([^:/>]+)[:/]/.exec(text)?.[1] ?? '';
  const jobId = field(text, 'Job ID');
  const store = field(text, 'Datastore') ?? info.store;
  const withId = (label: string) => (jobId ? `${label} (${jobId})` : label);
  const errorAfter = (label: string) => {
    const m = new RegExp(`^${label}:\\s*(.+)$`, 'im').exec(text);
    return m ? m[1].trim() : null;
  };

  let jobName: string;
  let resultKind: ResultKind = 'Primary Backup';
  let storageKind: StorageKind | null = null;
  let backupType: 'Backup' | 'Alert' = 'Backup';
  let failureText: string | null = null;
  let warning = false;
  let durationSeconds: number | null = null;

  switch (info.kind) {
    case 'verify': {
      jobName = withId(`Verify ${store}`);
      resultKind = 'Primary Verification';
      if (!info.ok) {
        const failed = listAfter(text, /^Verification failed on these snapshots\/groups:/i);
        failureText = failed.length
          ? `Verification failed on these snapshots/groups: ${failed.join('; ')}`
          : 'Verification failed';
      }
      break;
    }
    case 'gc': {
      jobName = `Garbage collection ${store}`;
      resultKind = 'System Alert';
      backupType = 'Alert';
      if (!info.ok) failureText = errorAfter('Garbage collection failed');
      else {
        const stillBad = Number(field(text, 'Leftover bad chunks') ?? 0);
        const removedBad = Number(field(text, 'Removed bad chunks') ?? 0);
        if (stillBad > 0 || removedBad > 0) {
          warning = true;
          failureText = joinMessages([
            stillBad > 0 ? `Leftover bad chunks: ${stillBad}` : null,
            removedBad > 0 ? `Removed bad chunks: ${removedBad}` : null,
          ]);
        }
      }
      break;
    }
    case 'sync': {
      const remote = field(text, 'Remote') ?? info.remote;
      const source = field(text, 'Remote Store') ?? field(text, 'Local Source Store') ?? info.remoteStore;
      jobName = withId(remote ? `Sync ${store} from ${remote}/${source}` : `Sync ${store} from ${source}`);
      resultKind = 'Replication';
      storageKind = remote ? 'Offsite replication' : 'Local replication';
      if (!info.ok) failureText = errorAfter('Synchronization failed');
      break;
    }
    case 'prune': {
      jobName = withId(`Prune ${store}`);
      resultKind = 'System Alert';
      backupType = 'Alert';
      if (!info.ok) failureText = errorAfter('Pruning failed');
      break;
    }
    case 'tape': {
      const pool = field(text, 'Tape Pool');
      jobName = withId(pool ? `Tape backup ${store} to ${pool}` : `Tape backup ${store}`);
      storageKind = 'Removable storage';
      durationSeconds = parseDuration(field(text, 'Duration'));
      if (!info.ok) failureText = errorAfter('Tape Backup failed');
      break;
    }
  }
  if (!info.ok && !failureText) failureText = `${msg.subject.trim()}`;

  return [
    result(ID, {
      jobName,
      deviceName: host,
      status: !info.ok ? 'Failure' : warning ? 'Warning' : 'Success',
      resultKind,
      storageKind,
      backupType,
      failureText,
      durationSeconds,
    }),
  ];
}

export const proxmoxPbs: VendorParser = { id: ID, name: 'Proxmox Backup Server', detect, parse };
