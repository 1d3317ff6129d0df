import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Datto REST API payloads (api.datto.com/v1) and their mapping to sessions, customers and assets.
 * Pure: no I/O. BCDR: a device (appliance) lists its assets (agents and shares), each carrying its
 * recent backups newest first. SaaS Protection: a domain per customer, and a backup report of
 * backup windows per application type.
 */

export interface DattoStorage {
  size: number;
  units: string;
}

export interface DattoDevice {
  serialNumber: string;
  name: string;
  model?: string | null;
  lastSeenDate?: string | null;
  clientCompanyName?: string | null;
  hidden?: boolean;
  servicePlan?: string | null;
  internalIP?: string | null;
  /** Seconds since the appliance booted. */
  uptime?: number | null;
  remoteWebUrl?: string | null;
  agentCount?: number;
  shareCount?: number;
  localStorageUsed?: DattoStorage | null;
}

export interface DattoBackup {
  timestamp: string;
  backup?: { status?: string | null; errorMessage?: string | null } | null;
  localVerification?: {
    status?: string | null;
    errors?: { errorType?: string | null; errorMessage?: string | null }[] | null;
  } | null;
  advancedVerification?: {
    screenshotVerification?: { status?: string | null; image?: string | null } | null;
  } | null;
}

export interface DattoAsset {
  name: string;
  volume: string;
  localIp?: string | null;
  os?: string | null;
  agentVersion?: string | null;
  isPaused?: boolean;
  isArchived?: boolean;
  fqdn?: string | null;
  /** 'agent' or 'share'. */
  type?: string | null;
  lastSnapshot?: number | null;
  backups?: DattoBackup[] | null;
}

export interface DattoPaged<T> {
  pagination?: { page: number; perPage: number; totalPages: number; count: number } | null;
  items?: T[] | null;
}

export interface DattoSaasDomain {
  saasCustomerId: number;
  saasCustomerName?: string | null;
  domain?: string | null;
  productType?: string | null;
  seatsUsed?: number | null;
  organizationName?: string | null;
}

export interface DattoSaasHistory {
  /** Epoch seconds. */
  startTime: number;
  endTime: number;
  status?: string | null;
  timeWindow?: string | null;
  activeServiceCount?: number | null;
  activeServiceWithBackupCount?: number | null;
  activeServiceWithPerfectBackupCount?: number | null;
  totalServiceCount?: number | null;
}

export interface DattoSaasReportItem {
  customerId: number;
  customerName?: string | null;
  suites?:
    | {
        suiteType?: string | null;
        appTypes?: { appType: string; backupHistory?: DattoSaasHistory[] | null }[] | null;
      }[]
    | null;
}

type Outcome = Pick<VendorSession, 'status' | 'message'>;

/** In-flight backup states: not a result yet. */
const RUNNING = new Set([
  'inprogress',
  'in_progress',
  'running',
  'queued',
  'pending',
  'started',
  'active',
  'processing',
]);
const FAILED_CHECK = new Set(['failure', 'failed', 'error']);

/**
 * A BCDR backup's outcome: `success` is Success unless its local or screenshot verification failed
 * (Warning); a running one is no result yet (null); anything else the appliance reports is Failure.
 */
export function dattoBackupOutcome(b: DattoBackup): Outcome | null {
  const raw = (b.backup?.status ?? '').trim().toLowerCase();
  if (!raw || RUNNING.has(raw)) return null;
  if (raw !== 'success') {
    return { status: 'Failure', message: b.backup?.errorMessage?.trim() || `Backup ${b.backup?.status}` };
  }
  const errors = (b.localVerification?.errors ?? []).filter((e) => e && (e.errorMessage || e.errorType));
  if (errors.length || FAILED_CHECK.has((b.localVerification?.status ?? '').toLowerCase())) {
    const first = errors[0];
    const text = first ? [first.errorType, first.errorMessage].filter(Boolean).join(': ') : 'Local verification failed';
    return { status: 'Warning', message: text };
  }
  const shot = (b.advancedVerification?.screenshotVerification?.status ?? '').toLowerCase();
  if (FAILED_CHECK.has(shot)) return { status: 'Warning', message: 'Screenshot verification failed' };
  return { status: 'Success', message: null };
}

export const dattoCompany = (d: DattoDevice) => d.clientCompanyName?.trim() || null;

/** BCDR customers are the devices' client companies (the API gives them no separate id). */
export function dattoBcdrCustomer(d: DattoDevice): VendorCustomer | null {
  const name = dattoCompany(d);
  return name ? { id: name, name } : null;
}

