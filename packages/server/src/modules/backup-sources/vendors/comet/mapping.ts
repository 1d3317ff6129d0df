import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Comet Server payloads (the admin API's BackupJobDetail and UserProfileConfig, as the official
 * SDKs type them) → sessions, customers and devices. Pure.
 */

/** Job classifications: only backup jobs are results (restore, retention, … are not). */
export const JOB_CLASSIFICATION_BACKUP = 4001;

/** Job status codes: 5xxx stopped successfully, 6xxx running or not started yet, 7xxx unsuccessful. */
export const JOB_STATUS = {
  STOP_SUCCESS: 5000,
  RUNNING_INDETERMINATE: 6000,
  RUNNING_ACTIVE: 6001,
  RUNNING_REVIVED: 6002,
  RUNNING_TRYAGAIN: 6003,
  NOT_YET_STARTED: 6004,
  FAILED_TIMEOUT: 7000,
  FAILED_WARNING: 7001,
  FAILED_ERROR: 7002,
  FAILED_QUOTA: 7003,
  FAILED_SCHEDULEMISSED: 7004,
  FAILED_CANCELLED: 7005,
  FAILED_SKIPALREADYRUNNING: 7006,
  FAILED_ABANDONED: 7007,
} as const;

export interface CometJob {
  GUID: string;
  Username: string;
  Classification: number;
  Status: number;
  /** Unix seconds. */
  StartTime: number;
  /** Unix seconds; 0 while the job runs. */
  EndTime: number;
  SourceGUID: string;
  DestinationGUID: string;
  DeviceID: string;
  ClientVersion?: string;
  TotalSize?: number;
  TotalFiles?: number;
  UploadSize?: number;
}

export interface CometDevice {
  FriendlyName: string;
  RegistrationTime?: number;
  PlatformVersion?: { version?: string; distribution?: string; build?: string; os?: string; arch?: string };
  ClientVersion?: string;
  DeviceTimezone?: string;
}

export interface CometSource {
  Engine: string;
  Description: string;
  OwnerDevice: string;
}

export interface CometUserProfile {
  Username: string;
  AccountName?: string;
  OrganizationID?: string;
  IsSuspended?: boolean;
  Sources?: Record<string, CometSource>;
  Devices?: Record<string, CometDevice>;
}

/** Status of a finished job; null while it runs or has not started (not a result yet). */
export function cometStatus(code: number): VendorSession['status'] | null {
  if (code >= 5000 && code <= 5999) return 'Success';
  if (code >= 6000 && code <= 6999) return null;
  if (code === JOB_STATUS.FAILED_WARNING || code === JOB_STATUS.FAILED_SKIPALREADYRUNNING) return 'Warning';
  if (code >= 7000 && code <= 7999) return 'Failure';
  return null;
}

const MESSAGES: Record<number, string> = {
  [JOB_STATUS.FAILED_TIMEOUT]: 'The job timed out',
  [JOB_STATUS.FAILED_WARNING]: 'The job completed with warnings',
  [JOB_STATUS.FAILED_ERROR]: 'The job did not fully complete because of an error',
  [JOB_STATUS.FAILED_QUOTA]: 'The storage quota was exceeded',
  [JOB_STATUS.FAILED_SCHEDULEMISSED]: 'The job did not start at its scheduled time',
  [JOB_STATUS.FAILED_CANCELLED]: 'The job was cancelled',
  [JOB_STATUS.FAILED_SKIPALREADYRUNNING]: 'Skipped: a backup was already running',
  [JOB_STATUS.FAILED_ABANDONED]: 'The job stopped unexpectedly or was abandoned',
};

export function cometMessage(code: number): string | null {
  return MESSAGES[code] ?? (code >= 7000 && code <= 7999 ? `The job ended with status ${code}` : null);
}

const ENGINES: Record<string, string> = {
  'engine1/file': 'Files',
  'engine1/stdout': 'Program output',
  'engine1/mysql': 'MySQL',
  'engine1/systemstate': 'System state',
  'engine1/mssql': 'SQL Server',
  'engine1/windowssystem': 'Windows system',
  'engine1/exchangeedb': 'Exchange',
  'engine1/vsswriter': 'Application (VSS)',
  'engine1/hyperv': 'VM',
  'engine1/windisk': 'Image',
  'engine1/mongodb': 'MongoDB',
  'engine1/winmsofficemail': 'Microsoft 365',
  'engine1/vmware': 'VM',
  'engine1/proxmox': 'VM',
};

