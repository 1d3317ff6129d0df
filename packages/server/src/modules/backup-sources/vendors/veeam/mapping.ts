import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Veeam Service Provider Console REST API v3 payloads → sessions, customers and assets (pure).
 *
 * The console reports each job's latest session on the job itself (lastRun, lastEndTime, status,
 * failureMessage); a session is one job at one end time, so its id is the job's UID and that time.
 */

/** `{ meta: { pagingInfo }, data }`: every v3 collection. */
export interface VspcEnvelope<T> {
  meta?: { pagingInfo?: { total?: number; count?: number; offset?: number } | null } | null;
  data?: T | null;
}

export interface VspcCompany {
  instanceUid: string;
  name: string;
  status?: string | null;
}

export interface VspcBackupServer {
  instanceUid: string;
  name: string;
  organizationUid?: string | null;
  version?: string | null;
  displayVersion?: string | null;
  backupServerRoleType?: string | null;
  status?: string | null;
}

/** GET /infrastructure/backupServers/jobs */
export interface VspcServerJob {
  instanceUid: string;
  name: string;
  backupServerUid?: string | null;
  organizationUid?: string | null;
  status?: string | null;
  type?: string | null;
  lastRun?: string | null;
  lastEndTime?: string | null;
  lastDuration?: number | null;
  transferredData?: number | null;
  failureMessage?: string | null;
}

/** GET /infrastructure/backupAgents */
export interface VspcBackupAgent {
  instanceUid: string;
  name: string;
  organizationUid?: string | null;
  agentPlatform?: string | null;
  platform?: string | null;
  version?: string | null;
  status?: string | null;
  operationMode?: string | null;
  activationTime?: string | null;
}

/** GET /infrastructure/backupAgents/jobs */
export interface VspcAgentJob {
  instanceUid: string;
  name: string;
  backupAgentUid?: string | null;
  organizationUid?: string | null;
  status?: string | null;
  backupMode?: string | null;
  lastRun?: string | null;
  lastEndTime?: string | null;
  lastDuration?: number | null;
  lastTransferredData?: number | null;
  failureMessage?: string | null;
}

/** GET /infrastructure/vb365Servers/organizations/jobs (no end time: lastRun is the session). */
export interface VspcVb365Job {
  instanceUid: string;
  name: string;
  jobType?: string | null;
  vb365OrganizationUid?: string | null;
  vspcOrganizationUid?: string | null;
  vspcOrganizationName?: string | null;
  vb365ServerName?: string | null;
  lastRun?: string | null;
  lastStatus?: string | null;
  lastStatusDetails?: string | null;
}

export type SessionStatus = VendorSession['status'];

/**
 * A job's latest status as a result; null when it is not a result yet (Running, Starting, Idle,
 * None, Unknown, …). The console's values are Success, Warning and Failed for finished sessions.
 */
export function mapStatus(status: string | null | undefined): SessionStatus | null {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'success':
      return 'Success';
    case 'warning':
      return 'Warning';
    case 'failed':
    case 'failure':
    case 'error':
      return 'Failure';
    default:
      return null;
  }
}

const SERVER_JOB_TYPES: Record<string, string> = {
  backupvm: 'VM',
  replicationvm: 'Replica',
  backupcopy: 'Backup Copy',
  immediatelybackupcopy: 'Backup Copy',
  backupfile: 'Files',
  backupfilecopy: 'Backup Copy',
  backuptotape: 'Tape',
  filetotape: 'Tape',
  sqllogbackup: 'SQL Log',
  oraclelogbackup: 'Oracle Log',
  agentbackupjob: 'Agent',
  agentpolicy: 'Agent',
  surebackup: 'SureBackup',
};

export function serverJobType(type: string | null | undefined): string {
  return SERVER_JOB_TYPES[(type ?? '').toLowerCase()] ?? 'VM';
}

/** Veeam Agent backup modes: entire computer and volumes are images, files are files. */
export function agentJobType(mode: string | null | undefined): string {
  const m = (mode ?? '').toLowerCase();
  if (m === 'file' || m === 'files') return 'Files';
  if (m === 'entirecomputer' || m === 'volume' || m === 'volumes') return 'Image';
  return 'Agent';
}