export function dattoSaasCustomer(d: DattoSaasDomain): VendorCustomer {
  return { id: `saas-${d.saasCustomerId}`, name: d.saasCustomerName?.trim() || d.domain || String(d.saasCustomerId) };
}

export function dattoBackupSessionId(serial: string, volume: string, timestamp: string): string {
  return `${serial}/${volume}/${Math.floor(Date.parse(timestamp) / 1000)}`;
}

export function mapDattoBackup(device: DattoDevice, asset: DattoAsset, b: DattoBackup): VendorSession | null {
  const at = Date.parse(b.timestamp);
  if (Number.isNaN(at)) return null;
  const outcome = dattoBackupOutcome(b);
  if (!outcome) return null;
  const company = dattoCompany(device);
  return {
    sessionId: dattoBackupSessionId(device.serialNumber, asset.volume, b.timestamp),
    customerId: company,
    customerName: company,
    device: asset.name,
    job: device.name,
    backupType: asset.type?.toLowerCase() === 'share' ? 'Files' : 'Image',
    status: outcome.status,
    startTime: new Date(at),
    endTime: new Date(at),
    sizeBytes: null,
    durationSeconds: null,
    message: outcome.message,
    assetId: asset.volume,
  };
}

const epoch = (n: number) => new Date(n > 1e12 ? n : n * 1000);

/** A SaaS backup window: Perfect is Success, partial coverage Warning, none Failure; open windows are skipped. */
export function dattoSaasOutcome(h: DattoSaasHistory): Outcome | null {
  const word = (h.status ?? '').trim().toLowerCase();
  const active = h.activeServiceCount ?? h.totalServiceCount ?? null;
  const backed = h.activeServiceWithBackupCount ?? null;
  const coverage = active !== null && backed !== null ? `${backed} of ${active} services backed up` : null;
  if (word === 'perfect') return { status: 'Success', message: null };
  if (['imperfect', 'partial', 'good', 'fair'].includes(word)) {
    return { status: 'Warning', message: coverage ?? `Backup ${h.status}` };
  }
  if (['incomplete', 'failed', 'failure', 'poor', 'none'].includes(word)) {
    return { status: 'Failure', message: coverage ?? `Backup ${h.status}` };
  }
  return null;
}

export function mapDattoSaasHistory(
  domain: DattoSaasDomain,
  appType: string,
  h: DattoSaasHistory,
): VendorSession | null {
  const outcome = dattoSaasOutcome(h);
  if (!outcome || !h.endTime) return null;
  const customer = dattoSaasCustomer(domain);
  const start = epoch(h.startTime);
  const end = epoch(h.endTime);
  return {
    sessionId: `saas-${domain.saasCustomerId}/${appType}/${h.startTime}`,
    customerId: customer.id,
    customerName: customer.name,
    device: domain.domain || customer.name,
    job: appType,
    backupType: /google/i.test(domain.productType ?? '') ? 'Google Workspace' : 'Microsoft 365',
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)),
    message: outcome.message,
  };
}

const list = (v: string | null | undefined) => (v ? [v] : []);

export function dattoApplianceAsset(d: DattoDevice, now: Date): VendorAsset {
  const boot =
    typeof d.uptime === 'number' && d.uptime > 0 ? new Date(now.getTime() - d.uptime * 1000).toISOString() : null;
  return {
    kind: 'appliance',
    externalId: d.serialNumber,
    customerId: dattoCompany(d),
    name: d.name,
    consoleUrl: d.remoteWebUrl ?? null,
    fields: {
      ApplianceName: d.name,
      Hostname: d.name,
      Model: d.model ?? null,
      Service: d.servicePlan ?? null,
      Company: dattoCompany(d),
      Version: null,
      BootDate: boot,
      IpAddresses: list(d.internalIP),
      MacAddresses: [],
      SerialNumber: d.serialNumber,
      ApplianceId: d.serialNumber,
    },
  };
}

export function dattoAgentAsset(d: DattoDevice, a: DattoAsset): VendorAsset {
  return {
    kind: 'device',
    externalId: a.volume,
    parentExternalId: d.serialNumber,
    customerId: dattoCompany(d),
    name: a.name,
    fields: {
      DeviceName: a.name,
      Hostname: a.fqdn ?? null,
      Appliance: d.name,
      Company: dattoCompany(d),
      BootDate: null,
      AgentVersion: a.agentVersion ?? null,
      Platform: a.os ?? (a.type?.toLowerCase() === 'share' ? 'Share' : null),
      PlatformVersion: null,
      Manufacturer: null,
      FirmwareType: null,
      IpAddresses: list(a.localIp),
      MacAddresses: [],
      EncryptionAlgorithm: null,
      DeviceId: a.volume,
    },
  };
}
