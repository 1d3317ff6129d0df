import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * MSP360 Managed Backup API payloads → sessions, devices and customers. Pure: no I/O.
 * GET api/Monitoring answers the latest run of every plan on every computer; one run is one
 * session, named by user, computer, plan and the run's start.
 */

export interface MonitoringRow {
  PlanName: string;
  PlanType?: string | number | null;
  CompanyName?: string | null;
  UserName?: string | null;
  UserID?: string | null;
  ComputerName: string;
  BuildVersion?: string | null;
  StorageType?: string | null;
  LastStart?: string | null;
  NextStart?: string | null;
  Status: number | string;
  ErrorMessage?: string | null;
  FilesCopied?: number | null;
  FilesFailed?: number | null;
  DataCopied?: number | null;
  Duration?: string | null;
  DataToBackup?: number | null;
  TotalData?: number | null;
  DetailedReportLink?: string | null;
}

export interface Company {
  Id: string;
  Name: string;
}

export interface Computer {
  ComputerHID: string;
  OSTypeString?: string | null;
  ComputerName: string;
  ComputerDisplayName?: string | null;
  CompanyName?: string | null;
  UserEmail?: string | null;
  UserID?: string | null;
  BackupBuildVersion?: { _Major?: number; _Minor?: number; _Build?: number; _Revision?: number } | null;
  LastActivity?: string | null;
}

/** The documented plan statuses of api/Monitoring. */
export const PLAN_STATUS = [
  'Success',
  'Overdue',
  'Error',
  'Running',
  'Unknown',
  'Interrupted',
  'UnexpectedlyClosed',
] as const;
export type PlanStatus = (typeof PLAN_STATUS)[number];

/** The status as a name, whether the API sent the number or the name. */
export function statusName(status: number | string): PlanStatus | null {
  if (typeof status === 'number') return PLAN_STATUS[status] ?? null;
  const found = PLAN_STATUS.find((s) => s.toLowerCase() === String(status).trim().toLowerCase());
  return found ?? null;
}

/**
 * The run's result, or null while it runs or when MSP360 does not know. A successful run with
 * files that failed to copy is a Warning; an overdue plan (it did not run when scheduled), an
 * interrupted run and one whose agent closed unexpectedly are Failures.
 */
export function mapStatus(row: Pick<MonitoringRow, 'Status' | 'FilesFailed'>): VendorSession['status'] | null {
  switch (statusName(row.Status)) {
    case 'Success':
      return (row.FilesFailed ?? 0) > 0 ? 'Warning' : 'Success';
    case 'Overdue':
    case 'Error':
    case 'Interrupted':
    case 'UnexpectedlyClosed':
      return 'Failure';
    default:
      return null;
  }
}

/** MSP360 times carry no zone; they are UTC. */
export function parseTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
  const d = new Date(zoned);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "15 second(s)", "1 hour(s) 2 minute(s)", or "01:02:03" → seconds. */
export function parseDuration(value: string | null | undefined): number | null {
  if (!value) return null;
  const clock = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (clock) return Number(clock[1] ?? 0) * 86_400 + Number(clock[2]) * 3600 + Number(clock[3]) * 60 + Number(clock[4]);
  const units: Record<string, number> = { day: 86_400, hour: 3600, minute: 60, second: 1 };
  let total = 0;
  let seen = false;
  for (const m of value.matchAll(/(\d+)\s*(day|hour|minute|second)/gi)) {
    total += Number(m[1]) * units[m[2]!.toLowerCase()]!;
    seen = true;
  }
  return seen ? total : null;
}

/** The device a plan runs on: the same key for monitoring rows and computers. */
export const deviceKey = (userId: string | null | undefined, computer: string) => `${userId ?? ''}:${computer}`;

/** When the reported event happened: the run's start, or the missed schedule of an overdue plan. */
export function eventTime(row: MonitoringRow): Date | null {
  if (statusName(row.Status) === 'Overdue') return parseTime(row.NextStart) ?? parseTime(row.LastStart);
  return parseTime(row.LastStart);
}