export function engineType(engine: string | undefined): string {
  return (engine && ENGINES[engine]) || 'Files';
}

const date = (unix: number | undefined) => (unix && unix > 0 ? new Date(unix * 1000) : null);

/** A finished backup job as a session; null for a running job or one that is not a backup. */
export function mapCometJob(job: CometJob, profile: CometUserProfile | undefined): VendorSession | null {
  if (job.Classification !== JOB_CLASSIFICATION_BACKUP || !job.EndTime) return null;
  const status = cometStatus(job.Status);
  if (!status) return null;
  const device = profile?.Devices?.[job.DeviceID];
  const source = profile?.Sources?.[job.SourceGUID];
  const start = date(job.StartTime);
  const end = date(job.EndTime);
  return {
    sessionId: job.GUID,
    customerId: job.Username,
    customerName: profile?.AccountName?.trim() || job.Username,
    device: device?.FriendlyName?.trim() || job.DeviceID || job.Username,
    job: source?.Description?.trim() || job.SourceGUID,
    backupType: engineType(source?.Engine),
    status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof job.TotalSize === 'number' ? job.TotalSize : null,
    durationSeconds: start && end ? Math.max(0, job.EndTime - job.StartTime) : null,
    message: cometMessage(job.Status),
    assetId: job.DeviceID || null,
  };
}

export function mapCometUser(profile: CometUserProfile): VendorCustomer {
  return { id: profile.Username, name: profile.AccountName?.trim() || profile.Username };
}

/** The devices registered to a user, with the side menu's device fields. */
export function mapCometDevices(profile: CometUserProfile): VendorAsset[] {
  return Object.entries(profile.Devices ?? {}).map(([id, d]) => ({
    kind: 'device' as const,
    externalId: id,
    customerId: profile.Username,
    name: d.FriendlyName || id,
    fields: {
      DeviceName: d.FriendlyName || id,
      Hostname: d.FriendlyName || null,
      Company: profile.AccountName?.trim() || profile.Username,
      AgentVersion: d.ClientVersion ?? null,
      Platform: d.PlatformVersion?.distribution || d.PlatformVersion?.os || null,
      PlatformVersion: d.PlatformVersion?.version ?? null,
      DeviceId: id,
    },
  }));
}

/**
 * Where the next read resumes: the end time (Unix seconds) of the last job read and the jobs that
 * ended in that second, so a job ending in the same second later is still read once.
 */
export interface CometCursor {
  endTime: number;
  guids: string[];
}

export function parseCometCursor(cursor: string | null): CometCursor | null {
  if (!cursor) return null;
  const [t, rest] = cursor.split(':', 2);
  const endTime = Number(t);
  if (!Number.isInteger(endTime) || endTime <= 0) return null;
  return { endTime, guids: rest ? rest.split(',').filter(Boolean) : [] };
}

export function formatCometCursor(cursor: CometCursor): string {
  return `${cursor.endTime}:${cursor.guids.join(',')}`;
}

/** The cursor after `jobs` (sorted by end time) were read on top of `previous`. */
export function advanceCometCursor(previous: CometCursor | null, jobs: CometJob[]): CometCursor | null {
  const last = jobs.at(-1);
  if (!last) return previous;
  const sameSecond = jobs.filter((j) => j.EndTime === last.EndTime).map((j) => j.GUID);
  const carried = previous && previous.endTime === last.EndTime ? previous.guids : [];
  return { endTime: last.EndTime, guids: [...new Set([...carried, ...sameSecond])] };
}

/** Whether a job ended after the cursor (and was not read in the cursor's own second). */
export function isAfterCursor(job: CometJob, cursor: CometCursor | null): boolean {
  if (!cursor) return true;
  if (job.EndTime > cursor.endTime) return true;
  return job.EndTime === cursor.endTime && !cursor.guids.includes(job.GUID);
}
