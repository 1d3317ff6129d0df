import type { VendorAsset, VendorCustomer, VendorSession } from '../types.ts';

/**
 * Acronis Cyber Protect Cloud payloads (Account Management API v2 tenants, Task Manager API v2
 * tasks, Resource Management API v4 resources) → customers, sessions and devices. Pure.
 */

export interface AcronisRef {
  id: string;
  type?: string;
  name?: string;
}

export interface AcronisTask {
  id: number | string;
  idString?: string;
  uuid?: string;
  type: string;
  queue?: string;
  state: string;
  resultCode?: string;
  result?: {
    code?: string;
    error?: { domain?: string; code?: string; reason?: string; message?: string } | null;
    warnings?: { reason?: string; message?: string }[] | null;
  } | null;
  /** The owning tenant: an object carrying its `uuid` (older answers give the id as a string). */
  tenant?: string | { uuid?: string; id?: string | number; name?: string } | null;
  tenantName?: string;
  policy?: AcronisRef | null;
  resource?: AcronisRef | null;
  executor?: AcronisRef | null;
  enqueuedAt?: string;
  startedAt?: string | null;
  completedAt?: string | null;
}

export interface AcronisTenant {
  id: string;
  name: string;
  kind: 'root' | 'partner' | 'folder' | 'customer' | 'unit' | string;
  parent_id?: string;
  enabled?: boolean;
}

export interface AcronisResource {
  id: string;
  type: string;
  name: string;
  tenant_id?: string;
  agent_id?: string;
  user_defined_name?: string;
  os?: { family?: string; name?: string; version?: string } | null;
  agent_version?: string;
}

/** The result of a completed task; null when the task is not finished (not a result yet). */
export function acronisStatus(
  task: Pick<AcronisTask, 'state' | 'result' | 'resultCode'>,
): VendorSession['status'] | null {
  if (task.state !== 'completed') return null;
  const code = (task.result?.code ?? task.resultCode ?? '').toLowerCase();
  if (code === 'ok' || code === 'success') return 'Success';
  if (code === 'warning') return 'Warning';
  return 'Failure';
}

const RESULT_MESSAGES: Record<string, string> = {
  error: 'The backup failed',
  failed: 'The backup failed',
  cancelled: 'The backup was cancelled',
  abandoned: 'The backup was abandoned',
  timedout: 'The backup timed out',
  warning: 'The backup completed with warnings',
};

export function acronisMessage(task: AcronisTask): string | null {
  const error = task.result?.error;
  const detail =
    error?.reason || error?.message || task.result?.warnings?.[0]?.reason || task.result?.warnings?.[0]?.message;
  if (detail) return detail;
  const code = (task.result?.code ?? task.resultCode ?? '').toLowerCase();
  return RESULT_MESSAGES[code] ?? (code && code !== 'ok' ? `The backup ended with result ${code}` : null);
}

/** What was protected, from the resource type (resource.machine, resource.virtual_machine.*, …). */
export function resourceBackupType(type: string | undefined): string {
  const t = (type ?? '').toLowerCase();
  if (t.startsWith('resource.virtual_machine')) return 'VM';
  if (t.includes('google')) return 'Google Workspace';
  if (t.includes('m365') || t.includes('microsoft365') || t.includes('office365') || t.includes('mailbox'))
    return 'Microsoft 365';
  if (t.includes('mssql') || t.includes('exchange') || t.includes('database')) return 'Application';
  if (t === 'resource.machine' || t.startsWith('resource.machine.')) return 'Image';
  return 'Agent';
}

const time = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

function tenantId(tenant: AcronisTask['tenant']): string | null {
  if (!tenant) return null;
  if (typeof tenant === 'string') return tenant;
  return tenant.uuid ?? (tenant.id !== undefined ? String(tenant.id) : null);
}

/** A completed backup task as a session; null while it runs, or when it is not a backup. */
export function mapAcronisTask(task: AcronisTask): VendorSession | null {
  if (task.type !== 'backup') return null;
  const status = acronisStatus(task);
  if (!status) return null;
  const start = time(task.startedAt);
  const end = time(task.completedAt);
  const device = task.resource?.name?.trim() || task.executor?.name?.trim() || task.resource?.id || 'Unknown device';
  return {
    sessionId: task.uuid || task.idString || String(task.id),
    customerId: tenantId(task.tenant),
    customerName:
      (typeof task.tenant === 'object' ? task.tenant?.name?.trim() : null) || task.tenantName?.trim() || null,
    device,
    job: task.policy?.name?.trim() || 'Backup',
    backupType: resourceBackupType(task.resource?.type),
    status,
    startTime: start,
    endTime: end,
    sizeBytes: null,
    durationSeconds: start && end ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null,
    message: status === 'Success' ? null : acronisMessage(task),
    assetId: task.resource?.id ?? null,
  };
}

export function mapAcronisTenant(tenant: AcronisTenant): VendorCustomer {
  return { id: tenant.id, name: tenant.name };
}

/** A protected workload from the Resource Management API, with the side menu's device fields. */
export function mapAcronisResource(resource: AcronisResource): VendorAsset {
  const name = resource.user_defined_name?.trim() || resource.name;
  return {
    kind: 'device',
    externalId: resource.id,
    customerId: resource.tenant_id ?? null,
    name,
    fields: {
      DeviceName: name,
      Hostname: resource.name || null,
      AgentVersion: resource.agent_version ?? null,
      Platform: resource.os?.family ?? null,
      PlatformVersion: resource.os?.name ?? resource.os?.version ?? null,
      DeviceId: resource.id,
    },
  };
}