const date = (v: string | null | undefined): Date | null => {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

const text = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

const sinceStart = (start: Date | null, end: Date | null, given: number | null | undefined) =>
  typeof given === 'number' && given >= 0
    ? given
    : start && end
      ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000))
      : null;

/** Names by UID the sessions are labelled with (companies, backup servers, agents). */
export interface VspcNames {
  company(uid: string | null | undefined): string | null;
  server(uid: string | null | undefined): string | null;
  agent(uid: string | null | undefined): string | null;
}

export function mapServerJob(job: VspcServerJob, names: VspcNames): VendorSession | null {
  const status = mapStatus(job.status);
  const end = date(job.lastEndTime);
  if (!status || !end) return null;
  const start = date(job.lastRun);
  return {
    sessionId: `job:${job.instanceUid}:${end.toISOString()}`,
    customerId: job.organizationUid ?? null,
    customerName: names.company(job.organizationUid),
    device: names.server(job.backupServerUid) ?? job.name,
    job: job.name,
    backupType: serverJobType(job.type),
    status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof job.transferredData === 'number' ? job.transferredData : null,
    durationSeconds: sinceStart(start, end, job.lastDuration),
    message: status === 'Success' ? null : text(job.failureMessage),
    assetId: job.backupServerUid ?? null,
  };
}

export function mapAgentJob(job: VspcAgentJob, names: VspcNames): VendorSession | null {
  const status = mapStatus(job.status);
  const end = date(job.lastEndTime);
  if (!status || !end) return null;
  const start = date(job.lastRun);
  return {
    sessionId: `agent:${job.instanceUid}:${end.toISOString()}`,
    customerId: job.organizationUid ?? null,
    customerName: names.company(job.organizationUid),
    device: names.agent(job.backupAgentUid) ?? job.name,
    job: job.name,
    backupType: agentJobType(job.backupMode),
    status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof job.lastTransferredData === 'number' ? job.lastTransferredData : null,
    durationSeconds: sinceStart(start, end, job.lastDuration),
    message: status === 'Success' ? null : text(job.failureMessage),
    assetId: job.backupAgentUid ?? null,
  };
}

/** Microsoft 365 jobs: the protected thing is the customer's Microsoft 365 organisation. */
export function mapVb365Job(job: VspcVb365Job, names: VspcNames): VendorSession | null {
  const status = mapStatus(job.lastStatus);
  const start = date(job.lastRun);
  if (!status || !start) return null;
  const customerName = text(job.vspcOrganizationName) ?? names.company(job.vspcOrganizationUid);
  return {
    sessionId: `m365:${job.instanceUid}:${start.toISOString()}`,
    customerId: job.vspcOrganizationUid ?? null,
    customerName,
    device: customerName ?? text(job.vb365ServerName) ?? job.name,
    job: job.name,
    backupType: 'Microsoft 365',
    status,
    startTime: start,
    endTime: null,
    sizeBytes: null,
    durationSeconds: null,
    message: status === 'Success' ? null : text(job.lastStatusDetails),
    assetId: null,
  };
}

export function mapCompany(c: VspcCompany): VendorCustomer {
  return { id: c.instanceUid, name: c.name };
}

export function mapAgentAsset(a: VspcBackupAgent): VendorAsset {
  return {
    kind: 'device',
    externalId: a.instanceUid,
    customerId: a.organizationUid ?? null,
    name: a.name,
    fields: {
      DeviceName: a.name,
      Hostname: a.name,
      AgentVersion: a.version ?? null,
      Platform: a.agentPlatform ?? null,
      PlatformVersion: null,
      Manufacturer: null,
      FirmwareType: null,
      BootDate: null,
      IpAddresses: [],
      MacAddresses: [],
      EncryptionAlgorithm: null,
      DeviceId: a.instanceUid,
    },
  };
}

export function mapServerAsset(s: VspcBackupServer): VendorAsset {
  return {
    kind: 'appliance',
    externalId: s.instanceUid,
    customerId: s.organizationUid ?? null,
    name: s.name,
    fields: {
      ApplianceName: s.name,
      Hostname: s.name,
      Model: 'Veeam Backup & Replication',
      Service: s.backupServerRoleType ?? null,
      Version: s.displayVersion ?? s.version ?? null,
      BootDate: null,
      IpAddresses: [],
      MacAddresses: [],
      SerialNumber: null,
      ApplianceId: s.instanceUid,
    },
  };
}