function messageOf(row: MonitoringRow, status: VendorSession['status']): string | null {
  if (status === 'Success') return null;
  const own = row.ErrorMessage?.trim();
  if (own) return own;
  const name = statusName(row.Status);
  if (status === 'Warning') return `${row.FilesFailed} ${row.FilesFailed === 1 ? 'file' : 'files'} failed to back up`;
  if (name === 'Overdue') return 'Overdue: the plan did not run as scheduled';
  if (name === 'UnexpectedlyClosed') return 'Unexpectedly closed';
  return name;
}

/** A monitoring row as a session, or null when it is not a finished run. */
export function sessionOf(row: MonitoringRow, companyIds: ReadonlyMap<string, string>): VendorSession | null {
  const status = mapStatus(row);
  const at = eventTime(row);
  if (!status || !at) return null;
  const overdue = statusName(row.Status) === 'Overdue';
  const duration = overdue ? null : parseDuration(row.Duration);
  const company = row.CompanyName?.trim() || null;
  const stamp = overdue ? `overdue:${row.NextStart ?? row.LastStart}` : row.LastStart;
  return {
    sessionId: `${row.UserID ?? row.UserName ?? ''}|${row.ComputerName}|${row.PlanName}|${stamp}`,
    customerId: company ? (companyIds.get(company.toLowerCase()) ?? null) : null,
    customerName: company,
    device: row.ComputerName,
    job: row.PlanName,
    backupType: typeof row.PlanType === 'string' && row.PlanType ? row.PlanType : 'Backup plan',
    status,
    startTime: at,
    endTime: duration !== null ? new Date(at.getTime() + duration * 1000) : null,
    sizeBytes: overdue ? null : (row.DataCopied ?? null),
    durationSeconds: duration,
    message: messageOf(row, status),
    assetId: deviceKey(row.UserID, row.ComputerName),
  };
}

export const customerOf = (c: Company): VendorCustomer => ({ id: c.Id, name: c.Name });

function versionOf(v: Computer['BackupBuildVersion']): string | null {
  if (!v || v._Major === undefined) return null;
  return [v._Major, v._Minor, v._Build, v._Revision].filter((n) => n !== undefined && n >= 0).join('.');
}

export function assetOf(c: Computer, companyIds: ReadonlyMap<string, string>): VendorAsset {
  const name = c.ComputerDisplayName?.trim() || c.ComputerName;
  const company = c.CompanyName?.trim() || null;
  return {
    kind: 'device',
    externalId: deviceKey(c.UserID, c.ComputerName),
    customerId: company ? (companyIds.get(company.toLowerCase()) ?? null) : null,
    name,
    fields: {
      DeviceName: name,
      Hostname: c.ComputerName,
      Company: company,
      Platform: c.OSTypeString ?? null,
      AgentVersion: versionOf(c.BackupBuildVersion),
      IpAddresses: [],
      MacAddresses: [],
      DeviceId: c.ComputerHID,
    },
    consoleUrl: null,
  };
}

/** A device known only from its monitoring rows (when the computers list is not available). */
export function assetOfRow(row: MonitoringRow, companyIds: ReadonlyMap<string, string>): VendorAsset {
  const company = row.CompanyName?.trim() || null;
  return {
    kind: 'device',
    externalId: deviceKey(row.UserID, row.ComputerName),
    customerId: company ? (companyIds.get(company.toLowerCase()) ?? null) : null,
    name: row.ComputerName,
    fields: {
      DeviceName: row.ComputerName,
      Hostname: row.ComputerName,
      Company: company,
      AgentVersion: row.BuildVersion ?? null,
      IpAddresses: [],
      MacAddresses: [],
      DeviceId: deviceKey(row.UserID, row.ComputerName),
    },
    consoleUrl: null,
  };
}
