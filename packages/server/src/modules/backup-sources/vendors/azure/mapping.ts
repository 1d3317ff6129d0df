import { createHash } from 'node:crypto';
import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Azure Backup payloads (Recovery Services REST API: Backup Jobs - List and Backup Protected
 * Items - List; Subscriptions - Get) → sessions, devices and the customer. Pure.
 */

/** A job resource of `GET …/vaults/{vault}/backupJobs` (`properties` is one of the job types). */
export interface AzureJob {
  id?: string;
  name: string;
  type?: string;
  properties: {
    jobType?: string;
    entityFriendlyName?: string;
    backupManagementType?: string;
    operation?: string;
    status?: string;
    startTime?: string | null;
    endTime?: string | null;
    duration?: string | null;
    activityId?: string;
    workloadType?: string;
    errorDetails?: { errorCode?: number | string; errorString?: string; errorTitle?: string; errorMessage?: string }[];
    extendedInfo?: { propertyBag?: Record<string, string>; tasksList?: unknown[] } | null;
  };
}

/** A protected item resource of `GET …/vaults/{vault}/backupProtectedItems`. */
export interface AzureProtectedItem {
  id: string;
  name: string;
  type?: string;
  properties: {
    friendlyName?: string;
    protectedItemType?: string;
    backupManagementType?: string;
    workloadType?: string;
    containerName?: string;
    sourceResourceId?: string;
    virtualMachineId?: string;
    policyId?: string;
    policyName?: string;
    protectionState?: string;
    protectionStatus?: string;
    healthStatus?: string;
    lastBackupStatus?: string;
    lastBackupTime?: string;
    lastRecoveryPoint?: string;
    serverName?: string;
    parentName?: string;
  };
}

export interface AzureSubscription {
  id?: string;
  subscriptionId: string;
  displayName?: string;
  state?: string;
}

/** A vault named in the source: its resource group and name. */
export interface AzureVault {
  resourceGroup: string;
  name: string;
}

/** The result of a finished backup job; null while it runs (InProgress, Cancelling) or when unknown. */
export function azureStatus(status: string | undefined): VendorSession['status'] | null {
  switch ((status ?? '').toLowerCase()) {
    case 'completed':
      return 'Success';
    case 'completedwithwarnings':
      return 'Warning';
    case 'failed':
    case 'cancelled':
      return 'Failure';
    default:
      return null;
  }
}

const WORKLOADS: Record<string, string> = {
  azureiaasvm: 'VM',
  azureworkload: 'Database',
  azuresql: 'Database',
  azurestorage: 'Azure Files',
  mab: 'Files',
  dpm: 'Agent',
  azurebackupserver: 'Agent',
};

/** What was protected, from the backup management type (AzureIaasVM, AzureWorkload, AzureStorage, MAB, DPM…). */
export function azureBackupType(managementType: string | undefined): string {
  return WORKLOADS[(managementType ?? '').toLowerCase()] ?? 'Agent';
}

const WORKLOAD_NAMES: Record<string, string> = {
  azureiaasvm: 'Azure VMs',
  azureworkload: 'Azure workloads',
  azuresql: 'Azure SQL',
  azurestorage: 'Azure Files',
  mab: 'Azure Backup agent',
  dpm: 'DPM',
  azurebackupserver: 'Azure Backup Server',
};

/** The job a session belongs to: the vault and the kind of workload it protects. */
export function azureJobName(vault: string, managementType: string | undefined): string {
  const kind = WORKLOAD_NAMES[(managementType ?? '').toLowerCase()] ?? managementType ?? 'Backup';
  return `${vault} – ${kind}`;
}

const time = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Seconds of a .NET TimeSpan (`[d.]hh:mm:ss[.fffffff]`), as the jobs give `duration`. */
export function timeSpanSeconds(span: string | null | undefined): number | null {
  const m = /^(?:(\d+)\.)?(\d+):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(span ?? '');
  if (!m) return null;
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** Bytes of the "Backup Size" entry of a job's property bag ("2332 MB"). */
export function backupSizeBytes(bag: Record<string, string> | undefined): number | null {
  const m = /^\s*([\d.]+)\s*([KMGT]?B)\s*$/i.exec(bag?.['Backup Size'] ?? '');
  if (!m) return null;
  return Math.round(Number(m[1]) * (UNITS[m[2]!.toUpperCase()] ?? 1));
}

function jobMessage(job: AzureJob, status: VendorSession['status']): string | null {
  if (status === 'Success') return null;
  const e = job.properties.errorDetails?.find((d) => d.errorString || d.errorTitle || d.errorMessage);
  const text = e?.errorString || e?.errorMessage || e?.errorTitle;
  if (text) return e?.errorCode !== undefined && e.errorCode !== '' ? `${text} (${e.errorCode})` : text;
  const raw = (job.properties.status ?? '').toLowerCase();
  if (raw === 'cancelled') return 'The backup job was cancelled';
  if (status === 'Warning') return 'The backup job completed with warnings';
  return 'The backup job failed';
}

/** A finished backup job as a session; null while it runs or when it is not a backup (restore, configure…). */
export function mapAzureJob(job: AzureJob, vault: string, customer: VendorCustomer): VendorSession | null {
  const p = job.properties;
  if ((p.operation ?? 'Backup').toLowerCase() !== 'backup') return null;
  const status = azureStatus(p.status);
  if (!status) return null;
  const start = time(p.startTime);
  const end = time(p.endTime);
  const span = timeSpanSeconds(p.duration);
  return {
    sessionId: job.name,
    customerId: customer.id,
    customerName: customer.name,
    device: p.entityFriendlyName?.trim() || p.extendedInfo?.propertyBag?.['VM Name'] || 'Unknown item',
    job: azureJobName(vault, p.backupManagementType),
    backupType: azureBackupType(p.backupManagementType),
    status,
    startTime: start,
    endTime: end,
    sizeBytes: backupSizeBytes(p.extendedInfo?.propertyBag),
    durationSeconds: start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : span,
    message: jobMessage(job, status),
  };
}

export function mapAzureSubscription(sub: AzureSubscription): VendorCustomer {
  return { id: sub.subscriptionId, name: sub.displayName?.trim() || `Azure subscription ${sub.subscriptionId}` };
}

/** A protected item's key: vault and item name (its resource ID runs past the 200 characters kept). */
export function protectedItemKey(vault: string, item: Pick<AzureProtectedItem, 'id' | 'name'>): string {
  const key = `${vault}/${item.name}`;
  return key.length <= 200 ? key : createHash('sha256').update(item.id.toLowerCase()).digest('hex');
}

/** A protected item (VM, database, file share…) with the side menu's device fields. */
export function mapAzureProtectedItem(item: AzureProtectedItem, vault: string, customerId: string): VendorAsset {
  const p = item.properties;
  const name = p.friendlyName?.trim() || item.name;
  return {
    kind: 'device',
    externalId: protectedItemKey(vault, item),
    customerId,
    name,
    fields: {
      DeviceName: name,
      Hostname: p.serverName ?? p.parentName ?? null,
      Platform: p.workloadType ?? azureBackupType(p.backupManagementType),
      Appliance: vault,
      Service: p.policyName ?? null,
      DeviceId: p.sourceResourceId ?? p.virtualMachineId ?? item.id,
    },
    consoleUrl: `https://portal.azure.com/#resource${item.id}`,
  };
}
