import type { VendorCustomer, VendorSession } from '../types.ts';

/**
 * Veeam Backup Enterprise Manager REST API (JSON representation) → sessions and customers (pure).
 *
 * A result is one backup task session: one VM (or machine) processed by one run of a job. Its
 * job session carries the job's name and type and links up to the backup server that ran it;
 * the backup servers are the customers.
 */

export interface EmLink {
  Rel?: string | null;
  Href?: string | null;
  Name?: string | null;
  Type?: string | null;
}

export interface EmPagingInfo {
  PageNum?: number;
  PageSize?: number;
  PagesCount?: number;
  Links?: EmLink[] | null;
}

/** `/query?...&format=Entities`: `Entities.<Plural>.<Plural>[]` and `PagingInfo`. */
export interface EmQueryResult {
  Entities?: Record<string, Record<string, unknown[] | undefined> | null | undefined> | null;
  PagingInfo?: EmPagingInfo | null;
}

export interface EmBackupServer {
  UID: string;
  Name: string;
  Description?: string | null;
  Port?: number | null;
  Version?: string | null;
}

export interface EmJobSession {
  UID: string;
  Name?: string | null;
  JobUid?: string | null;
  JobName: string;
  JobType?: string | null;
  CreationTimeUTC?: string | null;
  EndTimeUTC?: string | null;
  State?: string | null;
  Result?: string | null;
  IsRetry?: boolean | null;
  Links?: EmLink[] | null;
}

export interface EmTaskSession {
  UID: string;
  Name?: string | null;
  JobSessionUid: string;
  VmDisplayName?: string | null;
  CreationTimeUTC?: string | null;
  EndTimeUTC?: string | null;
  State?: string | null;
  Result?: string | null;
  Reason?: string | null;
  TotalSize?: number | null;
}

/** The items of one entity collection in a query result, e.g. ('BackupTaskSessions'). */
export function entities<T>(result: EmQueryResult | null | undefined, plural: string): T[] {
  const outer = result?.Entities?.[plural];
  const items = outer?.[plural];
  return Array.isArray(items) ? (items as T[]) : [];
}

/** Task results once the task is Completed: Success, Warning, Failed; anything else is not a result. */
export function mapResult(result: string | null | undefined): VendorSession['status'] | null {
  switch ((result ?? '').trim().toLowerCase()) {
    case 'success':
      return 'Success';
    case 'warning':
      return 'Warning';
    case 'failed':
      return 'Failure';
    default:
      return null;
  }
}

/** Finished states: a task session is Completed, a job session Stopped. */
export function isFinished(state: string | null | undefined): boolean {
  const s = (state ?? '').trim().toLowerCase();
  return s === 'completed' || s === 'stopped';
}

const JOB_TYPES: Record<string, string> = {
  backup: 'VM',
  backupcopy: 'Backup Copy',
  immediatebackupcopy: 'Backup Copy',
  immediatebackupcopyworker: 'Backup Copy',
  agentbackup: 'Agent',
  agentmanagement: 'Agent',
  nasbackup: 'Files',
};

export function jobType(type: string | null | undefined): string {
  return JOB_TYPES[(type ?? '').toLowerCase()] ?? 'VM';
}

/** The backup server a job session links up to: `urn:veeam:BackupServer:<id>` and its name. */
export function serverOf(job: EmJobSession | null | undefined): VendorCustomer | null {
  const link = job?.Links?.find((l) => l.Type === 'BackupServerReference' && l.Href);
  if (!link?.Href) return null;
  const id = link.Href.replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean)
    .at(-1);
  return id ? { id: `urn:veeam:BackupServer:${id}`, name: link.Name ?? id } : null;
}

const date = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) || d.getFullYear() < 1971 ? null : d;
};

/** The job name a session is named after ("SQL Backup@2024-03-01 22:00:05" → "SQL Backup"). */
const jobNameOf = (name: string | null | undefined) => (name ? name.replace(/@[^@]*$/, '') : null);

export function mapTaskSession(task: EmTaskSession, job: EmJobSession | null): VendorSession | null {
  if (!isFinished(task.State)) return null;
  const status = mapResult(task.Result);
  if (!status) return null;
  const start = date(task.CreationTimeUTC);
  const end = date(task.EndTimeUTC);
  const server = serverOf(job);
  const jobName = job?.JobName?.trim() || jobNameOf(job?.Name) || 'Backup job';
  return {
    sessionId: task.UID,
    customerId: server?.id ?? null,
    customerName: server?.name ?? null,
    device: task.VmDisplayName?.trim() || jobName,
    job: jobName,
    backupType: jobType(job?.JobType),
    status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof task.TotalSize === 'number' ? task.TotalSize : null,
    durationSeconds: start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null,
    message: status === 'Success' ? null : task.Reason?.trim() || null,
  };
}

export function mapBackupServer(s: EmBackupServer): VendorCustomer {
  return { id: s.UID, name: s.Name };
}
